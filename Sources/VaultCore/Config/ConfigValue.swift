/// A value read from the YAML config, as plain data: the store converts
/// Yams nodes into it so that the core can read its own sections without
/// depending on a YAML library.
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

        public init(key: String, value: ConfigValue) {
            self.key = key
            self.value = value
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

    /// The value under `key` in a map.
    public subscript(key: String) -> ConfigValue? {
        entries?.first { $0.key == key }?.value
    }
}
