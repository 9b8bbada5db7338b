import Foundation

/// A parsed note: everything `vault` derives from one Markdown file, its
/// ``summary`` (what boards, queues and lists need) and what only a full
/// note has: the front matter, the body text and the links.
///
/// The summary's fields read through the note (`note.title`,
/// `note.created = …`): a field added to ``NoteSummary`` is a field of every
/// note, with no second declaration.
///
/// Built by ``Note/init(path:frontMatter:body:timeZone:diagnostics:)``
/// from the front matter and the facts the Markdown adapter read from the body,
/// so the rules for titles, tags and source types live here, without I/O.
@dynamicMemberLookup
public struct Note: Hashable, Sendable {
    /// The note without its front matter, body text and links.
    public var summary: NoteSummary
    /// Targets of `[[wiki links]]`, without any `|alias` or `#heading` part.
    public var wikiLinks: [String]
    /// Where each of ``wikiLinks`` is written in the file (one each), when
    /// the parser could tell exactly as a scan of the whole file would; nil
    /// otherwise (a body read in windows, invalid UTF-8, a byte-order mark
    /// before the first body line): `vault check` then reads the file again.
    public var wikiLinkPlaces: [LinkPlace]?
    /// Destinations of Markdown links that point at other notes (relative `.md` paths).
    public var noteLinks: [String]
    /// Every Markdown link's destination as written (URLs included): search finds their words.
    public var linkDestinations: [String]
    public var frontMatter: FrontMatter
    /// The plain text of the body (no markup), for search and snippets.
    public var bodyText: String

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
        self.summary = NoteSummary(
            path: path, frontMatter: frontMatter, body: body, timeZone: timeZone, diagnostics: diagnostics)
        self.frontMatter = frontMatter
        self.bodyText = body.text
        self.wikiLinks = body.wikiLinks
        self.wikiLinkPlaces = body.wikiLinkPlaces
        self.noteLinks = body.noteLinks
        self.linkDestinations = body.linkDestinations
    }

    /// A field of the note's ``summary``, read or written through the note.
    @inlinable
    public subscript<Value>(dynamicMember field: WritableKeyPath<NoteSummary, Value>) -> Value {
        get { summary[keyPath: field] }
        set { summary[keyPath: field] = newValue }
    }

    /// A derived value of the note's ``summary`` (``NoteSummary/ledgerKey``).
    @inlinable
    public subscript<Value>(dynamicMember value: KeyPath<NoteSummary, Value>) -> Value { summary[keyPath: value] }

    /// True when a `#tag` query names one of this note's tags (case-insensitive;
    /// `area` also matches `area/sub`).
    public func hasTag(_ tag: String) -> Bool { summary.hasTag(tag) }
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
    /// No date: the file's modification time is shared with many other
    /// notes', so it says when the vault was copied (``CopiedFileTimes``).
    case copied
    /// Not known yet (the store fills it in).
    case unknown
}

/// What the Markdown adapter reads from a note's body.
public struct BodyFacts: Hashable, Sendable {
    /// The text of the level-1 heading that opens the body (its first block), if one does.
    public var firstHeading: String?
    /// Inline `#tags` in text, without the `#`, in order of appearance.
    public var inlineTags: [String]
    public var wikiLinks: [String]
    /// Where each of ``wikiLinks`` is written (lines counted from the
    /// body's first, from 0), when known (``Note/wikiLinkPlaces``).
    public var wikiLinkPlaces: [LinkPlace]?
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
