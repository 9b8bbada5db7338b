import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault study`: the interactive study screen, or its scripted forms `--list` and `--rate`.
    struct Study: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "study", 
            abstract: "Study today's flashcards: question, reveal, rate.",
            discussion: """
                Order: cards overdue by 1-3 days, then learning (new cards too), reviewing, mastered. \
                Cards overdue by more than 3 days are set aside: they come back in their own group, \
                oldest first, 20 a day (study.overdue_per_day), and --overdue takes every overdue card now. \
                Of sibling cards (one sentence's clozes, a ::: pair) one comes up a day. --limit N is a \
                batch of N cards now; the daily limit counts the cards already answered today and caps the \
                day: --exam's 50, else today's study.limits_by_day (0 is a day off), study.daily_limit, or \
                the preset's (normal 30, intensive 50, exam 50 with every long-overdue card back at once). \
                While a folder holds fewer than 20 learning cards, a learning card of the tiers scheduler answered \
                today comes back 10 minutes later, the same day.
                --weak studies answered cards, due or not, weakest first (lowest retrievability, most \
                lapses, lowest accuracy); --cram goes through every card, due or not, hardest first, \
                and its answers (cram events) change no schedule.

                In a terminal: the full-screen session (space or enter reveals, 1-4 rates \
                Again/Hard/Good/Easy with the interval each gives, 0-5 for sm2 cards, q quits), then a summary.
                Scripted forms: --list, --rate CARD=again|hard|good|easy|q0…q5|correct|wrong and \
                --tier CARD=learning|reviewing|mastered|inactive (each recorded in the ledger).

                Examples:
                  vault study
                  vault study languages --limit 10
                  vault study --overdue
                  vault study --weak languages
                  vault study --cram exam --limit 20
                  vault study --list --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Only cards of notes in this folder.")
        var folder: String?

        @Option(help: "A batch of this many cards now; the day's limit (study: in the config) still caps the day.")
        var limit: Int?

        @Option(help: "all, learning, reviewing or due.")
        var mode: StudyMode = .all

        @Flag(help: "The exam preset: 50 cards a day, every long-overdue card back now.")
        var exam = false

        @Flag(help: "Every overdue card now, oldest first, beyond the 20 a day that come back by themselves.")
        var overdue = false

        @Flag(help: "Answered cards, due or not, weakest first.")
        var weak = false

        @Flag(help: "Every card, due or not, hardest first; answers change no schedule.")
        var cram = false

        @Flag(help: "Print the queue instead of studying.")
        var list = false

        @Option(
            name: .customLong("rate"), help: "Record an answer: CARD=good (CARD is an id or an id prefix). Repeatable.")
        var rates: [String] = []

        @Option(name: .customLong("tier"), help: "Move a card to a tier (tiers scheduler): CARD=reviewing. Repeatable.")
        var tiers: [String] = []

        @Flag(help: "Print JSON.")
        var json = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
            let answering = !rates.isEmpty || !tiers.isEmpty
            if list && answering { throw ValidationError("--list cannot be combined with --rate or --tier.") }
            if json && !list { throw ValidationError("--json needs --list.") }
            if [overdue, weak, cram].filter({ $0 }).count > 1 {
                throw ValidationError("--overdue, --weak and --cram are different sessions; give one.")
            }
            if !tiers.isEmpty && cram { throw ValidationError("--tier cannot be combined with --cram.") }
        }

        /// The session asked for.
        var focus: StudyFocus { overdue ? .overdue : weak ? .weak : cram ? .cram : .today }

        func run() throws {
            let context = try global.context()
            let interactive = !list && rates.isEmpty && tiers.isEmpty
            if interactive, !RawTerminal.canDraw {
                throw CLIError.studyNeedsTerminal
            }
            let studying = Studying(context.app())
            // `study:` in the config fills in what the command line leaves out: Studying resolves the request.
            let request = StudyRequest(folder: folder, batch: limit, mode: mode, exam: exam, focus: focus)
            if rates.isEmpty && tiers.isEmpty { try studying.checkFolder(request) }
            if list { return try printQueue(context, studying.queue(request, schedules: studying.schedules())) }
            if interactive {
                var screen = StudyScreen(context: context, flow: StudyFlow(studying, request: request), studying: studying)
                try screen.run()
                return
            }
            let answered = try studying.answerWritingBack(rates: rates, tiers: tiers, cram: cram)
            for problem in answered.writeBacks.compactMap(ObsidianSRWriteBack.describe) { context.output.warning(problem) }
            for outcome in answered.outcomes {
                if cram {
                    context.output.line("\(outcome.card.id) \(outcome.given): crammed (the schedule is unchanged)")
                    continue
                }
                let due =
                    outcome.schedule.due.map {
                        "\(RelativeTime.describe($0, from: context.now, in: context.timeZone)) (\(VaultDate.isoString($0, in: context.timeZone)))"
                    } ?? "never"
                context.output.line(
                    "\(outcome.card.id) \(outcome.given): \(outcome.schedule.settings.name.rawValue) \(outcome.schedule.state.name), due \(due)"
                )
            }
        }

        /// `--list [--json]`.
        private func printQueue(_ context: CommandContext, _ queue: StudyQueue) throws {
            if json {
                try context.output.json(StudyQueueJSON(queue, timeZone: context.timeZone))
                return
            }
            let style = context.output.style
            var table = Table(flexible: [1, 3, 5])
            for (n, entry) in queue.entries.enumerated() {
                let due =
                    entry.schedule.isNew
                    ? "new" : entry.schedule.due.map { VaultDate.dayString($0, in: context.timeZone) } ?? ""
                table.add([
                    String(n + 1), entry.group.name, entry.card.id, "\(entry.card.notePath):\(entry.card.line)", due,
                    truncated(entry.card.question.replacingOccurrences(of: "\n", with: " "), 50),
                ])
            }
            if !table.rows.isEmpty { context.output.line(table.render(width: context.output.width)) }
            let new = queue.entries.filter(\.schedule.isNew).count
            var summary: String
            switch queue.focus {
            case .weak: summary = "\(plural(queue.entries.count, "card")) to study, weakest first"
            case .cram:
                summary =
                    "\(plural(queue.entries.count, "card")) to cram, hardest first (answers change no schedule)"
            case .today, .overdue:
                summary =
                    "\(plural(queue.entries.count, "card")) to study (\(DueTodayText.split(due: queue.entries.count - new, new: new)))"
            }
            if queue.focus != .cram { summary += "; \(queue.studiedToday) of \(queue.dailyLimit) answered today" }
            summary += DueTodayText.limits(queue)
            summary += DueTodayText.leftOut(setAside: queue.setAside.count, buried: queue.buried)
            context.output.line(style.dim(summary + "."))
        }
    }
}

extension StudyMode: ExpressibleByArgument {}

/// The JSON shape of `vault study --list --json`: the queue's cards (each
/// a card as `vault cards --json` gives it, plus `group` and `overdue_days`),
/// the set-aside ones, and the counts.
struct StudyQueueJSON: Encodable {
    /// A card's place in the queue.
    struct Place: Encodable {
        var group: String
        var overdueDays: Int

        enum CodingKeys: String, CodingKey {
            case group
            case overdueDays = "overdue_days"
        }
    }

    /// One flat object: the card's fields and its place in the queue.
    typealias Entry = FlatJSON<CardJSON, Place>

    var cards: [Entry]
    var setAside: [Entry]
    var deferred: Int
    var buried: Int
    var studiedToday: Int
    var dailyLimit: Int

    enum CodingKeys: String, CodingKey {
        case cards, deferred, buried
        case setAside = "set_aside", studiedToday = "studied_today", dailyLimit = "daily_limit"
    }

    init(_ queue: StudyQueue, timeZone: TimeZone) {
        func entry(_ e: StudyQueue.Entry) -> Entry {
            Entry(
                CardJSON(e.card, e.schedule, timeZone: timeZone), Place(group: e.group.name, overdueDays: e.overdueDays))
        }
        cards = queue.entries.map(entry)
        setAside = queue.setAside.map(entry)
        deferred = queue.deferred
        buried = queue.buried
        studiedToday = queue.studiedToday
        dailyLimit = queue.dailyLimit
    }
}
