import Foundation

/// One note a search found.
public struct SearchHit: Hashable, Sendable {
    /// Vault-relative path.
    public var path: String
    public var id: String?
    public var title: String
    public var category: String?
    public var tags: [String]
    public var created: Date?
    /// The BM25 relevance, higher is better (0 for filter-only queries).
    public var score: Double
    /// Text around the best match, with the matched words marked.
    public var snippet: Snippet

    public init(
        path: String, id: String?, title: String, category: String?, tags: [String], created: Date?, score: Double,
        snippet: Snippet
    ) {
        self.path = path
        self.id = id
        self.title = title
        self.category = category
        self.tags = tags
        self.created = created
        self.score = score
        self.snippet = snippet
    }
}

/// A short excerpt of a note with its matched words marked.
public struct Snippet: Hashable, Sendable {
    /// One stretch of the excerpt: matched or not.
    public struct Part: Hashable, Sendable {
        public var text: String
        public var isMatch: Bool

        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    /// The excerpt without marks.
    public var plainText: String { parts.map(\.text).joined() }

    package static let openMark: Character = "\u{2}"
    package static let closeMark: Character = "\u{3}"

    /// Reads FTS5 `snippet()` output marked with ``openMark`` and ``closeMark``;
    /// line breaks become spaces so a snippet prints on one line.
    package init(marked: String) {
        // Scalar by scalar: the marks, tab and line breaks are control
        // characters, which Unicode never joins to a neighbour in one
        // Character, so this reads what a walk over Characters reads, with
        // no grapheme breaking and no String comparison per character.
        var parts: [Part] = []
        var current = String.UnicodeScalarView()
        var inMatch = false
        var scalars = marked.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\u{2}", "\u{3}":
                if !current.isEmpty { parts.append(Part(text: String(current), isMatch: inMatch)) }
                current = String.UnicodeScalarView()
                inMatch = scalar == "\u{2}"
            case "\n", "\t":
                current.append(" ")
            case "\r" where pending == "\n":
                current.append(" ")
                pending = scalars.next()
            default:
                current.append(scalar)
            }
        }
        if !current.isEmpty { parts.append(Part(text: String(current), isMatch: inMatch)) }
        while let last = parts.last, !last.isMatch, last.text.last == " " {
            let trimmed = String(last.text.drop { _ in false }.reversed().drop { $0 == " " }.reversed())
            parts.removeLast()
            if !trimmed.isEmpty { parts.append(Part(text: trimmed, isMatch: false)) }
        }
        self.parts = parts
    }
}
