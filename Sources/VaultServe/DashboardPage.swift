import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/`: the status view (``StatusView``) that `vault status` prints, each
/// line a link to the page that does what it asks (a review, the study
/// session, a palace, the sessions). Every count carries `data-count` with
/// the name `vault status --json` gives it.
enum DashboardPage {
    static func render(_ status: VaultStatus, csrf: String) -> HTML {
        render(StatusView(status), csrf: csrf)
    }

    /// The page that does `action`, nil where only the command does (then the command is shown).
    static func href(_ action: StatusAction) -> String? {
        switch action {
        case .review(let level, let period): "/review/\(level.rawValue)/\(HTML.urlComponent(period))"
        case .study(let batch): batch.map { "/study?n=\($0)" } ?? "/study"
        case .stopSession, .reviewSession, .listSessionReviews: "/sessions"
        case .reviewPalace(let name): "/loci/\(HTML.urlComponent(name))/review"
        case .baseline, .skipReminder, .leeches, .check: nil
        }
    }

    /// `text` as a link to `action`'s page, or as it is followed by the command.
    static func acting(_ text: HTML, _ action: StatusAction) -> HTML {
        guard let href = href(action) else { return "\(text) <code>\(action.command)</code>" }
        return "<a href=\"\(href)\">\(text)</a>"
    }

    static func render(_ view: StatusView, csrf: String) -> HTML {
        let (now, zone) = (view.now, view.timeZone)
        var html: HTML = "<h1>Today</h1>"
        if let reminders = view.reminders {
            let count = reminders.count == 1 ? "1 reminder waiting" : "\(reminders.count) reminders waiting"
            let text: HTML = "\(count) since \(SessionText.clock(reminders.since, zone)): \(reminders.latestTitle)"
            html += "<p class=\"pending\" role=\"status\">\(acting(text, reminders.action))</p>"
        }
        html += "<p class=\"lead\"><span data-count=\"notes\">\(view.noteCount)</span> notes, "
        html += "<span data-count=\"notes_to_review\">\(view.notesToReview)</span> to review now "
        html += "<span class=\"dim\">(\(view.day), \(view.timeZoneIdentifier))</span></p>"
        var rows = HTML()
        for line in view.periods {
            let review = line.review
            let label = HTML(escaping: review.period.title)
            let link: HTML = line.action.flatMap(href).map { "<a href=\"\($0)\">\(label)</a>" } ?? label
            let state = review.pendingCount > 0 ? "\(review.pendingCount) pending" : review.status.rawValue
            rows += "<tr class=\"role-\(line.role.rawValue)\"><td><span class=\"tag\">\(line.role.rawValue)</span></td><td>\(link)</td>"
            rows += "<td>\(review.decidedCount)/\(review.items.count) decided</td><td>\(state)</td></tr>"
        }
        if !rows.isEmpty {
            html += "<section aria-labelledby=\"reviews\"><h2 id=\"reviews\">Reviews</h2><div class=\"table\"><table>"
            html += "<thead><tr><th scope=\"col\">Role</th><th scope=\"col\">Period</th><th scope=\"col\">Decided</th><th scope=\"col\">State</th></tr></thead>"
            html += "<tbody>\(rows)</tbody></table></div>"
            for missed in view.missedRuns {
                let run = missed.run
                html += "<p class=\"warn\">\(grouped(run.count)) missed \(run.level.rawValue) reviews since "
                html += acting(HTML(escaping: run.first.id), missed.action)
                html += ", \(grouped(run.pendingNotes)) notes pending; <code>\(StatusAction.baseline.command)</code> starts fresh.</p>"
            }
            html += "</section>"
        }
        if view.ledgerProblems > 0 {
            html += "<p class=\"warn\">The ledger has \(plural(view.ledgerProblems, "problem")) that replay skipped; "
            html += "<code>\(StatusAction.check.command)</code> says which.</p>"
        }
        if let conflicts = view.conflicts {
            html += "<p class=\"warn\">\(plural(conflicts.notes, "note")) decided differently on two machines in "
            html += "\(conflicts.periods.map(\.id).joined(separator: ", ")): the later decision stands; "
            html += "<code>\(StatusAction.check.command)</code> names both.</p>"
        }
        if let baseline = view.baseline {
            html += "<p class=\"dim\">Baseline \(baseline.dayString): periods that ended before it count as done.</p>"
        }
        html += "<section aria-labelledby=\"cards\"><h2 id=\"cards\">Flashcards</h2>"
        let cards = view.flashcardCounts
        let toStudy = cards?.toStudy ?? 0
        let leftOut =
            DueTodayText.leftOut(setAside: cards?.setAside ?? 0, buried: cards?.buried ?? 0)
            + DueTodayText.leeches(cards?.leeches ?? 0)
        html += "<p><span data-count=\"flashcards_to_study\">\(toStudy)</span> \(toStudy == 1 ? "flashcard" : "flashcards") to study today "
        html += "(<span data-count=\"due_flashcards\">\(cards?.due ?? 0)</span> due, "
        html += "<span data-count=\"new_flashcards\">\(cards?.new ?? 0)</span> new)\(leftOut)</p>"
        if toStudy > 0, let study = view.flashcards?.action {
            html += "<p class=\"actions\"><a class=\"button primary\" href=\"\(href(study) ?? "/study")\">Study now</a> "
            html += "<a class=\"button\" href=\"\(href(.study(batch: 5)) ?? "/study")\">Five cards now</a></p>"
        }
        html += "</section>"
        html += "<section aria-labelledby=\"sessions\"><h2 id=\"sessions\"><a href=\"/sessions\">Study sessions</a></h2>"
        for run in view.running {
            html += "<p class=\"running\">Session running: \(run.session.subject) since \(SessionText.clock(run.session.start, zone)) "
            html += "(\(SessionText.duration(run.minutes)))</p>"
        }
        let followUps = view.followUps
        html += "<p><span data-count=\"session_reviews_due\">\(followUps.due)</span> session \(followUps.due == 1 ? "review" : "reviews") due</p>"
        for review in followUps.first {
            html += "<p class=\"dim\">\(review.subject): \(FollowUpLadder.steps[review.step])-day review of session "
            html += "\(review.session.prefix(8)), due \(RelativeTime.describe(review.due, from: now, in: zone))</p>"
        }
        if followUps.more > 0 {
            html += "<p class=\"dim\">\(acting("and \(followUps.more) more", followUps.moreAction))</p>"
        }
        for goal in view.goals {
            html += "<p>Goal \(SessionText.goal(goal))</p>"
        }
        html += "</section>"
        html += "<section aria-labelledby=\"palaces\"><h2 id=\"palaces\"><a href=\"/loci\">Memory palaces</a></h2>"
        html += "<p><span data-count=\"loci_due\">\(view.locationsDue)</span> \(view.locationsDue == 1 ? "location" : "locations") due</p>"
        for palace in view.palaces {
            html += "<p>\(acting("\(plural(palace.due, "location")) of ‘\(palace.name)’ due", palace.action))</p>"
        }
        html += "</section>"
        if !view.milestonesToday.isEmpty {
            html += "<p class=\"milestone\">Milestone reached today: \(view.milestonesToday.map(\.title).joined(separator: " · "))</p>"
        }
        if let streak = view.streak {
            html += "<section aria-labelledby=\"streak\"><h2 id=\"streak\">Streak</h2><p><span data-count=\"streak\">\(streak.current)</span> "
            html += "\(streak.current == 1 ? "day" : "days") (best <span data-count=\"best_streak\">\(streak.best)</span>)"
            if let points = streak.points {
                html += " · points: \(points.today) today, \(points.thisWeek) this week, "
                html += "<span data-count=\"points_total\">\(points.total)</span> in all"
            }
            if streak.needsToday { html += "<span class=\"dim\">; study or review today to keep it</span>" }
            html += "</p></section>"
        }
        html += studyTime(view)
        return PageLayout.page(title: "Today", csrf: csrf, body: html)
    }

    /// The view's study time, latest sessions and tip of the day, as `vault status` shows them.
    static func studyTime(_ view: StatusView) -> HTML {
        var html: HTML = ""
        if view.studyMinutesTotal > 0 || !view.latestSessions.isEmpty {
            html += "<section aria-labelledby=\"study-time\"><h2 id=\"study-time\"><a href=\"/sessions\">Study time</a></h2>"
            // A duration, not a count: its minutes (`study_minutes_total`) in data-minutes, not data-count.
            html += "<p><span data-minutes=\"\(view.studyMinutesTotal)\">\(SessionText.duration(view.studyMinutesTotal))</span> in all</p>"
            if !view.latestSessions.isEmpty {
                html += "<ul class=\"latest-sessions\">"
                for session in view.latestSessions {
                    html += "<li>\(session.subject) \(SessionText.duration(session.minutes)), "
                    html += "\(RelativeTime.describe(session.start, from: view.now, in: view.timeZone))</li>"
                }
                html += "</ul>"
            }
            html += "</section>"
        }
        if let tip = view.tip {
            html += "<p class=\"tip dim\">Tip: \(tip.text)</p>"
        }
        return html
    }
}
