import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `/new`: a note captured on the phone, through ``NoteCreation`` (the use
/// case `vault new` and the editor's quick fix share): labelled fields for
/// the title, the text, the category and source type the config knows, the
/// source and tags. The script gives the capture an id (``GivenID``) when it
/// is sent, which becomes the note's `id`: sent twice (a reply lost, the
/// offline queue flushed again), it is one note. Offline, the capture waits
/// in the queue with the moment it was written (`written_at`), which is the
/// note's `created`.
enum NewNotePage {
    /// Held from looking for a capture's note to writing it.
    static let writing = NSLock()

    /// The form, with the values of a refused capture and the sentence why.
    static func get(_ context: AppContext, csrf: String, form: FormFields = FormFields(), problem: String? = nil) -> WebResponse {
        var html: HTML = "<h1>New note</h1>"
        if let problem { html += "<p class=\"problem\" role=\"alert\">\(problem)</p>" }
        html += "<form method=\"post\" action=\"/new\" class=\"stack wide\" data-queue=\"capture\">"
        html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
        html += "<input type=\"hidden\" name=\"given\" value=\"\(form["given"] ?? "")\">"
        html += "<label for=\"new-title\">Title</label>"
        html += "<input id=\"new-title\" name=\"title\" type=\"text\" required maxlength=\"300\" value=\"\(form["title"] ?? "")\" autocomplete=\"off\">"
        html += "<label for=\"new-text\">Text <span class=\"dim\">(Markdown)</span></label>"
        html += "<textarea id=\"new-text\" name=\"text\" rows=\"10\">\(form["text"] ?? "")</textarea>"
        html += "<label for=\"new-category\">Category</label>"
        html += select("new-category", name: "category", options: context.config.categories.map(\.name), chosen: form["category"])
        html += "<label for=\"new-source\">Source <span class=\"dim\">(a book, a link, a person)</span></label>"
        html += "<input id=\"new-source\" name=\"source\" type=\"text\" maxlength=\"500\" value=\"\(form["source"] ?? "")\">"
        html += "<label for=\"new-source-type\">Source type</label>"
        html += select("new-source-type", name: "source_type", options: context.config.sourceTypes, chosen: form["source_type"])
        html += "<label for=\"new-tags\">Tags <span class=\"dim\">(separated by spaces or commas)</span></label>"
        html += "<input id=\"new-tags\" name=\"tags\" type=\"text\" maxlength=\"500\" value=\"\(form["tags"] ?? "")\" autocapitalize=\"none\">"
        html += "<button class=\"button primary\" type=\"submit\">Save the note</button></form>"
        html += "<p class=\"dim\" id=\"capture-note\">Written without a network, the note waits on this device and is saved when it returns.</p>"
        return .page(PageLayout.page(title: "New note", csrf: csrf, body: html), status: problem == nil ? 200 : 400)
    }

    /// A `<select>` of `options` with a first empty choice, `chosen` selected.
    static func select(_ id: String, name: String, options: [String], chosen: String?) -> HTML {
        var html: HTML = "<select id=\"\(id)\" name=\"\(name)\"><option value=\"\">(none)</option>"
        for option in options {
            let selected: HTML = chosen?.caseInsensitiveCompare(option) == .orderedSame ? " selected" : ""
            html += "<option\(selected)>\(option)</option>"
        }
        return html + "</select>"
    }

    /// POST: the note written (once per `given`), then its page; the form again with the reason when refused.
    static func post(_ context: AppContext, form: FormFields, csrf: String) -> WebResponse {
        let given: String?
        switch StudyPage.given(form) {
        case .success(let id): given = id
        case .failure(let refusal): return refusal.response
        }
        // Written offline: the note is created when it was written (up to 30 days back).
        let written = StudyPage.elapsedMilliseconds(answeredAt: form.int("written_at"), now: context.now)
        let context = written == 0 ? context : context.replacing(now: context.now.addingTimeInterval(Double(written) / 1000))
        func nonEmpty(_ name: String) -> String? {
            form[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let tags = (form["tags"] ?? "").split { $0 == " " || $0 == "," }.map { $0.hasPrefix("#") ? String($0.dropFirst()) : String($0) }
        let creation = NoteCreation(context)
        do {
            let note = try creation.note(
                title: nonEmpty("title") ?? "", body: (form["text"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"),
                category: nonEmpty("category"), tags: tags.filter { !$0.isEmpty }, source: nonEmpty("source"),
                sourceType: nonEmpty("source_type"), id: given)
            let draft = try creation.draft(note)
            // One capture at a time looks and writes: two copies of one sent at once make one note.
            let path = try writing.withLock {
                if given != nil, let existing = creation.existing(draft) { return existing }  // the same capture again
                return try creation.create(draft)
            }
            return .redirect("/notes/" + HTML.urlPath(path) + "?created=1")
        } catch {
            return get(context, csrf: csrf, form: form, problem: "The note was not saved: \(error.localizedDescription)")
        }
    }
}
