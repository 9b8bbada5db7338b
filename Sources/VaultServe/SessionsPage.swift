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
    /// The page; `?cancelled=SUBJECT` (where a stop within a minute leads) says that the
    /// session of that subject was cancelled as too short, as `vault session stop` says.
    static func get(_ context: AppContext, query: FormFields = FormFields(), csrf: String, notice: String? = nil) -> WebResponse {
        let tracking = StudyTracking(context)
        let (now, zone) = (context.now, context.timeZone)
        var html: HTML = "<h1>Study sessions</h1>"
        // Only a subject of the config: the address cannot put other words on the page.
        let cancelled = query["cancelled"].flatMap { tracking.config.subject(named: $0)?.name }
        if let notice = notice ?? cancelled.map(SessionText.cancelledAsTooShort) {
            html += "<p class=\"notice\" role=\"status\">\(TerminalWording.html(notice))</p>"
        }
        let subjects = context.config.subjects.map(\.name)
        html += "<section aria-labelledby=\"running\"><h2 id=\"running\">Running</h2>"
        if tracking.log.running.isEmpty { html += "<p class=\"dim\">No session is running.</p>" }
        for (k, run) in tracking.log.running.enumerated() {
            // The clock runs in the page (the script counts from the start); the minutes are the server's.
            let startMillis = Int((run.start.timeIntervalSince1970 * 1000).rounded())
            html += "<p class=\"running\">\(run.subject) since \(SessionText.clock(run.start, zone)): "
            html += "<span class=\"live-timer\" data-start=\"\(startMillis)\" data-now=\"\(Int((now.timeIntervalSince1970 * 1000).rounded()))\">"
            html += "\(SessionText.duration(run.minutes(at: now)))</span></p>"
            // The full stop, as `vault session stop --questions N --correct N --note TEXT`.
            html += "<form method=\"post\" action=\"/sessions/stop\" class=\"stack stop-form\">"
            html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\"><input type=\"hidden\" name=\"given\" value=\"\">"
            html += "<input type=\"hidden\" name=\"id\" value=\"\(run.id)\">"
            html += "<div class=\"pair\"><label for=\"stop-questions-\(k)\">Questions</label>"
            html += "<input id=\"stop-questions-\(k)\" name=\"questions\" type=\"number\" min=\"0\" max=\"100000\" inputmode=\"numeric\">"
            html += "<label for=\"stop-correct-\(k)\">Correct</label>"
            html += "<input id=\"stop-correct-\(k)\" name=\"correct\" type=\"number\" min=\"0\" max=\"100000\" inputmode=\"numeric\"></div>"
            html += "<label for=\"stop-note-\(k)\">Note (optional)</label>"
            html += "<input id=\"stop-note-\(k)\" name=\"note\" type=\"text\" maxlength=\"500\">"
            html += "<button class=\"button primary\" type=\"submit\">Stop the session</button></form>"
            html += "<div class=\"actions\">"
            html += PageLayout.postButton(action: "/sessions/cancel", csrf: csrf, fields: [("id", run.id)], label: "Cancel it (not recorded)")
            html += "</div>"
        }
        if subjects.isEmpty {
            html += "<p class=\"dim\">No subjects yet: <code>vault subject add NAME</code> makes one.</p>"
        } else {
            let running = tracking.log.running.last
            html += "<form method=\"post\" action=\"/sessions/start\" class=\"stack\">"
            html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\"><input type=\"hidden\" name=\"given\" value=\"\">"
            html += "<label for=\"start-subject\">Subject</label>\(select("start-subject", subjects))"
            html += "<label for=\"start-note\">Note (optional)</label><input id=\"start-note\" name=\"note\" type=\"text\" maxlength=\"500\">"
            if let running {
                // One session at a time: starting another stops this one first, as `--switch` does.
                html += "<input type=\"hidden\" name=\"switch\" value=\"1\">"
                html += "<button class=\"button primary\" type=\"submit\">Stop \(running.subject) and start</button>"
            } else {
                html += "<button class=\"button primary\" type=\"submit\">Start a session</button>"
            }
            html += "</form>"
        }
        html += "</section>"
        let due = tracking.log.followUpsDue(at: now)
        html += "<section aria-labelledby=\"followups\"><h2 id=\"followups\">Reviews of sessions due</h2>"
        if due.isEmpty { html += "<p class=\"dim\">None due.</p>" }
        for review in due {
            html += "<p>\(review.subject): \(FollowUpLadder.steps[review.step])-day review of session \(review.session.prefix(8)), due "
            html += "\(RelativeTime.describe(review.due, from: now, in: zone))</p><div class=\"actions\">"
            for result in FollowUpResult.allCases {
                html += PageLayout.postButton(
                    action: "/sessions/review", csrf: csrf, fields: [("id", review.session), ("result", result.rawValue)],
                    label: "Done: \(result.rawValue)")
            }
            html += "</div>"
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
    static func post(_ context: AppContext, action: String, form: FormFields, csrf: String = "") -> WebResponse {
        let tracking = StudyTracking(context)
        do {
            switch action {
            case "start":
                let given: String?
                switch StudyPage.given(form) {
                case .success(let id): given = id
                case .failure(let refusal): return refusal.response
                }
                let note = form["note"].flatMap { $0.isEmpty ? nil : $0 }
                do {
                    try tracking.start(form["subject"] ?? "", note: note, switching: form["switch"] == "1", id: given)
                } catch AppError.sessionRunning {
                    // Started on another device meanwhile: the page says so and offers the switch.
                    return get(context, csrf: csrf, notice: "A session is running already: stop it first, or start again to switch.")
                }
            case "stop":
                let questions = form["questions"].flatMap { $0.isEmpty ? nil : Int($0) }
                let correct = form["correct"].flatMap { $0.isEmpty ? nil : Int($0) }
                let note = form["note"].flatMap { $0.isEmpty ? nil : $0 }
                let stopped = try tracking.stop(id: form["id"], questions: questions, correct: correct, note: note)
                if case .cancelled(let run) = stopped {
                    // Under a minute: cancelled, not recorded; the page says so, as the CLI does.
                    return .redirect("/sessions?cancelled=" + HTML.urlComponent(run.subject))
                }
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
