import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

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
                  vault cards --tier lectures/week-3=reviewing
                  vault cards --tier lectures/week-3=reviewing --dry-run
                  vault cards --leeches
                  vault cards --unsuspend 3f9a2c
                  vault cards --tree

                --tier FOLDER=TIER moves every card of the notes under FOLDER (tiers \
                scheduler) to TIER, one tier event per card: it says how many first, \
                then names each; --dry-run only says how many.

                A leech is a card failed study.leech_lapses times (8) after reaching review; with \
                study.leech_action: suspend it leaves study until --unsuspend brings it back (until its next lapse).
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Only the cards to study today, as vault study and vault status count them.")
        var due = false

        @Flag(help: "Only the leeches, most lapses first, with their lapses and accuracy.")
        var leeches = false

        @Flag(help: "The cards counted per folder: all, to study today, new, mastered.")
        var tree = false

        @Option(help: "Bring a suspended leech back into study (CARD is an id or an id prefix). Repeatable.")
        var unsuspend: [String] = []

        @Flag(help: "Print JSON: one object per card.")
        var json = false

        @Option(name: .customLong("tier"), help: "Move every card under a folder to a tier: FOLDER=reviewing. Repeatable.")
        var tiers: [String] = []

        @Flag(name: .customLong("dry-run"), help: "With --tier: say how many cards would move, and record nothing.")
        var dryRun = false

        func validate() throws {
            if !tiers.isEmpty, due || json || leeches || !unsuspend.isEmpty {
                throw ValidationError("--tier cannot be combined with --due, --json, --leeches or --unsuspend.")
            }
            if dryRun, tiers.isEmpty { throw ValidationError("--dry-run needs --tier.") }
            if leeches && due { throw ValidationError("--leeches and --due are different lists; give one.") }
            if tree, due || leeches || !unsuspend.isEmpty || !tiers.isEmpty {
                throw ValidationError("--tree cannot be combined with --due, --leeches, --unsuspend or --tier.")
            }
            if !unsuspend.isEmpty && (leeches || due || json) {
                throw ValidationError("--unsuspend cannot be combined with --leeches, --due or --json.")
            }
        }

        func run() throws {
            let context = try global.context()
            if !tiers.isEmpty { return try moveFolders(context) }
            if !unsuspend.isEmpty {
                for card in try Studying(context.app()).unsuspend(unsuspend) {
                    context.output.line("\(card.id): back in study (\(card.notePath):\(card.line)).")
                }
                return
            }
            if leeches { return try printLeeches(context) }
            if tree { return try printTree(context) }
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

        /// `--tier FOLDER=TIER`: how many cards move (and how many stay, and why), then each card moved.
        private func moveFolders(_ context: CommandContext) throws {
            let studying = Studying(context.app())
            // Every argument is checked before any is recorded.
            for argument in tiers { _ = try studying.moveFolder(argument, dryRun: true) }
            for argument in tiers {
                let move = try studying.moveFolder(argument, dryRun: dryRun)
                var text = "\(plural(move.moving.count, "card")) under \(move.folder) \(dryRun ? "would move" : "moved") to \(move.tier.rawValue)"
                var left: [String] = []
                if move.alreadyThere > 0 { left.append("\(move.alreadyThere) already there") }
                if move.otherScheduler > 0 { left.append("\(move.otherScheduler) placed by another scheduler") }
                if !left.isEmpty { text += " (\(left.joined(separator: "; ")))" }
                context.output.line(text + (dryRun ? "; nothing recorded (--dry-run)." : "."))
                if dryRun { continue }
                for (card, _) in move.moving {
                    context.output.line(
                        "  \(card.id)  \(card.notePath):\(card.line)  "
                            + truncated(card.question.replacingOccurrences(of: "\n", with: " "), 50))
                }
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

        /// `s=12.3 d=5.1` (fsrs), `ef=2.50 ivl=6` (sm2), `ease=250 ivl=3` (osr), `ivl=3` (others).
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
            case .osr(let s):
                return "ease=\(OSR.jsNumber(s.ease)) ivl=\(OSR.jsNumber(s.interval))"
            }
        }

        /// `--tree [--json]`: the folders, each under its parent, with their counts.
        private func printTree(_ context: CommandContext) throws {
            let tree = Studying(context.app()).tree()
            if json {
                return try context.output.json(
                    tree.folders.map {
                        CardTreeJSON(folder: $0.path, depth: $0.depth, cards: $0.cards, due: $0.due, new: $0.new, mastered: $0.mastered)
                    })
            }
            guard !tree.folders.isEmpty else {
                return context.output.line("No flashcards: no note in a deck holds one (decks: in .vault/config.yml).")
            }
            let style = context.output.style
            var table = Table(flexible: [0])
            table.add(["FOLDER", "CARDS", "DUE", "NEW", "MASTERED"].map(style.dim))
            for folder in tree.folders {
                let name =
                    folder.depth == 0
                    ? "/" : String(repeating: "  ", count: folder.depth) + (folder.path.split(separator: "/").last.map { $0 + "/" } ?? folder.path)
                table.add([
                    TerminalText.oneLine(name), String(folder.cards), folder.due > 0 ? style.yellow(String(folder.due)) : "0",
                    String(folder.new), String(folder.mastered),
                ])
            }
            context.output.line(table.render(width: context.output.width))
        }
    }
}

/// One folder of `vault cards --tree --json`.
struct CardTreeJSON: Encodable {
    var folder: String
    var depth: Int
    var cards: Int
    var due: Int
    var new: Int
    var mastered: Int
}
