import Foundation
import VaultApp
import VaultCore
import VaultPresentation

/// `/`: what `vault status` says, each line a link to the page that does it
/// (a review, the study session, a palace, the sessions). Every count
/// carries `data-count` with the name `vault status --json` gives it.
enum DashboardPage {
    static func render(_ status: VaultStatus, csrf: String) -> String {
        let report = status.report
        let context = status.snapshot.context
        let (now, zone) = (context.now, context.timeZone)
        var html = "<h1>Today</h1>"
        html +=
            "<p class=\"lead\"><span data-count=\"notes\">\(status.noteCount)</span> notes, "
            + "<span data-count=\"notes_to_review\">\(report.notesToReview)</span> to review now "
            + "<span class=\"dim\">(\(VaultDate.dayString(now, in: zone)), \(HTML.escape(context.config.timeZoneIdentifier)))</span></p>"
        let runs = report.missedRuns()
        var rows = ""
        for line in report.periods {
            let review = line.review
            if line.role == .missed, runs[review.period.level] != nil { continue }  // folded below, as the CLI does
            let level = review.period.level.rawValue
            let label = "\(HTML.escape(review.period.title))"
            let link =
                review.pendingCount > 0 && line.role != .current
                ? "<a href=\"/review/\(level)/\(HTML.urlComponent(review.period.id))\">\(label)</a>" : label
            rows +=
                "<tr class=\"role-\(line.role.rawValue)\"><td><span class=\"tag\">\(line.role.rawValue)</span></td><td>\(link)</td>"
                + "<td>\(review.decidedCount)/\(review.items.count) decided</td>"
                + "<td>\(review.pendingCount > 0 ? "\(review.pendingCount) pending" : review.status.rawValue)</td></tr>"
        }
        if !rows.isEmpty {
            html +=
                "<section aria-labelledby=\"reviews\"><h2 id=\"reviews\">Reviews</h2><div class=\"table\"><table>"
                + "<thead><tr><th scope=\"col\">Role</th><th scope=\"col\">Period</th><th scope=\"col\">Decided</th><th scope=\"col\">State</th></tr></thead>"
                + "<tbody>\(rows)</tbody></table></div>"
            for level in ReviewLevel.allCases {
                guard let run = runs[level] else { continue }
                html +=
                    "<p class=\"warn\">\(grouped(run.count)) missed \(level.rawValue) reviews since "
                    + "<a href=\"/review/\(level.rawValue)/\(HTML.urlComponent(run.first.id))\">\(HTML.escape(run.first.id))</a>, "
                    + "\(grouped(run.pendingNotes)) notes pending; <code>vault baseline</code> starts fresh.</p>"
            }
            html += "</section>"
        }
        if status.ledgerProblems > 0 {
            html +=
                "<p class=\"warn\">The ledger has \(plural(status.ledgerProblems, "problem")) that replay skipped; <code>vault check</code> says which.</p>"
        }
        if let baseline = report.baseline {
            html += "<p class=\"dim\">Baseline \(baseline.dayString): periods that ended before it count as done.</p>"
        }
        html += "<section aria-labelledby=\"cards\"><h2 id=\"cards\">Flashcards</h2>"
        let cards = report.flashcards
        let toStudy = cards?.toStudy ?? 0
        html +=
            "<p><span data-count=\"flashcards_to_study\">\(toStudy)</span> \(toStudy == 1 ? "flashcard" : "flashcards") to study today "
            + "(<span data-count=\"due_flashcards\">\(cards?.due ?? 0)</span> due, <span data-count=\"new_flashcards\">\(cards?.new ?? 0)</span> new)"
            + HTML.escape(DueTodayText.leftOut(setAside: cards?.setAside ?? 0, buried: cards?.buried ?? 0)) + "</p>"
        if toStudy > 0 {
            html += "<p class=\"actions\"><a class=\"button primary\" href=\"/study\">Study now</a> <a class=\"button\" href=\"/study?n=5\">Five cards now</a></p>"
        }
        html += "</section>"
        let study = status.study
        html += "<section aria-labelledby=\"sessions\"><h2 id=\"sessions\"><a href=\"/sessions\">Study sessions</a></h2>"
        for run in study.running {
            let minutes = max(0, Int(now.timeIntervalSince(run.start) / 60))
            html +=
                "<p class=\"running\">Session running: \(HTML.escape(run.subject)) since \(SessionText.clock(run.start, zone)) (\(SessionText.duration(minutes)))</p>"
        }
        html +=
            "<p><span data-count=\"session_reviews_due\">\(study.followUpsDue)</span> session \(study.followUpsDue == 1 ? "review" : "reviews") due</p>"
        for review in study.reviewsDue.prefix(3) {
            html +=
                "<p class=\"dim\">\(HTML.escape(review.subject)): \(FollowUpLadder.steps[review.step])-day review of session \(HTML.escape(String(review.session.prefix(8)))), due "
                + HTML.escape(RelativeTime.describe(review.due, from: now, in: zone)) + "</p>"
        }
        for goal in study.goals where goal.standing != .done || goal.daysLeft > 0 {
            html += "<p>Goal \(HTML.escape(SessionText.goal(goal)))</p>"
        }
        html += "</section>"
        let lociDue = status.lociDue.reduce(0) { $0 + $1.due }
        html += "<section aria-labelledby=\"palaces\"><h2 id=\"palaces\"><a href=\"/loci\">Memory palaces</a></h2>"
        html += "<p><span data-count=\"loci_due\">\(lociDue)</span> \(lociDue == 1 ? "location" : "locations") due</p>"
        for palace in status.lociDue {
            html += "<p><a href=\"/loci/\(HTML.escape(HTML.urlComponent(palace.name)))/review\">\(plural(palace.due, "location")) of ‘\(HTML.escape(palace.name))’ due</a></p>"
        }
        html += "</section>"
        if let streak = report.studyStreak, streak.best > 0 {
            html +=
                "<section aria-labelledby=\"streak\"><h2 id=\"streak\">Streak</h2><p><span data-count=\"streak\">\(streak.current)</span> "
                + "\(streak.current == 1 ? "day" : "days") (best <span data-count=\"best_streak\">\(streak.best)</span>)"
            if study.points.total > 0 {
                html +=
                    " · points: \(study.points.today) today, \(study.points.thisWeek) this week, <span data-count=\"points_total\">\(study.points.total)</span> in all"
            }
            if streak.current > 0 && !streak.activeToday { html += "<span class=\"dim\">; study or review today to keep it</span>" }
            html += "</p></section>"
        }
        return PageLayout.page(title: "Today", csrf: csrf, body: html)
    }
}
