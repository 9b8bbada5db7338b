import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/sessions`: study sessions as `vault session` keeps them. A timer is a
/// `session-start` event and its stop a `session-stop`, so one started on the
/// phone is stopped on the laptop (its state is the ledger's); past sessions
/// by hand, follow-up reviews and goals. Every write goes through ``StudyTracking``.
enum SessionsPage {
    static func get(_ context: AppContext, csrf: String, notice: String? = nil) -> WebResponse {
        let tracking = StudyTracking(context)
        let (now, zone) = (context.now, context.timeZone)
        var html: HTML = "<h1>Study sessions</h1>"
        if let notice { html += "<p class=\"notice\" role=\"status\">\(notice)</p>" }
        let subjects = context.config.subjects.map(\.name)
        html += "<section aria-labelledby=\"running\"><h2 id=\"running\">Running</h2>"
        if tracking.log.running.isEmpty { html += "<p class=\"dim\">No session is running.</p>" }
        for run in tracking.log.running {
            html += "<p class=\"running\">\(run.subject) since \(SessionText.clock(run.start, zone)) (\(SessionText.duration(run.minutes(at: now))))</p>"
            html += "<p class=\"actions\">"
            html += PageLayout.postButton(
                action: "/sessions/stop", csrf: csrf, fields: [("id", run.id)], label: "Stop", className: "button primary")
            html += PageLayout.postButton(action: "/sessions/cancel", csrf: csrf, fields: [("id", run.id)], label: "Cancel")
            html += "</p>"
        }
        if subjects.isEmpty {
            html += "<p class=\"dim\">No subjects yet: <code>vault subject add NAME</code> makes one.</p>"
        } else {
            html += "<form method=\"post\" action=\"/sessions/start\" class=\"stack\">"
            html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
            html += "<label for=\"start-subject\">Subject</label>\(select("start-subject", subjects))"
            html += "<button class=\"button primary\" type=\"submit\">Start a session</button></form>"
        }
        html += "</section>"
        let due = tracking.log.followUpsDue(at: now)
        html += "<section aria-labelledby=\"followups\"><h2 id=\"followups\">Reviews of sessions due</h2>"
        if due.isEmpty { html += "<p class=\"dim\">None due.</p>" }
        for review in due {
            html += "<p>\(review.subject): \(FollowUpLadder.steps[review.step])-day review of session \(review.session.prefix(8)), due "
            html += "\(RelativeTime.describe(review.due, from: now, in: zone))</p><p class=\"actions\">"
            for result in FollowUpResult.allCases {
                html += PageLayout.postButton(
                    action: "/sessions/review", csrf: csrf, fields: [("id", review.session), ("result", result.rawValue)],
                    label: "Done: \(result.rawValue)")
            }
            html += "</p>"
        }
        html += "</section>"
        if !subjects.isEmpty {
            html += "<section aria-labelledby=\"add\"><h2 id=\"add\">Record a past session</h2>"
            html += "<form method=\"post\" action=\"/sessions/add\" class=\"stack\">"
            html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
            html += "<label for=\"add-subject\">Subject</label>\(select("add-subject", subjects))"
            html += "<label for=\"add-minutes\">Minutes</label>"
            html += "<input id=\"add-minutes\" name=\"minutes\" type=\"number\" min=\"1\" max=\"1440\" required inputmode=\"numeric\">"
            html += "<label for=\"add-note\">Note (optional)</label><input id=\"add-note\" name=\"note\" type=\"text\" maxlength=\"500\">"
            html += "<button class=\"button primary\" type=\"submit\">Record</button></form></section>"
        }
        html += "<section aria-labelledby=\"goals\"><h2 id=\"goals\">Goals</h2>"
        let goals = tracking.goals()
        if goals.isEmpty { html += "<p class=\"dim\">No goals: <code>vault goal add</code> sets one.</p>" }
        for goal in goals { html += "<p>\(SessionText.goal(goal))</p>" }
        html += "</section><section aria-labelledby=\"recent\"><h2 id=\"recent\">Recent sessions</h2><ul>"
        for record in tracking.log.sessions.suffix(10).reversed() {
            html += "<li>\(SessionText.clock(record.start, zone)) · \(record.subject) · \(SessionText.duration(record.minutes))"
            html += "\(record.note.map { " · " + $0 } ?? "")</li>"
        }
        html += "</ul></section>"
        return .page(PageLayout.page(title: "Study sessions", csrf: csrf, body: html))
    }

    /// A subject picker: every name escaped, as everywhere (a subject is the config's text).
    static func select(_ id: String, _ names: [String]) -> HTML {
        "<select id=\"\(id)\" name=\"subject\">\(HTML.joined(names.map { name -> HTML in "<option>\(name)</option>" }))</select>"
    }

    /// POST `/sessions/ACTION`: start, stop, cancel, add, review; then the page again (303).
    static func post(_ context: AppContext, action: String, form: FormFields) -> WebResponse {
        let tracking = StudyTracking(context)
        do {
            switch action {
            case "start":
                try tracking.start(form["subject"] ?? "", note: nil, switching: false)
            case "stop":
                try tracking.stop(id: form["id"], questions: nil, correct: nil, note: nil)
            case "cancel":
                try tracking.cancel(id: form["id"])
            case "add":
                guard let minutes = form.int("minutes") else { return .text("minutes must be a number", status: 400) }
                let note = form["note"].flatMap { $0.isEmpty ? nil : $0 }
                try tracking.add(form["subject"] ?? "", minutes: minutes, start: nil, questions: nil, correct: nil, note: note)
            case "review":
                guard let result = form["result"].flatMap(FollowUpResult.init(rawValue:)) else {
                    return .text("result must be easy, ok or hard", status: 400)
                }
                _ = try tracking.review(form["id"], result: result)
            default:
                return .text("no such action", status: 404)
            }
        } catch {
            return .problem("Not recorded", error.localizedDescription, status: 400)
        }
        return .redirect("/sessions")
    }
}
