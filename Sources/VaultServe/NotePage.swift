import Foundation
import VaultApp
import VaultCore

/// `/notes/ID` (an id, id prefix or path, as the CLI takes them): the note
/// rendered, its tags and category, and the notes that link to it.
enum NotePage {
    static func get(_ context: AppContext, reference: String, csrf: String) -> WebResponse {
        let summaries = context.notes.summaries().notes
        let note: NoteSummary
        do {
            note = try NoteLookup.find(reference, in: summaries)
        } catch {
            return .problem("No such note", error.localizedDescription, status: 404, csrf: csrf)
        }
        // Links resolve as `vault links` resolves them (titles and aliases too);
        // the body is read and rendered once, and only the notes that may link
        // here are parsed for the backlinks.
        let resolver = NoteLinks.resolver(over: summaries)
        let backlinks = NoteLinks.backlinks(to: note, among: summaries, resolver: resolver, context)
        var html = "<article class=\"note\" aria-labelledby=\"note-title\"><h1 id=\"note-title\">\(HTML.escape(note.title))</h1>"
        html += "<p class=\"meta\">\(HTML.escape(note.path))"
        if let id = note.id { html += " · id \(HTML.escape(id))" }
        if let category = note.category { html += " · \(HTML.escape(category))" }
        if !note.tags.isEmpty { html += " · " + note.tags.map { "#" + HTML.escape($0) }.joined(separator: " ") }
        html += "</p><div class=\"body\">\(NoteHTML.body(of: note.path, context: context, resolver: resolver, title: note.title))</div></article>"
        html += "<section aria-labelledby=\"backlinks\"><h2 id=\"backlinks\">Linked from</h2>"
        let sources = Array(Set(backlinks.map(\.source))).sorted()
        if sources.isEmpty {
            html += "<p class=\"dim\">No note links here.</p>"
        } else {
            html += "<ul>" + sources.map { "<li><a href=\"/notes/\(HTML.escape(HTML.urlPath($0)))\">\(HTML.escape($0))</a></li>" }.joined() + "</ul>"
        }
        html += "</section>"
        return .page(PageLayout.page(title: note.title, csrf: csrf, body: html))
    }
}
