import ArgumentParser
import Foundation
import VaultCore
import VaultStore

extension VaultCommand {
    /// `vault study --list`: today's study queue.
    struct Study: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show today's flashcard study queue.",
            discussion: """
                Order: cards overdue by 1-3 days, then learning (new cards too), reviewing, mastered.
                Cards overdue by more than 3 days are set aside and reported. The daily limit (30, or 50
                with --exam) counts the cards already answered today. Only the scripted list exists so
                far: the interactive screen and --rate come with the ledger.
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

        @Flag(help: "Print JSON.")
        var json = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
            if !list {
                throw ValidationError(
                    "the interactive study screen is not built yet; use `vault study --list` to see the queue.")
            }
        }

        func run() throws {
            let context = try global.context()
            let notes = context.vault.loadNotes().notes.sorted { $0.path < $1.path }
            let cards = CardLoader(layout: context.vault.layout).cards(of: notes)
            let events = try VaultLedgerEvents(layout: context.vault.layout).events()
            let replay = CardScheduleReplay.replay(events, cards: cards, config: context.config.schedulers)
            let options = StudyOptions(mode: mode, folder: folder, preset: exam ? .exam : .normal, limit: limit)
            let queue = StudyPlanner.plan(
                cards: cards, schedules: replay.schedules, now: context.now, timeZone: context.timeZone, options: options)
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
            var summary = "\(plural(queue.entries.count, "card")) to study; \(queue.studiedToday) of \(queue.dailyLimit) answered today"
            if queue.deferred > 0 { summary += "; \(queue.deferred) more wait for tomorrow" }
            if !queue.setAside.isEmpty {
                summary += "; \(queue.setAside.count) set aside (overdue by more than 3 days)"
            }
            context.output.line(style.dim(summary + "."))
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
            Entry(group: e.group.name, overdueDays: e.overdueDays, card: CardJSON(e.card, e.schedule, timeZone: timeZone))
        }
        cards = queue.entries.map(entry)
        setAside = queue.setAside.map(entry)
        deferred = queue.deferred
        studiedToday = queue.studiedToday
        dailyLimit = queue.dailyLimit
    }
}
