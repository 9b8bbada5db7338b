import Foundation

/// A parsed note: everything `vault` derives from one Markdown file.
///
/// Built by ``Note/init(path:frontMatter:body:timeZone:fileNameDate:diagnostics:)``
/// from the front matter and the facts the Markdown adapter read from the body,
/// so the rules for titles, tags and source types live here, without I/O.
public struct Note: Hashable, Sendable {
    /// Vault-relative path with `/` separators, e.g. `2026/11/habits.md`.
    public var path: String
    /// The note's UUID from front matter, when it has one.
    public var id: String?
    public var title: String
    /// Front matter tags then inline tags, without `#`, first spelling kept,
    /// unique when compared case-insensitively.
    public var tags: [String]
    public var category: String?
    public var source: String?
    /// The declared `source_type`, or one inferred from a URL source.
    public var sourceType: String?
    /// True when ``sourceType`` was inferred rather than written.
    public var sourceTypeInferred: Bool
    public var aliases: [String]
    /// Targets of `[[wiki links]]`, without any `|alias` or `#heading` part.
    public var wikiLinks: [String]
    /// Destinations of Markdown links that point at other notes (relative `.md` paths).
    public var noteLinks: [String]
    /// Every Markdown link's destination as written (URLs included): search finds their words.
    public var linkDestinations: [String]
    /// When the note was created, and where that date came from.
    public var created: Date?
    public var createdOrigin: CreatedOrigin
    public var frontMatter: FrontMatter
    /// The plain text of the body (no markup), for search and snippets.
    public var bodyText: String
    /// Problems found while parsing this note.
    public var diagnostics: [Diagnostic]
    /// The note's own `cards:` front matter setting (nil when it has none): see ``Decks``.
    public var cardsSetting: Bool?

    /// Assembles a note from its parts.
    ///
    /// - Parameters:
    ///   - path: vault-relative path.
    ///   - frontMatter: the parsed front matter (empty when there is none).
    ///   - body: what the Markdown adapter read from the body.
    ///   - timeZone: the vault's zone, for `created` values written without one.
    ///   - diagnostics: problems already found (malformed front matter, say).
    public init(
        path: String, frontMatter: FrontMatter, body: BodyFacts, timeZone: TimeZone,
        diagnostics: [Diagnostic] = []
    ) {
        self.path = path
        self.frontMatter = frontMatter
        self.diagnostics = diagnostics + FrontMatterChecks.warnings(frontMatter, path: path)
        self.bodyText = body.text
        self.id = frontMatter["id"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        self.title = Note.title(frontMatter: frontMatter, body: body, path: path)
        self.tags = Tag.merge(frontMatter["tags"]?.tagList ?? [], body.inlineTags)
        self.category = frontMatter["category"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        self.source = frontMatter["source"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        self.aliases = frontMatter["aliases"]?.stringList ?? []
        self.wikiLinks = body.wikiLinks
        self.noteLinks = body.noteLinks
        self.linkDestinations = body.linkDestinations
        if let declared = frontMatter["source_type"]?.string, !declared.isEmpty {
            self.sourceType = declared.lowercased()
            self.sourceTypeInferred = false
        } else {
            self.sourceType = source.flatMap(SourceType.inferred(fromSource:))
            self.sourceTypeInferred = sourceType != nil
        }
        self.cardsSetting = frontMatter["cards"]?.string.flatMap(Self.yesNo)
        self.created = nil
        self.createdOrigin = .unknown
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

    /// The title rule: front matter `title`, else a heading that opens the
    /// body (its first block: notes `vault new` writes start with `# Title`),
    /// else the file name without `.md`, as Obsidian users know their notes.
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

/// Where a note's creation date came from, most trusted first.
public enum CreatedOrigin: String, Hashable, Sendable, Codable {
    /// The `created` front matter key.
    case frontMatter = "front-matter"
    /// A date at the start of the file name, `2026-11-18 Title.md`.
    case fileName = "file-name"
    /// The author date of the file's first git commit.
    case git
    /// The file's modification time: a last resort that a fresh clone resets.
    case modificationTime = "mtime"
    /// Not known yet (the store fills it in).
    case unknown
}

/// What the Markdown adapter reads from a note's body.
public struct BodyFacts: Hashable, Sendable {
    /// The text of the heading that opens the body (its first block), if one does.
    public var firstHeading: String?
    /// Inline `#tags` in text, without the `#`, in order of appearance.
    public var inlineTags: [String]
    public var wikiLinks: [String]
    public var noteLinks: [String]
    /// Every Markdown link's destination as written.
    public var linkDestinations: [String]
    /// The body's text without markup, blocks separated by newlines.
    public var text: String
    /// The body line where the Markdown first nests deeper than screens and
    /// cards read it (64 levels; below that it is kept as plain text), if it does.
    public var tooDeepLine: Int?

    public init(
        firstHeading: String? = nil, inlineTags: [String] = [],
        wikiLinks: [String] = [], noteLinks: [String] = [], linkDestinations: [String] = [], text: String = ""
    ) {
        self.linkDestinations = linkDestinations
        self.firstHeading = firstHeading
        self.inlineTags = inlineTags
        self.wikiLinks = wikiLinks
        self.noteLinks = noteLinks
        self.text = text
    }
}
