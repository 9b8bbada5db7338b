/// A value read from the YAML config, as plain data: ``ConfigReader`` reads
/// it, or the store converts Yams nodes into it, so that the config is read
/// without depending on a YAML library.
public struct ConfigValue: Hashable, Sendable {
    /// A scalar (as written), a list, or a map in file order.
    public enum Content: Hashable, Sendable {
        case scalar(String)
        case list([ConfigValue])
        case map([Entry])
    }

    /// One key of a map, in file order.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: ConfigValue
        /// The 1-based line of the key, when known.
        public var keyLine: Int?

        public init(key: String, value: ConfigValue, keyLine: Int? = nil) {
            self.key = key
            self.value = value
            self.keyLine = keyLine
        }
    }

    public var content: Content
    /// The 1-based line in the config file, when known.
    public var line: Int?

    public init(_ content: Content, line: Int? = nil) {
        self.content = content
        self.line = line
    }

    public var scalar: String? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    public var list: [ConfigValue]? {
        if case .list(let l) = content { return l }
        return nil
    }

    public var entries: [Entry]? {
        if case .map(let m) = content { return m }
        return nil
    }

    /// The value under `key` in a map; the last one when the key is written
    /// twice, as YAML reads it.
    public subscript(key: String) -> ConfigValue? {
        entries?.last { $0.key == key }?.value
    }
}
