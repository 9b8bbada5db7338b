/// The YAML front matter of a note, as ordered key/value entries.
///
/// Known keys (`id`, `created`, `category`, `tags`, `source`, `source_type`,
/// `aliases`, `title`) are read through typed accessors; every other key is
/// kept as it was written so that it can be shown and is never dropped.
public struct FrontMatter: Hashable, Sendable {
    /// One `key: value` entry and the line it starts on in the note file.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: FrontMatterValue
        /// 1-based line in the note file (the opening `---` is line 1).
        public var line: Int

        public init(key: String, value: FrontMatterValue, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The first entry for `key`, compared exactly (YAML keys are case-sensitive).
    public subscript(key: String) -> FrontMatterValue? {
        entries.first { $0.key == key }?.value
    }

    /// The line where `key` is written, if it is.
    public func line(of key: String) -> Int? {
        entries.first { $0.key == key }?.line
    }

    /// The keys `vault` understands; the rest are carried along untouched.
    public static let knownKeys: Set<String> = [
        "id", "created", "category", "tags", "source", "source_type", "aliases", "title",
    ]

    /// Entries whose keys `vault` does not interpret, in file order.
    public var unknownEntries: [Entry] {
        entries.filter { !Self.knownKeys.contains($0.key) }
    }
}

/// A front matter value reduced to what notes use: a scalar, a list of
/// scalars, or anything else (a nested map, say) kept as display text.
public enum FrontMatterValue: Hashable, Sendable {
    case null
    case scalar(String)
    case list([String])
    /// A value of another shape, as readable text (for `vault show`).
    case other(String)

    /// The value as one string, when it is a scalar.
    public var string: String? {
        if case .scalar(let s) = self { return s }
        return nil
    }

    /// The value as a list: a list as it is, a scalar split on commas
    /// (`tags: a, b`), an empty list for null.
    public var stringList: [String] {
        switch self {
        case .null, .other: return []
        case .list(let items): return items
        case .scalar(let s):
            return s.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        }
    }

    /// The value read as tags: a list's items, or a string's entries split
    /// at commas, each item then split at spaces. A tag holds no space, and
    /// Obsidian reads `tags: book reading` and `tags: "#book #reading"` as
    /// two tags each.
    public var tagList: [String] {
        stringList.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }

    /// A short text for display.
    public var displayText: String {
        switch self {
        case .null: return ""
        case .scalar(let s): return s
        case .list(let items): return "[" + items.joined(separator: ", ") + "]"
        case .other(let s): return s
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and line breaks.
    public func trimmingSpaces() -> String {
        // Fast path: both ends are ASCII bytes that are not white space, so
        // no Character at either end can be white space (it runs per line of
        // every note's front matter).
        let scalars = unicodeScalars
        if let first = scalars.first, let last = scalars.last, first.isASCII, last.isASCII,
            !Self.isASCIISpace(UInt8(first.value)), !Self.isASCIISpace(UInt8(last.value))
        {
            return String(self)
        }
        var start = startIndex
        var end = endIndex
        while start < end, self[start].isWhitespace { start = index(after: start) }
        while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
        return String(self[start..<end])
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte) || byte == 0x85
    }
}
