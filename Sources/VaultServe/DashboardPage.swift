import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/`: the status view (``StatusView``) that `vault status` prints, phone
/// first: the reminders waiting come first, with what answers them (Study
/// now, Snooze 1 h, Skip); then what to do now as big buttons
/// (``StatusView/nextSteps``: "Study 10 cards", "Review Week 46, 2026"),
/// then the details, each line a link to the page that does what it asks (a
/// review, the study session, a palace, the sessions). Every count carries
/// `data-count` with the name `vault status --json` gives it. Below: the
/// calendar feed to subscribe to, and the last sync (`--sync`).
enum DashboardPage {
    /// What the dashboard shows beside the status: the notice of a note just
    /// trashed (with its undo), the calendar feed's token, the last sync.
    struct Extras {
        var trashed: (entry: String, title: String)?
        var feed: String?
        var sync: SyncLoop.Report?
        var syncEvery: Int?

        init(query: FormFields = FormFields(), feed: String? = nil, sync: SyncLoop? = nil) {
            if let entry = query["trashed"], !entry.isEmpty { trashed = (entry, query["title"] ?? entry) }
            self.feed = feed
            self.sync = sync?.latest
            syncEvery = sync?.every
        }
    }

    static func render(_ status: VaultStatus, csrf: String, extras: Extras = Extras()) -> HTML {
        render(StatusView(status), csrf: csrf, extras: extras)
    }

    /// A big button for `step`: a link to its page, or the command where no page does it.
    static func button(_ step: StatusView.NextStep) -> HTML {
        let label: HTML = "<span class=\"step-title\">\(step.title)</span><span class=\"sub\">\(step.detail)</span>"
        guard let href = href(step.action) else {
            return "<p class=\"step step-\(step.kind.rawValue)\">\(label) <code>\(step.action.command)</code></p>"
        }
        return PageLayout.linkButton(href: href, label: label, className: "button big step step-\(step.kind.rawValue)")
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

    static func render(_ view: StatusView, csrf: String, extras: Extras = Extras()) -> HTML {
        let (now, zone) = (view.now, view.timeZone)
        var html: HTML = "<h1>Today</h1>"
        if let trashed = extras.trashed {
            html += "<div class=\"notice\" role=\"status\"><p>“\(trashed.title)” is in the trash.</p>"
            html += PageLayout.postButton(
                action: "/trash/restore", csrf: csrf, fields: [("entry", trashed.entry)], label: "Undo", key: "u")
            html += "</div>"
        }
        if let reminders = view.reminders {
            // Waiting reminders come first, with what answers them.
            let count = reminders.count == 1 ? "1 reminder waiting" : "\(reminders.count) reminders waiting"
            html += "<section class=\"pending reminders\" aria-labelledby=\"waiting-title\">"
            html += "<h2 id=\"waiting-title\">Reminders</h2>"
            // The terminal's sentence (vault status), word for word.
            html += "<p>\(count) since \(SessionText.clock(reminders.since, zone)): \(reminders.latestTitle)</p>"
            html += "<div class=\"actions\">"
            let id = [("reminder", reminders.latestID)]
            html += PageLayout.postButton(
                action: "/reminders/answer", csrf: csrf, fields: [("word", "study")] + id,
                label: reminders.batch > 0 ? "Study \(reminders.batch) now" : "Study now", className: "button primary")
            html += PageLayout.postButton(action: "/reminders/answer", csrf: csrf, fields: [("word", "snooze")] + id, label: "Snooze 1 h")
            html += PageLayout.postButton(action: "/reminders/answer", csrf: csrf, fields: [("word", "skip")] + id, label: "Skip")
            html += "</div></section>"
        }
        html += syncLine(extras, zone: zone)
        let steps = view.nextSteps
        html += "<section class=\"now\" aria-labelledby=\"now-title\"><h2 id=\"now-title\" class=\"visually-hidden\">What to do now</h2>"
        if steps.isEmpty {
            html += "<p class=\"done\">Nothing to do now.</p>"
        } else {
            html += "<div class=\"big-actions\">\(HTML.joined(steps.map(button)))</div>"
        }
        html += "<p class=\"actions\">"
        html += PageLayout.linkButton(href: "/new", label: "New note", key: "n")
        html += PageLayout.linkButton(href: "/decks", label: "Decks")
        html += PageLayout.linkButton(href: "/list/daily", label: "Notes")
        html += "</p></section>"
        html += "<p class=\"lead\"><span data-count=\"notes\">\(view.noteCount)</span> notes, "
        html += "<span data-count=\"notes_to_review\">\(view.notesToReview)</span> to review now "
        html += "<span class=\"dim\">(\(view.day), \(view.timeZoneIdentifier))</span></p>"
        // Why "0 to review" in an adopted vault, in the terminal's words.
        if let notice = view.undatedNotice { html += "<p class=\"notice\" role=\"status\">\(TerminalWording.html(notice))</p>" }
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
        if toStudy > 0 {
            html += "<p class=\"actions\"><a class=\"button\" href=\"\(href(.study(batch: 5)) ?? "/study")\">Five cards now</a></p>"
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
        html += "<section aria-labelledby=\"on-phone\"><h2 id=\"on-phone\">Reminders on this device</h2>"
        if let feed = extras.feed {
            let address = CalendarFeed.address(feed: feed)
            html += "<p><a id=\"calendar-feed\" class=\"button\" href=\"\(address)\" data-webcal>Subscribe in your calendar</a> "
            html += "<span class=\"dim\">the reviews, each day's study and the sessions' follow-ups, with alarms; "
            html += "the address holds a token that reads the calendar and nothing else.</span></p>"
        }
        html += "<p><button type=\"button\" class=\"button\" id=\"notify-on\" hidden>Notify me while the app is open</button> "
        html += "<span class=\"dim\" id=\"notify-state\"></span></p></section>"
        return PageLayout.page(title: "Today", csrf: csrf, body: html)
    }

    /// The last sync of `--sync`, when the server syncs: when, what came in, or why it failed.
    static func syncLine(_ extras: Extras, zone: TimeZone) -> HTML {
        guard let every = extras.syncEvery else { return "" }
        guard let report = extras.sync else {
            return "<p class=\"dim sync\">Syncing through git every \(SessionText.duration(max(1, every / 60))): the first sync is under way.</p>"
        }
        if let problem = report.problem {
            return "<p class=\"warn sync\" role=\"alert\">The last sync failed: \(problem)</p>"
        }
        var html: HTML = "<p class=\"dim sync\">Last synced at \(SessionText.clock(report.at, zone))"
        let came = report.incoming.values.reduce(0, +)
        if came > 0 { html += ": \(plural(came, "event")) came in" }
        html += ".</p>"
        for conflict in report.conflicts {
            html += "<p class=\"warn sync\">Decided differently on two machines: \(conflict.path ?? conflict.conflict.note) in "
            html += "\(conflict.conflict.period.id); the later decision stands.</p>"
        }
        return html
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
