import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault status` (and bare `vault`): what to review now.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", 
            abstract: "Show the reviews due and missed, with counts and status.",
            discussion: """
                Examples:
                  vault
                  vault status --json
                  vault status --line
                  vault status --format '{reviews}r {cards}c {streak}d'
                  VAULT_NOW=2026-11-18T09:00:00Z vault status

                --line prints one short line for a prompt or a status bar (nothing
                when nothing is due); it writes a cache it found missing, as every
                command does, but starts no watcher.
                --format places counts: \(StatusLine.placeholders.map { "{\($0.name)}" }.joined(separator: " ")).
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(name: TypedOptions.json.name, help: "Print JSON.")
        var json = false

        @Flag(name: TypedOptions.line.name, help: "Print one short line for a prompt or a status bar.")
        var line = false

        @Option(name: TypedOptions.format.name, help: "The line's text, with {reviews}, {cards}, {palaces}, {streak}, … (implies --line).")
        var format: String?

        /// What the options say, as plain values.
        var request: StatusRequest { StatusRequest(choice: global.choice, json: json, line: line, format: format) }

        func validate() throws { try request.validate() }

        func run() throws { try request.run() }
    }
}

/// `vault status`'s options as plain values, and what the command does with
/// them. ``QuickCommandLine`` makes one without the argument parser.
struct StatusRequest: Equatable {
    var choice = VaultChoice()
    var json = false
    var line = false
    var format: String?

    /// The checks the argument parser makes.
    /// - Throws: `ValidationError` for options that do not go together or a format that does not read.
    func validate() throws {
        if json, line || format != nil { throw ValidationError("--json and --line (or --format) cannot be used together.") }
        if let format {
            do { _ = try StatusLine(reviews: 0, cards: 0, palaces: 0, locations: 0, streak: 0).render(format) } catch {
                throw ValidationError(error.localizedDescription)
            }
        }
    }

    func run() throws {
        if line || format != nil {
            // On every prompt: the caches written when missing (so the next prompt is fast), no watcher started.
            let context = try CompositionRoot.open(choice, startingWatcher: false)
            let counts = VaultStatusLine.load(context.app())
            guard let format else { return context.output.line(counts.text) }
            // The format is the person's own text (its ESC colours for a prompt or a bar kept,
            // not shown as `\e`); what it places in it are numbers only.
            return context.output.verbatim(Array((try counts.render(format) + "\n").utf8))
        }
        let context = try CompositionRoot.open(choice)
        let status = VaultStatus.load(context.app())
        if json { return try context.output.json(StatusJSON(status), snakeCaseKeys: true) }
        show(StatusView(status), context)
    }

    /// Prints the status view: every line broken at spaces to the window's width, never mid-word.
    private func show(_ view: StatusView, _ context: CommandContext) {
        let (out, style) = (context.output, context.output.style)
        let zone = view.timeZone
        // Reminders not acted on come first (StudyFlow's pending queue).
        if let reminders = view.reminders {
            out.wrappedLine(
                style.yellow(reminders.count == 1 ? "1 reminder waiting" : "\(reminders.count) reminders waiting")
                    + " since \(SessionText.clock(reminders.since, zone)): \(TerminalText.forScreen(reminders.latestTitle))  "
                    + style.dim(reminders.action.command))
        }
        out.wrappedLine(
            style.bold("\(plural(view.noteCount, "note")), \(view.notesToReview) to review now")
                + style.dim("  (\(view.day), \(view.timeZoneIdentifier))"))
        if let notice = view.undatedNotice { out.wrappedLine(notice) }
        var table = Table()
        for line in view.periods {
            let r = line.review
            let role: String
            switch line.role {
            case .due: role = r.pendingCount > 0 ? style.yellow("due") : "due"
            case .missed: role = style.red("missed")
            case .current: role = style.dim("current")
            }
            table.add([
                role, r.period.level.rawValue, r.period.id, r.status.rawValue,
                "\(r.decidedCount)/\(r.items.count) decided", r.pendingCount > 0 ? "\(r.pendingCount) pending" : "",
                line.action.map { style.dim($0.command) } ?? "",
            ])
        }
        if !table.rows.isEmpty { out.wrappedLine(table.render()) }
        for missed in view.missedRuns {
            let run = missed.run
            out.wrappedLine(
                style.red("\(grouped(run.count)) missed \(run.level.rawValue) reviews")
                    + " since \(run.first.id), \(grouped(run.pendingNotes)) notes pending; "
                    + style.dim("`\(StatusAction.baseline.command)` starts fresh"))
        }
        if view.ledgerProblems > 0 {
            out.wrappedLine(
                style.yellow(
                    "The ledger has \(plural(view.ledgerProblems, "problem")) that replay skipped; `\(StatusAction.check.command)` says which."
                ))
        }
        if let conflicts = view.conflicts {
            let periods = conflicts.periods.map(\.id).joined(separator: ", ")
            out.line(
                style.yellow(
                    "\(plural(conflicts.notes, "note")) decided differently on two machines in \(periods): the later decision stands; "
                ) + style.dim("`\(StatusAction.check.command)` names both"))
        }
        if let baseline = view.baseline {
            out.wrappedLine(style.dim("Baseline \(baseline.dayString): periods that ended before it count as done."))
        }
        if let cards = view.flashcards?.counts {
            let text =
                "\(plural(cards.toStudy, "flashcard")) to study today (\(DueTodayText.split(due: cards.due, new: cards.new)))"
                + DueTodayText.leftOut(setAside: cards.setAside, buried: cards.buried)
                + DueTodayText.leeches(cards.leeches)
                + (view.studyDayOff ? "; today is a day off from study (study.limits_by_day)" : "")
            out.wrappedLine(text + "  " + style.dim(StatusAction.study(batch: nil).command))
        }
        for run in view.running {
            out.wrappedLine(
                "Session running: \(run.session.subject) since \(SessionText.clock(run.session.start, zone)) (\(SessionText.duration(run.minutes)))  "
                    + style.dim(StatusAction.stopSession.command))
        }
        let followUps = view.followUps
        if followUps.due > 0 {
            out.wrappedLine(
                "\(plural(followUps.due, "session review")) due  " + style.dim(followUps.action.command))
            // The earliest few, so the list says what to go over without a second command.
            for review in followUps.first {
                out.wrappedLine(
                    "  \(review.subject): \(FollowUpLadder.steps[review.step])-day review of session \(review.session.prefix(8)), due "
                        + RelativeTime.describe(review.due, from: view.now, in: zone))
            }
            if followUps.more > 0 {
                out.wrappedLine(style.dim("  and \(followUps.more) more: \(followUps.moreAction.command)"))
            }
        }
        for palace in view.palaces {
            out.wrappedLine("\(plural(palace.due, "location")) of '\(palace.name)' due  " + style.dim(palace.action.command))
        }
        for goal in view.goals {
            out.wrappedLine("Goal " + SessionText.goal(goal))
        }
        if !view.milestonesToday.isEmpty {
            out.wrappedLine(
                style.yellow("Milestone reached today: ")
                    + view.milestonesToday.map { TerminalText.forScreen($0.title) }.joined(separator: " · "))
        }
        if let streak = view.streak {
            var text = "Streak: \(plural(streak.current, "day")) (best \(streak.best))"
            if let points = streak.points {
                text += " · points: \(points.today) today, \(points.thisWeek) this week, \(grouped(points.total)) in all"
            }
            if streak.needsToday { text += style.dim("; study or review today to keep it") }
            out.wrappedLine(text)
        }
        if view.studyMinutesTotal > 0 || !view.latestSessions.isEmpty {
            var text = "Study time: \(SessionText.duration(view.studyMinutesTotal)) in all"
            if !view.latestSessions.isEmpty {
                text +=
                    "; latest: "
                    + view.latestSessions.map {
                        "\(TerminalText.forScreen($0.subject)) \(SessionText.duration($0.minutes)) \(RelativeTime.describe($0.start, from: view.now, in: zone))"
                    }.joined(separator: ", ")
            }
            out.wrappedLine(text)
        }
        if let tip = view.tip {
            out.wrappedLine(style.dim("Tip: \(tip.text)"))
        }
    }
    }

/// The JSON shape of `vault status --json`, its keys the properties' names
/// in snake_case (every property is written: there is no list of keys to keep up to date).
struct StatusJSON: Encodable {
    struct Line: Encodable {
        var role: String
        var review: PeriodJSON
    }
    var today: String
    var timezone: String
    var notes: Int
    var notesToReview: Int
    var periods: [Line]
    /// Reviewed cards due by the end of today, overdue ones within 3 days included.
    var dueFlashcards: Int?
    /// Cards overdue by more than 3 days beyond today's share coming back (they wait their turn).
    var setAsideFlashcards: Int?
    /// Leeches (`vault cards --leeches`).
    var leechFlashcards: Int?
    /// Cards never answered.
    var newFlashcards: Int?
    /// Siblings of cards studied today, left for another day.
    var buriedFlashcards: Int?
    /// Consecutive days with a study or review event, up to today (or yesterday).
    var streak: Int?
    /// The longest such run.
    var bestStreak: Int?
    /// The baseline day in force (`vault baseline`), YYYY-MM-DD.
    var baseline: String?
    /// Ledger lines that replay skipped (`vault check` reports them).
    var ledgerProblems: Int
    var pointsToday: Int
    var pointsThisWeek: Int
    var pointsTotal: Int
    var runningSessions: [RunningJSON]
    var sessionReviewsDue: Int
    var sessionReviews: [FollowUpJSON]
    var goals: [GoalJSON]
    var lociDue: Int
    /// The titles of the milestones reached today (`vault stats --json` has every milestone).
    var milestonesToday: [String]
    /// Reminders raised and not acted on in the last 24 hours, the latest first.
    var pendingReminders: [PendingJSON]
    /// Minutes of every study session recorded.
    var studyMinutesTotal: Int
    /// The latest sessions, newest first, at most three (as `vault session list --json`).
    var latestSessions: [SessionJSON]
    /// The memory tip of the day; null with `tips: false`.
    var tip: String?
    /// True when today is a day off from study (`study.limits_by_day`).
    var studyDayOff: Bool

    struct PendingJSON: Encodable {
        var id: String
        var raised: String
        var title: String
        var batch: Int
    }

    init(_ status: VaultStatus) {
        let (report, context) = (status.report, status.snapshot.context)
        today = VaultDate.dayString(context.now, in: context.timeZone)
        timezone = context.config.timeZoneIdentifier
        notes = status.noteCount
        notesToReview = report.notesToReview
        periods = report.periods.map { Line(role: $0.role.rawValue, review: PeriodJSON($0.review, timeZone: context.timeZone)) }
        dueFlashcards = report.flashcards?.due
        setAsideFlashcards = report.flashcards?.setAside
        newFlashcards = report.flashcards?.new
        buriedFlashcards = report.flashcards?.buried
        leechFlashcards = report.flashcards?.leeches
        streak = report.studyStreak?.current
        bestStreak = report.studyStreak?.best
        baseline = report.baseline?.dayString
        ledgerProblems = status.ledgerProblems
        pointsToday = status.study.points.today
        pointsThisWeek = status.study.points.thisWeek
        pointsTotal = status.study.points.total
        runningSessions = status.study.running.map { RunningJSON($0, now: context.now, timeZone: context.timeZone) }
        sessionReviewsDue = status.study.followUpsDue
        sessionReviews = status.study.reviewsDue.map { FollowUpJSON($0, now: context.now, timeZone: context.timeZone) }
        goals = status.study.goals.map { GoalJSON($0, timeZone: context.timeZone) }
        lociDue = status.lociDue.reduce(0) { $0 + $1.due }
        milestonesToday = status.milestonesToday.map(\.title)
        pendingReminders = status.pendingReminders.map {
            PendingJSON(id: $0.id, raised: VaultDate.isoString($0.raised, in: context.timeZone), title: $0.title, batch: $0.batch)
        }
        let view = StatusView(status)
        studyMinutesTotal = view.studyMinutesTotal
        latestSessions = view.latestSessions.map { SessionJSON($0, timeZone: context.timeZone) }
        tip = view.tip?.text
        studyDayOff = view.studyDayOff
    }
}
