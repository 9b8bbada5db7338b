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
        return render(markdown: text, from: path, links: links(context: context, resolver: resolver))
    }

    /// A card's text (Markdown) from the note at `notePath`: its pictures and
    /// sounds found from that note's folder; `==text==` stays text (cloze syntax).
    static func card(_ text: String, of notePath: String, links: VaultLinks) -> HTML {
        MarkdownHTML(links: links, highlights: false).render(text, from: notePath)
    }

    /// `markdown` (a note body) as HTML, its links resolved from `source`.
    static func render(markdown: String, from source: String, links: VaultLinks) -> HTML {
        MarkdownHTML(links: links).render(markdown, from: source)
    }

    /// Where links lead on a page of `vault serve`: `/notes/PATH` and `/files/PATH`; a `#tag`
    /// to the search for its notes (`tag:NAME`).
    static func links(context: AppContext, resolver: @autoclosure @escaping () -> LinkResolver) -> VaultLinks {
        let files = context.files
        return VaultLinks(
            resolver: resolver(),
            attachments: AttachmentLookup(exists: { files.exists($0) }, attachments: { files.attachments() }), files: files,
            noteAddress: { "/notes/" + HTML.urlPath($0) }, fileAddress: { "/files/" + HTML.urlPath($0) },
            isPicture: PictureFiles.isPicture, tagAddress: { "/search?q=" + HTML.urlComponent("tag:" + $0) })
    }

    /// Links as written, nothing embedded: for a text with no note behind it.
    struct NoLinks: MarkdownLinking {
        func wiki(_ span: WikiLinkSpan, anchor: String?, from source: String) -> WikiLinkDestination { .unresolved }
        func markdown(_ destination: String, image: Bool, from source: String) -> String { destination }
        func embeddedNote(_ span: WikiLinkSpan, from source: String) -> (path: String, markdown: String)? { nil }
    }
}
