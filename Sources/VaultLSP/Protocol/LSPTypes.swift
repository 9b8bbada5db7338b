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

/// Changes to several files at once: text edits (each for a document at
/// its version) and file renames, in the order given.
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var documentChanges: [DocumentChange]

    public init(documentChanges: [DocumentChange]) { self.documentChanges = documentChanges }
}

/// One step of a ``WorkspaceEdit``.
public enum DocumentChange: Codable, Hashable, Sendable {
    case edit(uri: String, version: Int?, edits: [TextEdit])
    case rename(oldUri: String, newUri: String)
    /// A new file (never replacing one: the client leaves a file already there alone).
    case create(uri: String)

    private enum Keys: String, CodingKey { case textDocument, edits, kind, oldUri, newUri, uri, version, options }
    private enum OptionKeys: String, CodingKey { case overwrite, ignoreIfExists }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .edit(let uri, let version, let edits):
            var document = container.nestedContainer(keyedBy: Keys.self, forKey: .textDocument)
            try document.encode(uri, forKey: .uri)
            try document.encode(version, forKey: .version)  // null: the file on disk
            try container.encode(edits, forKey: .edits)
        case .rename(let oldUri, let newUri):
            try container.encode("rename", forKey: .kind)
            try container.encode(oldUri, forKey: .oldUri)
            try container.encode(newUri, forKey: .newUri)
        case .create(let uri):
            try container.encode("create", forKey: .kind)
            try container.encode(uri, forKey: .uri)
            var options = container.nestedContainer(keyedBy: OptionKeys.self, forKey: .options)
            try options.encode(false, forKey: .overwrite)
            try options.encode(true, forKey: .ignoreIfExists)
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let kind = try container.decodeIfPresent(String.self, forKey: .kind), kind == "create" {
            self = .create(uri: try container.decode(String.self, forKey: .uri))
        } else if let kind = try container.decodeIfPresent(String.self, forKey: .kind), kind == "rename" {
            self = .rename(
                oldUri: try container.decode(String.self, forKey: .oldUri),
                newUri: try container.decode(String.self, forKey: .newUri))
        } else {
            let document = try container.nestedContainer(keyedBy: Keys.self, forKey: .textDocument)
            self = .edit(
                uri: try document.decode(String.self, forKey: .uri),
                version: try document.decodeIfPresent(Int.self, forKey: .version),
                edits: try container.decode([TextEdit].self, forKey: .edits))
        }
    }
}
