/// The links of every note, resolved: what each note links to, what links
/// to it, and the links that lead nowhere.
public struct LinkGraph: Sendable {
    /// One link as written in a note.
    public struct Link: Hashable, Sendable {
        /// The note it is written in.
        public var source: String
        /// The target as written (without `#heading` and `|alias`).
        public var target: String
        /// True for a `[[wiki link]]`, false for a Markdown link.
        public var isWiki: Bool
        /// The note it leads to; nil when it leads nowhere.
        public var resolved: String?
    }

    /// Every link to a note (attachments left out), in note order then reading order.
    public let links: [Link]

    /// Resolves the links of `notes` among themselves.
    public init(notes: [Note]) {
        self.init(notes: notes, resolver: LinkResolver(notes: notes.map { ($0.path, [$0.title] + $0.aliases) }))
    }

    /// Resolves the links of `notes` with `resolver` (built over every note of
    /// the vault, when `notes` are only some of them).
    public init(notes: [Note], resolver: LinkResolver) {
        self.init(
            count: notes.count, path: { notes[$0].path }, wikiLinks: { notes[$0].wikiLinks },
            noteLinks: { notes[$0].noteLinks }, resolver: resolver)
    }

    /// Resolves the links of notes kept as summaries with their
    /// ``NoteCheckFacts`` (one each, in the same order), as the note catalog keeps them.
    public init(notes: [NoteSummary], facts: [NoteCheckFacts], resolver: LinkResolver) {
        precondition(notes.count == facts.count, "one NoteCheckFacts per note")
        self.init(
            count: notes.count, path: { notes[$0].path }, wikiLinks: { facts[$0].wikiLinks },
            noteLinks: { facts[$0].noteLinks }, resolver: resolver)
    }

    private init(
        count: Int, path: (Int) -> String, wikiLinks: (Int) -> [String], noteLinks: (Int) -> [String],
        resolver: LinkResolver
    ) {
        var links: [Link] = []
        for i in 0..<count {
            let source = path(i)
            let folder = LinkResolver.folder(of: source)
            for target in wikiLinks(i) {
                switch resolver.resolveWiki(target, inFolder: folder) {
                case .note(let path):
                    links.append(Link(source: source, target: target, isWiki: true, resolved: path))
                case .unresolved: links.append(Link(source: source, target: target, isWiki: true, resolved: nil))
                case .attachment: break
                }
            }
            for target in noteLinks(i) {
                let resolved: String?
                if case .note(let path) = resolver.resolveMarkdown(target, from: source) {
                    resolved = path
                } else {
                    resolved = nil
                }
                links.append(Link(source: source, target: target, isWiki: false, resolved: resolved))
            }
        }
        self.links = links
    }

    /// The links written in the note at `path`.
    public func outgoing(from path: String) -> [Link] { links.filter { $0.source == path } }

    /// The links that lead to the note at `path`, from other notes.
    public func backlinks(to path: String) -> [Link] {
        links.filter { $0.resolved == path && $0.source != path }
    }

    /// The links that lead nowhere.
    public var unresolved: [Link] { links.filter { $0.resolved == nil } }
}
