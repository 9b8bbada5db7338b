import Foundation
import VaultCore
import VaultMarkdown

/// Where links lead on a page of `vault export html`: relative addresses
/// from the page (`page`), every path resolved from the note that holds the
/// link (inside an embed, the embedded note): a note's page with its
/// heading's anchor, a file's copy, `#unresolved` (struck through) for
/// nothing in the vault; external addresses and fragments as written.
struct SiteLinks: MarkdownLinking {
    /// The page being written (site-relative).
    let page: String
    let resolver: LinkResolver
    let attachments: AttachmentLookup
    let files: any VaultFiles

    func wiki(_ span: WikiLinkSpan, anchor: String?, from source: String) -> WikiLinkDestination {
        switch resolver.resolveWiki(span.target, from: source) {
        case .note(let path):
            let url = SitePaths.relative(from: page, to: SitePaths.page(ofNote: path))
            return .link(url + (anchor.map { "#" + $0 } ?? ""))
        case .attachment:
            guard let file = attachments.find(span.target, from: source) else { return .unresolved }
            let url = SitePaths.relative(from: page, to: file)
            if span.embed, StaticSite.isImage(file) { return .image(url) }
            if span.embed, MarkdownHTML.isAudio(file) { return .audio(url) }
            return .link(url)
        case .unresolved:
            if span.embed, MarkdownHTML.isAudio(span.target), let file = attachments.find(span.target, from: source) {
                return .audio(SitePaths.relative(from: page, to: file))
            }
            return .unresolved
        }
    }

    func markdown(_ destination: String, image: Bool, from source: String) -> String {
        if destination.isEmpty || destination.hasPrefix("#") || destination.hasPrefix("//")
            || LinkTarget.hasScheme(destination)
        {
            return destination
        }
        let target = LinkTarget(destination)
        if target.path.lowercased().hasSuffix(".md") {
            guard case .note(let note) = resolver.resolveMarkdown(target.path, from: source) else { return "#unresolved" }
            return SitePaths.relative(from: page, to: SitePaths.page(ofNote: note)) + target.fragment
        }
        if let file = attachments.find(target.path, from: source) {
            return SitePaths.relative(from: page, to: file)
        }
        if case .note(let note) = resolver.resolveMarkdown(target.path + ".md", from: source) {
            return SitePaths.relative(from: page, to: SitePaths.page(ofNote: note)) + target.fragment
        }
        return "#unresolved"
    }

    func embeddedNote(_ span: WikiLinkSpan, from source: String) -> (path: String, markdown: String)? {
        guard case .note(let path) = resolver.resolveWiki(span.target, from: source), let data = try? files.read(path)
        else { return nil }
        return (path, String(decoding: NoteParser.body(of: data), as: UTF8.self))
    }
}
