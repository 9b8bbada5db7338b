/// A problem shown in the editor (`textDocument/publishDiagnostics`).
public struct LSPDiagnostic: Codable, Hashable, Sendable {
    public var range: Range
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    /// The `vault check` code (`broken-link`, `duplicate-id`…).
    public var code: String
    public var source: String
    public var message: String
}

/// `textDocument/publishDiagnostics`'s params.
struct PublishDiagnosticsParams: Codable {
    var uri: String
    var version: Int?
    var diagnostics: [LSPDiagnostic]
}

/// One completion offered.
public struct CompletionItem: Codable, Hashable, Sendable {
    public var label: String
    /// 1 text, 17 file, 18 reference, 14 keyword, 12 value, 20 enum member.
    public var kind: Int?
    public var detail: String?
    /// The order shown (the client sorts by it): best first.
    public var sortText: String?
    /// What the client matches the typed text against.
    public var filterText: String?
    public var textEdit: TextEdit?
}

/// `textDocument/completion`'s answer.
public struct CompletionList: Codable, Hashable, Sendable {
    /// True when typing on should ask again (the list is cut to the best).
    public var isIncomplete: Bool
    public var items: [CompletionItem]
}

/// `textDocument/hover`'s answer: Markdown.
public struct Hover: Codable, Hashable, Sendable {
    public struct Contents: Codable, Hashable, Sendable {
        public var kind = "markdown"
        public var value: String
    }

    public var contents: Contents
    public var range: Range?

    public init(markdown: String, range: Range?) {
        self.contents = Contents(value: markdown)
        self.range = range
    }
}

/// A heading or a card in `textDocument/documentSymbol`'s outline.
public struct DocumentSymbol: Codable, Hashable, Sendable {
    public var name: String
    public var detail: String?
    /// 15 string (a heading), 7 property (a card).
    public var kind: Int
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}

/// A note in `workspace/symbol`'s answer.
public struct SymbolInformation: Codable, Hashable, Sendable {
    public var name: String
    /// 1 file.
    public var kind: Int
    public var location: Location
    public var containerName: String?
}

/// A command the client sends back through `workspace/executeCommand`.
public struct Command: Codable, Hashable, Sendable {
    public var title: String
    public var command: String
    public var arguments: [String]?
}

/// One code action: an edit the client applies.
public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    /// `quickfix` or `source`.
    public var kind: String
    public var edit: WorkspaceEdit
}

/// What `textDocument/codeAction` lists: code actions (edits) and bare
/// commands (carried out by the server). A command is sent bare, not
/// inside a code action: some clients (lsprotocol's) take any object with a
/// `command` member for a `Command`.
public enum CodeActionItem: Encodable, Hashable, Sendable {
    case action(CodeAction)
    case command(Command)

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .action(let action): try action.encode(to: encoder)
        case .command(let command): try command.encode(to: encoder)
        }
    }

    public var title: String {
        switch self {
        case .action(let action): action.title
        case .command(let command): command.title
        }
    }
}
