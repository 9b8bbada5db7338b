import ArgumentParser
import Foundation
import VaultApp
import VaultCore

extension VaultCommand {
    /// `vault cards`: every flashcard with its scheduler, state and next due date.
    struct Cards: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cards", 
            abstract: "List flashcards with their state and next due date.",
            discussion: """
                Cards are read from the notes (`q :: a`, `q ::: a`, `?` cards, ==cloze==) and their \
                schedules replayed from the ledger under the scheduler of each note's folder.

                Examples:
                  vault cards --due
                  vault cards --json | jq '.[] | select(.is_new)'
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Only the cards to study today, as vault study and vault status count them.")
        var due = false

        @Flag(help: "Print JSON: one object per card.")
        var json = false

        func run() throws {
            let context = try global.context()
            let studying = Studying(context.app())
            let (listed, problems, queue) = studying.listing(dueOnly: due)
            let held = studying.holds()
            for problem in problems { context.output.warning(problem.localizedDescription) }
            if json {
                try context.output.json(
                    listed.map { CardJSON($0.0, $0.1, timeZone: context.timeZone, hold: held[$0.0.id]) })
                return
            }
            let style = context.output.style
            var table = Table(flexible: [1, 5, 6])
            if !listed.isEmpty {
                table.add(["ID", "NOTE", "SCHEDULER", "STATE", "DUE", "MEMORY", "QUESTION"].map(style.dim))
            }
            for (card, schedule) in listed {
                let dueText =
                    schedule.isNew
                    ? "new" : schedule.due.map { VaultDate.dayString($0, in: context.timeZone) } ?? "never"
                table.add([
                    card.id, "\(card.notePath):\(card.line)", schedule.settings.name.rawValue,
                    held[card.id]?.rawValue ?? (schedule.isNew ? "new" : schedule.state.name), dueText, memory(schedule),
                    truncated(card.question.replacingOccurrences(of: "\n", with: " "), 50),
                ])
            }
            if !table.rows.isEmpty { context.output.line(table.render(width: context.output.width)) }
            if let queue {
                let new = listed.filter(\.1.isNew).count
                context.output.line(
                    style.dim(
                        "\(plural(listed.count, "card")) to study today (\(DueTodayText.split(due: listed.count - new, new: new)))"
                            + DueTodayText.leftOut(setAside: queue.setAside.count, buried: queue.buried) + "."))
            } else {
                context.output.line(style.dim(plural(listed.count, "card") + "."))
            }
        }

        /// `s=12.3 d=5.1` (fsrs), `ef=2.50 ivl=6` (sm2), `ivl=3` (others).
        private func memory(_ schedule: CardSchedule) -> String {
            guard !schedule.isNew else { return "" }
            switch schedule.state {
            case .fsrs(let s):
                guard let stability = s.stability, let difficulty = s.difficulty else { return "" }
                return String(format: "s=%.1f d=%.1f", stability, difficulty)
            case .sm2(let s):
                return String(format: "ef=%.2f ivl=%d", s.easeFactor, s.interval)
            case .tiers, .ladder:
                return schedule.isNew ? "" : "ivl=\(schedule.intervalDays)"
            }
        }
    }
}
