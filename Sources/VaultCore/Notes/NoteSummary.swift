import Foundation

/// What boards, queues and lists need of a note: every derived field of a
/// ``Note`` without its front matter, body text and links.
///
/// The note source gives summaries cheaply (VaultStore keeps them in the
/// note catalog); commands that show, search or check a note ask for the
/// full ``Note`` instead, so no caller holds half a note by mistake.
public struct NoteSummary: Hashable, Sendable {
    /// Vault-relative path with `/` separators, e.g. `2026/11/habits.md`.
    public var path: String
    /// The note's id from front matter, when it has one.
    public var id: String?
    public var title: String
    /// Front matter tags then inline tags, without `#`.
    public var tags: [String]
    public var category: String?
    public var source: String?
    /// The declared `source_type`, or one inferred from a URL source.
    public var sourceType: String?
    /// True when ``sourceType`` was inferred rather than written.
    public var sourceTypeInferred: Bool
    public var aliases: [String]
    public var created: Date?
    public var createdOrigin: CreatedOrigin
    /// Problems found while parsing the note.
    public var diagnostics: [Diagnostic]
    /// The note's own `cards:` front matter setting (nil when it has none): see ``Decks``.
    public var cardsSetting: Bool?

    @inlinable
    public init(
        path: String, id: String?, title: String, tags: [String], category: String?, source: String?,
        sourceType: String?, sourceTypeInferred: Bool, aliases: [String], created: Date?,
        createdOrigin: CreatedOrigin, diagnostics: [Diagnostic], cardsSetting: Bool? = nil
    ) {
        self.cardsSetting = cardsSetting
        self.path = path
        self.id = id
        self.title = title
        self.tags = tags
        self.category = category
        self.source = source
        self.sourceType = sourceType
        self.sourceTypeInferred = sourceTypeInferred
        self.aliases = aliases
        self.created = created
        self.createdOrigin = createdOrigin
        self.diagnostics = diagnostics
    }

    /// The key the ledger names this note by: its id, else its path.
    public var ledgerKey: String { id ?? path }
}

extension Note {
    /// The note without its front matter, body text and links.
    public var summary: NoteSummary {
        NoteSummary(
            path: path, id: id, title: title, tags: tags, category: category, source: source, sourceType: sourceType,
            sourceTypeInferred: sourceTypeInferred, aliases: aliases, created: created, createdOrigin: createdOrigin,
            diagnostics: diagnostics, cardsSetting: cardsSetting)
    }
}
