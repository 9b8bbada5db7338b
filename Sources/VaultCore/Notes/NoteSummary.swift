import Foundation

/// What boards, queues and lists need of a note: every derived field of a
/// ``Note`` without its front matter, body text and links. A ``Note`` holds
/// one (``Note/summary``) and reads its fields through it.
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
    public var aliases: [String]
    /// Problems found while parsing the note.
    public var diagnostics: [Diagnostic]
    // The one-byte fields last, after `created`'s nine: 136 bytes a summary
    // where declaring them among the others took 152 (`vault serve` keeps 100,000).
    public var created: Date?
    /// True when ``sourceType`` was inferred rather than written.
    public var sourceTypeInferred: Bool
    public var createdOrigin: CreatedOrigin
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

extension NoteSummary {
    /// The summary of the note at `path` with `frontMatter` and `body`: the
    /// rules for ids, titles, tags, categories, source types, `cards:` and
    /// creation dates, and the front matter's warnings.
    ///
    /// - Parameters:
    ///   - timeZone: the vault's zone, for `created` values written without one.
    ///   - diagnostics: problems already found (malformed front matter, say).
    public init(path: String, frontMatter: FrontMatter, body: BodyFacts, timeZone: TimeZone, diagnostics: [Diagnostic])
    {
        let source = frontMatter["source"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let sourceType: String?
        let sourceTypeInferred: Bool
        if let declared = frontMatter["source_type"]?.string, !declared.isEmpty {
            sourceType = declared.lowercased()
            sourceTypeInferred = false
        } else {
            sourceType = source.flatMap(SourceType.inferred(fromSource:))
            sourceTypeInferred = sourceType != nil
        }
        self.init(
            path: path, id: frontMatter["id"]?.string.flatMap { $0.isEmpty ? nil : $0 },
            title: Self.title(frontMatter: frontMatter, body: body, path: path),
            tags: Tag.merge(frontMatter["tags"]?.tagList ?? [], body.inlineTags),
            category: frontMatter["category"]?.string.flatMap { $0.isEmpty ? nil : $0 }, source: source,
            sourceType: sourceType, sourceTypeInferred: sourceTypeInferred,
            aliases: frontMatter["aliases"]?.stringList ?? [], created: nil, createdOrigin: .unknown,
            diagnostics: diagnostics + FrontMatterChecks.warnings(frontMatter, path: path),
            cardsSetting: frontMatter["cards"]?.string.flatMap(Self.yesNo))
        if let raw = frontMatter["created"]?.string, !raw.isEmpty {
            if let date = VaultDate.parse(raw, in: timeZone) {
                self.created = date
                self.createdOrigin = .frontMatter
            } else {
                self.diagnostics.append(
                    Diagnostic(
                        code: "created-date", severity: .error, path: path,
                        line: frontMatter.line(of: "created"),
                        message:
                            "'created: \(raw.elided(to: 80))' is not a date; write it as 2026-11-18 or 2026-11-18T08:42:00Z."
                    ))
            }
        }
        if created == nil, let date = VaultDate.fromFileName(path, in: timeZone) {
            self.created = date
            self.createdOrigin = .fileName
        }
    }

    /// The title rule: front matter `title`, else a level-1 heading that opens
    /// the body (its first block: notes `vault new` writes start with `# Title`;
    /// a note opening with `## Section` is not titled by it), else the file
    /// name without `.md`, as Obsidian users know their notes.
    static func title(frontMatter: FrontMatter, body: BodyFacts, path: String) -> String {
        if let title = frontMatter["title"]?.string, !title.isEmpty { return title }
        if let heading = body.firstHeading, !heading.isEmpty { return heading }
        return NotePath.stem(path)
    }

    /// A YAML yes/no value (`true`, `false`, `yes`, `no`, `on`, `off`), nil for anything else.
    static func yesNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// True when a `#tag` query names one of this note's tags (case-insensitive;
    /// `area` also matches `area/sub`).
    public func hasTag(_ tag: String) -> Bool { Tag.matches(tag, in: tags) }
}
