/// A place in a document: a line and a character offset in UTF-16 code
/// units (the encoding LSP 3.17 requires every server to support), from 0.
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A span of a document, `end` excluded.
public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// The span of `line` from `from` to `to` (UTF-16 columns).
    public init(line: Int, from: Int, to: Int) {
        self.init(start: Position(line: line, character: from), end: Position(line: line, character: to))
    }

    /// True when `position` is inside, its end included (a cursor right after a link is on it).
    public func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

/// A span of a file.
public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

/// Text to put in place of a span.
public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

/// The document a request is about.
struct TextDocumentIdentifier: Codable {
    var uri: String
}

/// The params of every request at a position (definition, hover, completion, references…).
struct TextDocumentPositionParams: Codable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}
