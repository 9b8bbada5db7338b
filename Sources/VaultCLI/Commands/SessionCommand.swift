import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault session`: timed study sessions per subject, their reports and follow-up reviews.
    struct SessionCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "session", abstract: "Time study sessions per subject; report and review them.",
            discussion: """
                A session is ledger events, so it can be started in one terminal (or on one machine) and \
                stopped in another, after a reboot, or on another clone after vault sync. Each completed \
                session is reviewed 1 day later, then 7, 30 and 90 days after each review.

                Examples:
                  vault session start Chemistry
                  vault session stop --questions 20 --correct 17
                  vault session add Physics --minutes 45 --at 2026-11-17T18:00
                  vault session report --week --by day
                """,
            subcommands: [
                Start.self, Stop.self, Status.self, Add.self, Cancel.self, Remove.self, ListSessions.self, Report.self,
                Review.self, Reviews.self,
            ])

        struct Start: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a session of a subject now.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The subject.", completion: Completions.subjects) var subject: String
            @Option(help: "What the session is about.") var note: String?
            @Flag(help: "Stop the running session first.") var `switch` = false

            func run() throws {
                let context = try global.context()
                let result = try StudyTracking(context.app()).start(subject, note: note, switching: `switch`)
                if let stopped = result.stopped {
                    context.output.line(
                        "Stopped \(stopped.subject) after \(SessionText.duration(stopped.minutes)).")
                }
                context.output.line(
                    "Started \(result.started.subject) at \(SessionText.clock(result.started.start, context.timeZone)) (session \(result.started.id.prefix(8))).")
            }
        }

        struct Stop: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the running session.")
            @OptionGroup var global: GlobalOptions
            @Option(parsing: .unconditional, help: "Questions attempted.") var questions: Int?
            @Option(parsing: .unconditional, help: "Questions answered correctly.") var correct: Int?
            @Option(help: "A note about the session.") var note: String?
            @Option(help: "Which running session (an id prefix), when several run.") var id: String?
            @Option(help: "When it ended, for a session left running: 2026-11-17T18:00, or 18:00 today (default: now).")
            var at: String?

            func run() throws {
                let context = try global.context()
                let tracking = StudyTracking(context.app())
                let end = try at.map(tracking.moment)
                let stopped = try tracking.stop(id: id, at: end, questions: questions, correct: correct, note: note)
                guard case .recorded(let session) = stopped else {
                    if case .cancelled(let run) = stopped {
                        context.output.line(SessionText.cancelledAsTooShort(run.subject))
                    }
                    return
                }
                var text = "Stopped \(session.subject) after \(SessionText.duration(session.minutes))"
                let accuracy = SessionText.accuracy(questions: session.questions, correct: session.correct)
                if !accuracy.isEmpty { text += ", \(accuracy) correct" }
                context.output.line(text + ". Review it tomorrow: `vault session reviews`.")
            }
        }

        struct Status: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the running session and its time so far.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let running = StudyTracking(context.app()).log.running
                if json {
                    try context.output.json(running.map { RunningJSON($0, now: context.now, timeZone: context.timeZone) })
                    return
                }
                guard !running.isEmpty else {
                    context.output.line("No session is running.")
                    return
                }
                for run in running {
                    let minutes = run.minutes(at: context.now)
                    var line = "\(run.subject) since \(SessionText.clock(run.start, context.timeZone)): \(SessionText.duration(minutes)) (session \(run.id.prefix(8)))"
                    if minutes > StudyTracking.longestMinutes {
                        line += "; more than a day: `vault session stop --at TIME` gives the moment it ended"
                    }
                    context.output.line(line)
                }
            }
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Record a past session by hand.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The subject.", completion: Completions.subjects) var subject: String
            @Option(parsing: .unconditional, help: "Its length in minutes (1 to 1440).") var minutes: Int
            @Option(help: "When it started: 2026-11-17T18:00, or 18:00 today (default: it ended now).") var at: String?
            @Option(parsing: .unconditional, help: "Questions attempted.") var questions: Int?
            @Option(parsing: .unconditional, help: "Questions answered correctly.") var correct: Int?
            @Option(help: "A note about the session.") var note: String?

            func run() throws {
                let context = try global.context()
                let tracking = StudyTracking(context.app())
                let start = try at.map(tracking.moment)
                let session = try tracking.add(
                    subject, minutes: minutes, start: start, questions: questions, correct: correct, note: note)
                context.output.line(
                    "Recorded \(SessionText.duration(session.minutes)) of \(session.subject) from \(SessionText.clock(session.start, context.timeZone)) (session \(session.id.prefix(8))).")
            }
        }

        struct Cancel: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Drop the running session; nothing is recorded.")
            @OptionGroup var global: GlobalOptions
            @Option(help: "Which running session (an id prefix), when several run.") var id: String?

            func run() throws {
                let context = try global.context()
                let run = try StudyTracking(context.app()).cancel(id: id)
                context.output.line("Cancelled the session of \(run.subject) started at \(SessionText.clock(run.start, context.timeZone)).")
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "rm", abstract: "Withdraw a recorded session (an event; the ledger keeps it).")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The session's id or an id prefix (4 or more characters).") var id: String

            func run() throws {
                let context = try global.context()
                let session = try StudyTracking(context.app()).remove(id)
                context.output.line(
                    "Withdrew \(SessionText.duration(session.minutes)) of \(session.subject) from \(SessionText.clock(session.start, context.timeZone)).")
            }
        }

        struct ListSessions: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List recorded sessions.")
            @OptionGroup var global: GlobalOptions
            @Option(help: "Only this subject.", completion: Completions.subjects) var subject: String?
            @Option(help: "From this day (YYYY-MM-DD).") var since: String?
            @Option(help: "Up to this day (YYYY-MM-DD).") var until: String?
            @Option(help: "date, duration or accuracy.") var sort: SessionSort = .date
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let zone = context.timeZone
                let sessions = try StudyTracking(context.app()).sessions(
                    subject: subject, since: since, until: until, sort: sort)
                if json {
                    try context.output.json(sessions.map { SessionJSON($0, timeZone: zone) })
                    return
                }
                let style = context.output.style
                var table = Table(flexible: [3, 4, 5])
                if !sessions.isEmpty { table.add(["ID", "START", "MINUTES", "SUBJECT", "ACCURACY", "NOTE"].map(style.dim)) }
                for s in sessions {
                    table.add([
                        String(s.id.prefix(8)), SessionText.clock(s.start, zone), SessionText.duration(s.minutes),
                        s.subject, SessionText.accuracy(questions: s.questions, correct: s.correct), s.note ?? "",
                    ])
                }
                if !table.rows.isEmpty { context.output.line(table.render(width: context.output.width)) }
                let total = sessions.reduce(0) { $0 + $1.minutes }
                context.output.line(style.dim("\(plural(sessions.count, "session")), \(SessionText.duration(total))."))
            }
        }

        struct Report: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "report", 
                abstract: "Totals of minutes, sessions (and their average length), questions and accuracy, by subject, day or weekday.",
                discussion: """
                    The span is this week (Monday to today) unless --month, --since or --all. A session over \
                    midnight counts its minutes on each day. --klog prints the sessions of the span as klog \
                    records instead.

                    Examples:
                      vault session report
                      vault session report --month --by weekday
                      vault session report --all --klog > study.klg
                    """)
            @OptionGroup var global: GlobalOptions
            @Flag(help: "This ISO week (the default).") var week = false
            @Flag(help: "This month.") var month = false
            @Flag(help: "Every session.") var all = false
            @Option(help: "From this day (YYYY-MM-DD) to today.") var since: String?
            @Option(help: "subject, day or weekday.") var by: SessionReport.Grouping = .subject
            @Flag(help: "Print the sessions as klog records.") var klog = false
            @Flag(help: "Print JSON.") var json = false

            func validate() throws {
                if [week, month, all, since != nil].filter({ $0 }).count > 1 {
                    throw ValidationError("give one of --week, --month, --all and --since.")
                }
                if klog && json { throw ValidationError("--klog and --json cannot be combined.") }
            }

            func run() throws {
                let context = try global.context()
                let chosen: ReportSpan = all ? .all : month ? .month : since.map(ReportSpan.since) ?? .week
                let result = try StudyTracking(context.app()).report(chosen, by: by)
                if klog {
                    context.output.write(
                        KlogExport.text(result.sessions, subjects: context.config.subjects, timeZone: context.timeZone))
                    return
                }
                let report = result.report
                let (first, today) = (result.firstDay, result.lastDay)
                if json {
                    try context.output.json(ReportJSON(report, all: all))
                    return
                }
                let style = context.output.style
                let span = all ? "All sessions" : "\(VaultDate.dayString(dayNumber: first)) to \(VaultDate.dayString(dayNumber: today))"
                context.output.line(style.bold(span))
                var table = Table()
                table.add([by.rawValue.uppercased(), "SESSIONS", "TIME", "AVERAGE", "QUESTIONS", "ACCURACY"].map(style.dim))
                for row in report.rows + [report.total] {
                    table.add([
                        row.key == "total" ? style.bold("Total") : row.key, String(row.sessions),
                        SessionText.duration(row.minutes), SessionText.duration(row.averageMinutes), String(row.questions),
                        SessionText.accuracy(questions: row.questions, correct: row.correct),
                    ])
                }
                context.output.line(table.render(width: context.output.width))
            }
        }

        struct Review: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "review", 
                abstract: "Complete a follow-up review of a session: easy, ok or hard.",
                discussion: """
                    The ladder is 1, 7, 30 and 90 days: easy skips a step, ok moves one step, hard repeats it.

                    Examples:
                      vault session review --done ok
                      vault session review 3f2a --done easy
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The session (an id prefix; default: the first review due).") var id: String?
            @Option(help: "easy, ok or hard.") var done: FollowUpResult

            func run() throws {
                let context = try global.context()
                let result = try StudyTracking(context.app()).review(id, result: done)
                var text = "Reviewed the \(result.done.subject) session \(result.done.session.prefix(8)) (\(done.rawValue))"
                if let next = result.next {
                    text += "; next review \(RelativeTime.describe(next.due, from: context.now, in: context.timeZone)) (\(VaultDate.dayString(next.due, in: context.timeZone)))."
                } else {
                    text += "; the ladder is done."
                }
                context.output.line(text)
            }
        }

        struct Reviews: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "reviews", abstract: "List the follow-up reviews of sessions with their due dates.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let log = StudyTracking(context.app()).log
                let pending = log.pendingFollowUps
                if json {
                    try context.output.json(pending.map { FollowUpJSON($0, now: context.now, timeZone: context.timeZone) })
                    return
                }
                guard !pending.isEmpty else {
                    context.output.line("No session reviews; each completed session gets one the next day.")
                    return
                }
                let style = context.output.style
                var table = Table()
                for f in pending {
                    let due = f.due <= context.now ? style.yellow("due") : RelativeTime.describe(f.due, from: context.now, in: context.timeZone)
                    table.add([
                        String(f.session.prefix(8)), f.subject, "\(FollowUpLadder.steps[f.step])-day review", due,
                        VaultDate.dayString(f.due, in: context.timeZone),
                    ])
                }
                context.output.line(table.render(width: context.output.width))
                let dueCount = log.followUpsDue(at: context.now).count
                context.output.line(style.dim("\(dueCount) due; `vault session review --done ok` completes the first."))
            }
        }
    }
}

extension SessionSort: ExpressibleByArgument {}
extension SessionReport.Grouping: ExpressibleByArgument {}
extension FollowUpResult: ExpressibleByArgument {}
