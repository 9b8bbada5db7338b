import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// The reminders of an open page. `POST /reminders/check` (the script asks
/// every minute while a page is open): a reminder due now is raised as
/// `vault remind` raises one (``Reminding/raiseForPage(_:)``: the same plan,
/// quiet hours and minimum interval, recorded in the same log, so a timer
/// beside the server raises no second one), and the reminders waiting are
/// answered as JSON for the page to show through the browser's
/// notifications (with Study now and Snooze). `POST /reminders/answer`
/// `word=study|snooze|skip&reminder=ID`: a notification's action or the
/// dashboard's button, recorded as `vault remind --answer` records it.
enum RemindersPage {
    /// `{"reminders": [{"id", "title", "batch", "raised"}]}`, the latest first.
    static func check(_ context: AppContext) -> WebResponse {
        _ = try? Reminding.raiseForPage(context)
        let waiting = Reminding.pending(context).map { entry -> [String: Any] in
            ["id": entry.id, "title": entry.title, "batch": entry.batch, "raised": VaultDate.isoString(entry.raised)]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["reminders": waiting], options: [.sortedKeys])) ?? Data("{}".utf8)
        return WebResponse(status: 200, contentType: "application/json", body: Array(data))
    }

    /// The answer recorded; then `next` (the page to go to: the study session for study), or the dashboard.
    static func answer(_ context: AppContext, form: FormFields) -> WebResponse {
        guard let word = form["word"], ["study", "snooze", "skip"].contains(word) else {
            return .text("word must be study, snooze or skip", status: 400)
        }
        let id = form["reminder"].flatMap { $0.isEmpty ? nil : $0 }
        let answered: ReminderEntry
        do {
            answered = try Reminding.answer(context, word, reminder: id)
        } catch {
            // Answered already (another tab, the notification): nothing is pending under that id.
            return .redirect(word == "study" ? "/study" : "/")
        }
        if word == "study" { return .redirect(answered.batch > 0 ? "/study?n=\(answered.batch)" : "/study") }
        return .redirect("/")
    }
}
