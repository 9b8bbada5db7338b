import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// A note's Markdown as HTML for a page, as Obsidian shows it
/// (``MarkdownHTML``: tables, callouts, embeds, math, footnotes…; raw HTML
/// in the note replaced by a comment, `javascript:` links dropped): wiki and
/// Markdown links leading to `/notes/PATH`, files of the vault (pictures,
/// sounds) from `/files/PATH`, every relative path resolved from the note's
/// own folder, so a link means the same on the note's page, a review page
/// and the study page.
enum NoteHTML {
    /// The body of the note at `path` (front matter cut off), or a sentence when it cannot be read.
    static func body(of path: String, context: AppContext, resolver: LinkResolver, title: String? = nil) -> HTML {
        guard let data = try? context.files.read(path) else {
            return "<p class=\"problem\">This note could not be read.</p>"
        }
        var text = String(decoding: NoteParser.body(of: data), as: UTF8.self)
        // The page shows the title: a first heading saying it again is left out.
        let lead = text.drop { $0 == "\n" || $0 == "\r" || $0 == " " }
        if let title, lead.hasPrefix("# ") {
            let end = lead.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? lead.endIndex
            if lead[lead.index(lead.startIndex, offsetBy: 2)..<end].trimmingCharacters(in: .whitespaces) == title {
                text = String(lead[end...])
            }
        }
        return render(markdown: text, from: path, links: Links(context: context, resolver: resolver))
    }

    /// A card's text (Markdown) from the note at `notePath`: its pictures and
    /// sounds found from that note's folder; `==text==` stays text (cloze syntax).
    static func card(_ text: String, of notePath: String, links: Links) -> HTML {
        MarkdownHTML(links: links, highlights: false).render(text, from: notePath)
    }

    /// `markdown` (a note body) as HTML, its links resolved from `source`.
    static func render(markdown: String, from source: String, links: Links) -> HTML {
        MarkdownHTML(links: links).render(markdown, from: source)
    }

    /// Where links lead on a page of `vault serve`.
    struct Links: MarkdownLinking {
        let resolver: LinkResolver
        let files: any VaultFiles
        let attachments: AttachmentLookup

        init(context: AppContext, resolver: LinkResolver) {
            self.resolver = resolver
            self.files = context.files
            let files = context.files
            attachments = AttachmentLookup(exists: { files.exists($0) }, attachments: { files.attachments() })
        }

        func wiki(_ span: WikiLinkSpan, anchor: String?, from source: String) -> WikiLinkDestination {
            switch resolver.resolveWiki(span.target, from: source) {
            case .note(let path):
                return .link("/notes/" + HTML.urlPath(path) + (anchor.map { "#" + $0 } ?? ""))
            case .attachment:
                guard let file = attachments.find(span.target, from: source) else { return .unresolved }
                let url = "/files/" + HTML.urlPath(file)
                if span.embed, PictureFiles.isPicture(file) { return .image(url) }
                if span.embed, MarkdownHTML.isAudio(file) { return .audio(url) }
                return .link(url)
            case .unresolved:
                // `[sound:x.mp3]` names a file the Anki import wrote beside the note.
                if span.embed, MarkdownHTML.isAudio(span.target), let file = attachments.find(span.target, from: source) {
                    return .audio("/files/" + HTML.urlPath(file))
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
                return "/notes/" + HTML.urlPath(note) + target.fragment
            }
            if let file = attachments.find(target.path, from: source) { return "/files/" + HTML.urlPath(file) }
            if case .note(let note) = resolver.resolveMarkdown(target.path + ".md", from: source) {
                return "/notes/" + HTML.urlPath(note) + target.fragment
            }
            return "#unresolved"
        }

        func embeddedNote(_ span: WikiLinkSpan, from source: String) -> (path: String, markdown: String)? {
            guard case .note(let path) = resolver.resolveWiki(span.target, from: source),
                let data = try? files.read(path)
            else { return nil }
            return (path, String(decoding: NoteParser.body(of: data), as: UTF8.self))
        }
    }

    /// Links as written, nothing embedded: for a text with no note behind it.
    struct NoLinks: MarkdownLinking {
        func wiki(_ span: WikiLinkSpan, anchor: String?, from source: String) -> WikiLinkDestination { .unresolved }
        func markdown(_ destination: String, image: Bool, from source: String) -> String { destination }
        func embeddedNote(_ span: WikiLinkSpan, from source: String) -> (path: String, markdown: String)? { nil }
    }
}
