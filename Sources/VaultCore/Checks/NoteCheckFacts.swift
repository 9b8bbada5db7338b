/// What `vault check` reads of a note beyond its ``NoteSummary``: the
/// targets of its links and the lines of the front-matter keys its problems
/// point at. The note catalog keeps them with the summary, so that a warm
/// check resolves every link and places every problem without parsing a note.
public struct NoteCheckFacts: Hashable, Sendable {
    /// The note's ``Note/wikiLinks``, in reading order.
    public var wikiLinks: [String]
    /// Where each of ``wikiLinks`` is written (``Note/wikiLinkPlaces``),
    /// so that a broken link is placed without reading the note again; nil
    /// when the parser could not tell.
    public var wikiLinkPlaces: [LinkPlace]?
    /// The note's ``Note/noteLinks``, in reading order.
    public var noteLinks: [String]
    /// The lines (from 1, as ``FrontMatter/line(of:)`` counts) of the `id`,
    /// `category` and `source_type` keys, nil where the key is not written.
    public var idLine: Int?
    public var categoryLine: Int?
    public var sourceTypeLine: Int?

    public init(
        wikiLinks: [String] = [], wikiLinkPlaces: [LinkPlace]? = nil, noteLinks: [String] = [], idLine: Int? = nil,
        categoryLine: Int? = nil, sourceTypeLine: Int? = nil
    ) {
        precondition(wikiLinkPlaces.map { $0.count == wikiLinks.count } ?? true, "one place per wiki link")
        self.wikiLinks = wikiLinks
        self.wikiLinkPlaces = wikiLinkPlaces
        self.noteLinks = noteLinks
        self.idLine = idLine
        self.categoryLine = categoryLine
        self.sourceTypeLine = sourceTypeLine
    }

    /// The facts of a parsed note.
    public init(_ note: Note) {
        self.init(
            wikiLinks: note.wikiLinks,
            wikiLinkPlaces: note.wikiLinkPlaces?.count == note.wikiLinks.count ? note.wikiLinkPlaces : nil,
            noteLinks: note.noteLinks, idLine: note.frontMatter.line(of: "id"),
            categoryLine: note.frontMatter.line(of: "category"),
            sourceTypeLine: note.frontMatter.line(of: "source_type"))
    }
}
