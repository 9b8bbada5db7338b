import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `/notes/ID/edit` and `/notes/ID/delete`: a note's Markdown in a textarea
/// (its front matter shown, kept as it is), saved through ``NoteEditing``,
/// which never overwrites silently: the form carries the version it was
/// opened on, and when the file changed on disk since, the note stays as
/// it is and the text given is kept as a conflict copy beside it, both
/// named on the page. Delete moves the note to `.vault/trash/`
/// (``NoteRemoval``), with an undo on the page that follows.
enum NoteEditPage {
    /// The note `reference` names.
    static func find(_ context: AppContext, _ reference: String) -> NoteSummary? {
        try? NoteLookup.find(reference, in: context.notes.summaries().notes)
    }

    /// GET: the form.
    static func get(_ context: AppContext, reference: String, csrf: String) -> WebResponse {
        guard let note = find(context, reference) else {
            return .problem("No such note", "No note is named “\(reference)”.", status: 404, csrf: csrf)
        }
        let version: NoteEditing.Version
        do {
            version = try NoteEditing(context).version(of: note.path)
        } catch {
            return .problem("Not readable", "\(note.path) could not be read: \(error.localizedDescription)", status: 500, csrf: csrf)
        }
        return .page(form(note: note, version: version, text: version.body, csrf: csrf))
    }

    /// The edit form over `version`, holding `text`.
    static func form(note: NoteSummary, version: NoteEditing.Version, text: String, csrf: String, notice: HTML? = nil) -> HTML {
        let address = "/notes/" + HTML.urlPath(note.path)
        var html: HTML = "<h1>Edit: \(note.title)</h1>"
        if let notice { html += notice }
        html += "<p class=\"meta\"><a href=\"\(address)\">\(note.path)</a></p>"
        html += "<form method=\"post\" action=\"\(address)/edit\" class=\"stack wide\" data-queue=\"edit\">"
        html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
        html += "<input type=\"hidden\" name=\"given\" value=\"\">"
        html += "<input type=\"hidden\" name=\"base\" value=\"\(version.base)\">"
        if !version.frontMatter.isEmpty {
            html += "<details class=\"front-matter\"><summary>Front matter (kept as it is)</summary>"
            html += "<pre>\(version.frontMatter)</pre></details>"
        }
        html += "<label for=\"edit-text\">Text <span class=\"dim\">(Markdown)</span></label>"
        html += "<textarea id=\"edit-text\" name=\"text\" rows=\"18\" spellcheck=\"true\">\(text)</textarea>"
        html += "<p class=\"actions\"><button class=\"button primary\" type=\"submit\" data-key=\"s\">Save</button>"
        html += PageLayout.linkButton(href: address, label: "Cancel", className: "button quiet")
        html += "</p></form>"
        return PageLayout.page(title: "Edit \(note.title)", csrf: csrf, body: html)
    }

    /// POST `text=…&base=FINGERPRINT[&given=ID]`: saved when the note is as
    /// the form found it; else both versions kept, and said.
    static func post(_ context: AppContext, reference: String, form: FormFields, csrf: String) -> WebResponse {
        guard let note = find(context, reference) else { return .text("no such note", status: 404) }
        guard let text = form["text"], let base = form["base"] else { return .text("text and base are needed", status: 400) }
        let editing = NoteEditing(context)
        let outcome: NoteEditing.Outcome
        do {
            outcome = try editing.save(note.path, body: text, base: base)
        } catch {
            return .problem("Not saved", "\(note.path) was not saved: \(error.localizedDescription)", status: 500, csrf: csrf)
        }
        let address = "/notes/" + HTML.urlPath(note.path)
        switch outcome {
        case .saved, .unchanged:
            return .redirect(address + "?saved=1")
        case .conflict(let copy):
            // Said at once, with both versions: the note as the disk has it, the text given as the copy.
            let current = (try? editing.version(of: note.path)) ?? NoteEditing.Version(body: "", frontMatter: "", base: "")
            var notice: HTML = "<div class=\"conflict\" role=\"alert\"><p><strong>The note changed on disk since you opened it.</strong> "
            notice += "Nothing was overwritten: the note is as it is on disk, and your text is kept as "
            notice += "<a href=\"/notes/\(HTML.urlPath(copy))\">\(copy)</a>. Merge them, then delete the copy.</p>"
            notice += "<div class=\"versions\"><section><h2>On disk now</h2><pre>\(current.body)</pre></section>"
            notice += "<section><h2>Yours (kept as the copy)</h2><pre>\(text.replacingOccurrences(of: "\r\n", with: "\n"))</pre></section></div></div>"
            return .page(Self.form(note: note, version: current, text: current.body, csrf: csrf, notice: notice), status: 409)
        }
    }

    /// POST `/notes/ID/delete`: the note moved to the trash; then the dashboard, with an undo.
    static func delete(_ context: AppContext, reference: String) -> WebResponse {
        let removal = NoteRemoval(context)
        do {
            let plan = try removal.plan(reference)
            let trashed = try removal.remove(plan)
            return .redirect("/?trashed=" + HTML.urlComponent(trashed) + "&title=" + HTML.urlComponent(plan.note.title))
        } catch {
            return .text("the note was not moved to the trash: \(error.localizedDescription)", status: 404)
        }
    }

    /// POST `/trash/restore` `entry=TRASHPATH`: the trashed note back where it was; then its page.
    static func restore(_ context: AppContext, form: FormFields) -> WebResponse {
        guard let entry = form["entry"], !entry.isEmpty else { return .text("entry is needed", status: 400) }
        let removal = NoteRemoval(context)
        do {
            let path = try removal.restore(try removal.trashed(entry))
            return .redirect("/notes/" + HTML.urlPath(path) + "?restored=1")
        } catch {
            return .problem("Not restored", error.localizedDescription, status: 409)
        }
    }
}
