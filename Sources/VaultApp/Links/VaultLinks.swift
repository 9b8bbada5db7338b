import Foundation
import VaultCore
import VaultMarkdown

/// Where a note's links lead on a rendered page, every path resolved from
/// the note that holds the link (inside an embed, the embedded note): a
/// note's page with its heading's anchor, a file of the vault, `#unresolved`
/// (struck through) for nothing in the vault; external addresses and
/// fragments as written. The page decides only how an address is written:
/// `vault serve` writes `/notes/PATH` and `/files/PATH`, `vault export html`
/// addresses relative to the page.
public struct VaultLinks: MarkdownLinking {
    /// The resolver, made when a link first asks: a study card or a note
    /// without links costs no resolver (taking it over after an edit was
    /// 6% of `vault serve`'s `/study` at 100,000 notes, by `perf`).
    private let madeResolver: MadeOnFirstUse<LinkResolver>
    var resolver: LinkResolver { madeResolver.value }
    let attachments: AttachmentLookup
    let files: any VaultFiles
    /// The address of a note's page (a vault path in).
    let noteAddress: (String) -> String
    /// The address of a file of the vault (a vault path in).
    let fileAddress: (String) -> String
    /// Whether an embedded file is shown as a picture.
    let isPicture: (String) -> Bool
    /// The address of a tag's notes (a tag's name in, without `#`); nil: tags lead nowhere.
    let tagAddress: ((String) -> String)?

    public init(
        resolver: @autoclosure @escaping () -> LinkResolver, attachments: AttachmentLookup, files: any VaultFiles,
        noteAddress: @escaping (String) -> String, fileAddress: @escaping (String) -> String,
        isPicture: @escaping (String) -> Bool, tagAddress: ((String) -> String)? = nil
    ) {
        self.madeResolver = MadeOnFirstUse(resolver)
        self.attachments = attachments
        self.files = files
        self.noteAddress = noteAddress
        self.fileAddress = fileAddress
        self.isPicture = isPicture
        self.tagAddress = tagAddress
    }

    public func tag(_ name: String) -> String? { tagAddress?(name) }

    public func wiki(_ span: WikiLinkSpan, anchor: String?, from source: String) -> WikiLinkDestination {
        switch resolver.resolveWiki(span.target, from: source) {
        case .note(let path):
            return .link(noteAddress(path) + (anchor.map { "#" + $0 } ?? ""))
        case .attachment:
            guard let file = attachments.find(span.target, from: source) else { return .unresolved }
            if span.embed, isPicture(file) { return .image(fileAddress(file)) }
            if span.embed, MarkdownHTML.isAudio(file) { return .audio(fileAddress(file)) }
            return .link(fileAddress(file))
        case .unresolved:
            // `[sound:x.mp3]` names a file the Anki import wrote beside the note.
            if span.embed, MarkdownHTML.isAudio(span.target), let file = attachments.find(span.target, from: source) {
                return .audio(fileAddress(file))
            }
            return .unresolved
        }
    }

    public func markdown(_ destination: String, image: Bool, from source: String) -> String {
        if destination.isEmpty || destination.hasPrefix("#") || destination.hasPrefix("//")
            || LinkTarget.hasScheme(destination)
        {
            return destination
        }
        let target = LinkTarget(destination)
        if target.path.lowercased().hasSuffix(".md") {
            guard case .note(let note) = resolver.resolveMarkdown(target.path, from: source) else { return "#unresolved" }
            return noteAddress(note) + target.fragment
        }
        if let file = attachments.find(target.path, from: source) { return fileAddress(file) }
        if case .note(let note) = resolver.resolveMarkdown(target.path + ".md", from: source) {
            return noteAddress(note) + target.fragment
        }
        return "#unresolved"
    }

    public func embeddedNote(_ span: WikiLinkSpan, from source: String) -> (path: String, markdown: String)? {
        guard case .note(let path) = resolver.resolveWiki(span.target, from: source), let data = try? files.read(path)
        else { return nil }
        return (path, String(decoding: NoteParser.body(of: data), as: UTF8.self))
    }
}
