import ArgumentParser
import Foundation
import VaultCore
import VaultStore

extension VaultCommand {
    /// `vault study`: the interactive study screen, or its scripted forms `--list` and `--rate`.
    struct Study: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Study today's flashcards: question, reveal, rate.",
            discussion: """
                Order: cards overdue by 1-3 days, then learning (new cards too), reviewing, mastered.
                Cards overdue by more than 3 days are set aside and reported. The daily limit (30, or 50
                with --exam) counts the cards already answered today. Scripted form: --list, and
                --rate CARD=again|hard|good|easy|q0…q5|correct|wrong, --tier CARD=learning|reviewing|mastered|inactive
                (each recorded in the ledger). Without --list/--rate, in a terminal: the full-screen session
                (space or enter reveals, 1-4 rates Again/Hard/Good/Easy, 0-5 for sm2 cards, q quits), then a summary.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Only cards of notes in this folder.")
        var folder: String?

        @Option(help: "Cards a day, answered ones included (default 30, or 50 with --exam).")
        var limit: Int?

        @Option(help: "all, learning, reviewing or due.")
        var mode: StudyMode = .all

        @Flag(help: "The exam preset: 50 cards a day.")
        var exam = false

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
        }

        func run() throws {
            let context = try global.context()
            let interactive = !list && rates.isEmpty && tiers.isEmpty
            if interactive, isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
                throw CLIError.studyNeedsTerminal
            }
            var trace = PhaseTrace()
            let catalog = context.loadCatalog()  // notes sorted by path, and their cards
            let cards = catalog.cards
            trace.mark(
                "notes (\(catalog.notes.count)) and cards (\(cards.count)), catalog \(catalog.report.outcome.rawValue)")
            let ledger = ReplayCache(layout: context.vault.layout, timeZone: context.timeZone).load()
            trace.mark("ledger (\(ledger.replay.eventCount) events, \(ledger.source))")
            KeptUntilExit.keep((catalog, ledger))
            let config = context.config.schedulers
            if list {
                let schedules = ledger.cardSchedules(cards: cards, config: config)
                trace.mark("card schedules")
                try printQueue(context, plan(context, cards: cards, schedules: schedules))
                return
            }
            // Answering needs the re-links too, so the full card replay.
            let replay = ledger.cardReplay(cards: cards, config: config)
            trace.mark("card replay")
            let sink = try LedgerSessionSink(
                layout: context.vault.layout, timeZone: context.timeZone, replay: ledger.replay)
            if interactive {
                var screen = StudyScreen(
                    context: context, queue: plan(context, cards: cards, schedules: replay.schedules), replay: replay,
                    sink: sink)
                try screen.run()
            } else {
                try answer(context, cards: cards, replay: replay, sink: sink)
            }
        }

        private func plan(_ context: CommandContext, cards: [Card], schedules: [String: CardSchedule]) -> StudyQueue {
            var trace = PhaseTrace()
            defer { trace.mark("plan") }
            let options = StudyOptions(mode: mode, folder: folder, preset: exam ? .exam : .normal, limit: limit)
            return StudyPlanner.plan(
                cards: cards, schedules: schedules, now: context.now, timeZone: context.timeZone, options: options)
        }

        /// `--list [--json]`.
        private func printQueue(_ context: CommandContext, _ queue: StudyQueue) throws {
            if json {
                try context.output.json(StudyQueueJSON(queue, timeZone: context.timeZone))
                return
            }
            let style = context.output.style
            var table = Table()
            for (n, entry) in queue.entries.enumerated() {
                let due =
                    entry.schedule.isNew
                    ? "new" : entry.schedule.due.map { VaultDate.dayString($0, in: context.timeZone) } ?? ""
                table.add([
                    String(n + 1), entry.group.name, entry.card.id, "\(entry.card.notePath):\(entry.card.line)", due,
                    truncated(entry.card.question.replacingOccurrences(of: "\n", with: " "), 50),
                ])
            }
            if !table.rows.isEmpty { context.output.line(table.render()) }
            var summary =
                "\(plural(queue.entries.count, "card")) to study; \(queue.studiedToday) of \(queue.dailyLimit) answered today"
            if queue.deferred > 0 { summary += "; \(queue.deferred) more wait for tomorrow" }
            if !queue.setAside.isEmpty {
                summary += "; \(queue.setAside.count) set aside (overdue by more than 3 days)"
            }
            context.output.line(style.dim(summary + "."))
        }

        /// `--rate` and `--tier`: plan every event first (so a bad argument records nothing), append, report.
        private func answer(_ context: CommandContext, cards: [Card], replay: CardReplay, sink: CardEventSink) throws {
            let planned = try StudyAnswers.plan(
                rates: rates, tiers: tiers, cards: cards, replay: replay, config: context.config.schedulers,
                at: context.now)
            try sink.append(planned.events)
            for outcome in planned.outcomes {
                let due = outcome.schedule.due.map { VaultDate.isoString($0, in: context.timeZone) } ?? "never"
                context.output.line(
                    "\(outcome.card.id) \(outcome.given): \(outcome.schedule.settings.name.rawValue) \(outcome.schedule.state.name), due \(due)"
                )
            }
        }
    }
}

extension StudyMode: ExpressibleByArgument {}

/// The JSON shape of `vault study --list --json`.
struct StudyQueueJSON: Encodable {
    struct Entry: Encodable {
        var group: String
        var overdueDays: Int
        var card: CardJSON
    }

    var cards: [Entry]
    var setAside: [Entry]
    var deferred: Int
    var studiedToday: Int
    var dailyLimit: Int

    init(_ queue: StudyQueue, timeZone: TimeZone) {
        func entry(_ e: StudyQueue.Entry) -> Entry {
            Entry(
                group: e.group.name, overdueDays: e.overdueDays, card: CardJSON(e.card, e.schedule, timeZone: timeZone))
        }
        cards = queue.entries.map(entry)
        setAside = queue.setAside.map(entry)
        deferred = queue.deferred
        studiedToday = queue.studiedToday
        dailyLimit = queue.dailyLimit
    }
}
