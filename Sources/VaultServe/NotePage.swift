import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `/notes/ID` (an id, id prefix or path, as the CLI takes them): the note
/// rendered, its tags and category, and the notes that link to it.
enum NotePage {
    static func get(_ context: AppContext, reference: String, csrf: String, query: FormFields = FormFields()) -> WebResponse {
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
        let resolver = context.notes.linkResolver()
        let backlinks = NoteLinks.backlinks(to: note, among: summaries, resolver: resolver, context)
        var html = HTML()
        if query["created"] == "1" { html += "<p class=\"notice\" role=\"status\">Saved as a new note.</p>" }
        if query["saved"] == "1" { html += "<p class=\"notice\" role=\"status\">Saved.</p>" }
        if query["restored"] == "1" { html += "<p class=\"notice\" role=\"status\">Back from the trash.</p>" }
        html += "<article class=\"note\" aria-labelledby=\"note-title\"><h1 id=\"note-title\">\(note.title)</h1>"
        html += "<p class=\"meta\">\(note.path)"
        if let id = note.id { html += " · id \(id)" }
        if let category = note.category { html += " · \(category)" }
        if !note.tags.isEmpty { html += " · \(note.tags.map { "#" + $0 }.joined(separator: " "))" }
        html += "</p><div class=\"body\">\(NoteHTML.body(of: note.path, context: context, resolver: resolver, title: note.title))</div></article>"
        let address = "/notes/" + HTML.urlPath(note.path)
        html += "<div class=\"actions note-actions\">"
        html += PageLayout.linkButton(href: address + "/edit", label: "Edit", key: "e")
        html += PageLayout.postButton(
            action: address + "/delete", csrf: csrf, fields: [], label: "Move to the trash", className: "button quiet delete")
        html += "</div>"
        html += "<section aria-labelledby=\"backlinks\"><h2 id=\"backlinks\">Linked from</h2>"
        let sources = Array(Set(backlinks.map(\.source))).sorted()
        if sources.isEmpty {
            html += "<p class=\"dim\">No note links here.</p>"
        } else {
            let items = sources.map { source -> HTML in "<li><a href=\"/notes/\(HTML.urlPath(source))\">\(source)</a></li>" }
            html += "<ul>\(HTML.joined(items))</ul>"
        }
        html += "</section>"
        return .page(PageLayout.page(title: note.title, csrf: csrf, body: html))
    }
}
