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
                  vault cards --leeches
                  vault cards --unsuspend 3f9a2c

                A leech is a card failed study.leech_lapses times (8) after reaching review; with \
                study.leech_action: suspend it leaves study until --unsuspend brings it back (until its next lapse).
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Only the cards to study today, as vault study and vault status count them.")
        var due = false

        @Flag(help: "Only the leeches, most lapses first, with their lapses and accuracy.")
        var leeches = false

        @Option(help: "Bring a suspended leech back into study (CARD is an id or an id prefix). Repeatable.")
        var unsuspend: [String] = []

        @Flag(help: "Print JSON: one object per card.")
        var json = false

        func validate() throws {
            if leeches && due { throw ValidationError("--leeches and --due are different lists; give one.") }
            if !unsuspend.isEmpty && (leeches || due || json) {
                throw ValidationError("--unsuspend cannot be combined with --leeches, --due or --json.")
            }
        }

        func run() throws {
            let context = try global.context()
            if !unsuspend.isEmpty {
                for card in try Studying(context.app()).unsuspend(unsuspend) {
                    context.output.line("\(card.id): back in study (\(card.notePath):\(card.line)).")
                }
                return
            }
            if leeches { return try printLeeches(context) }
            let (listed, problems, queue) = Studying(context.app()).listing(dueOnly: due)
            for problem in problems { context.output.warning(problem.localizedDescription) }
            if json {
                try context.output.json(listed.map { CardJSON($0.0, $0.1, timeZone: context.timeZone) })
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
                    schedule.isNew ? "new" : schedule.state.name, dueText, memory(schedule),
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

        /// `--leeches [--json]`.
        private func printLeeches(_ context: CommandContext) throws {
            let listed = Studying(context.app()).leeches()
            if json {
                try context.output.json(listed.map { LeechJSON($0, timeZone: context.timeZone) })
                return
            }
            let style = context.output.style
            var table = Table(flexible: [1, 5])
            if !listed.isEmpty {
                table.add(["ID", "NOTE", "LAPSES", "ACCURACY", "STATE", "QUESTION"].map(style.dim))
            }
            for leech in listed {
                let accuracy = leech.schedule.accuracy.map { "\(Int(($0 * 100).rounded()))%" } ?? ""
                table.add([
                    leech.card.id, "\(leech.card.notePath):\(leech.card.line)", String(leech.schedule.lapses), accuracy,
                    leech.suspended ? "suspended" : "flagged",
                    truncated(leech.card.question.replacingOccurrences(of: "\n", with: " "), 50),
                ])
            }
            if !table.rows.isEmpty { context.output.line(table.render(width: context.output.width)) }
            let suspended = listed.filter(\.suspended).count
            let tail = suspended > 0 ? ", \(suspended) suspended" : ""
            let count = listed.isEmpty ? "No leeches" : listed.count == 1 ? "1 leech" : "\(listed.count) leeches"
            context.output.line(
                style.dim(
                    "\(count) (cards failed \(context.app().config.study.leechLapses) times or more after reaching review)\(tail)."
                ))
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
