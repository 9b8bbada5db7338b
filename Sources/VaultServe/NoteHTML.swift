import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// A note's Markdown as HTML for a page: libcmark's rendering (raw HTML in
/// the note replaced by a comment, `javascript:` links dropped), wiki links
/// leading to `/notes/PATH`, embedded pictures of the vault from `/files/PATH`.
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
        return render(markdown: Data(text.utf8), from: path, resolver: resolver)
    }

    /// `markdown` (a note body's bytes) as HTML, its links resolved from `source`.
    static func render(markdown: Data, from source: String, resolver: LinkResolver) -> HTML {
        var bytes = [UInt8](markdown)
        // libcmark's rendering, raw HTML in the note neutralised: markup we vouch for.
        let rendered = bytes.withUnsafeMutableBufferPointer { buffer in
            CommonMark.siteHTML(of: UnsafeBufferPointer(buffer)) { span, anchor -> WikiLinkDestination in
                switch resolver.resolveWiki(span.target, from: source) {
                case .note(let path):
                    return .link("/notes/" + HTML.urlPath(path) + (anchor.map { "#" + $0 } ?? ""))
                case .attachment:
                    guard let file = LinkResolver.vaultPath(span.target, from: source) else { return .unresolved }
                    let url = "/files/" + HTML.urlPath(file)
                    return span.embed && PictureFiles.isPicture(file) ? .image(url) : .link(url)
                case .unresolved:
                    return .unresolved
                }
            }
        }
        return HTML(trusted: rendered)
    }
}
