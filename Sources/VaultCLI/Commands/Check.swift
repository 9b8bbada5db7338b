import ArgumentParser
import Foundation
import VaultCore
import VaultStore

extension VaultCommand {
    /// `vault check`: every problem in the vault, with file and line.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every problem in the vault, with file and line.",
            discussion: "Exits 1 when any problem is an error, 0 when there are only warnings or none.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print the problems as JSON.")
        var json = false

        func run() throws {
            let context = try global.context()
            let loaded = context.vault.loadNotes()
            var problems = loaded.problems + NoteChecks.run(loaded.notes, config: context.config)
            let cards = CardLoader(layout: context.vault.layout).cards(of: loaded.notes)
            let events = try VaultLedgerEvents(layout: context.vault.layout, timeZone: context.timeZone).events()
            problems += CardChecks.run(
                cards: cards, replay: CardScheduleReplay.replay(events, cards: cards, config: context.config.schedulers))
            if json {
                try context.output.json(problems)
            } else {
                let style = context.output.style
                for problem in problems {
                    let severity = problem.severity == .error ? style.red("error") : style.yellow("warning")
                    let place = problem.line.map { "\(problem.path):\($0)" } ?? problem.path
                    context.output.line("\(style.bold(place)): \(severity): \(problem.message)")
                }
                let errors = problems.filter { $0.severity == .error }.count
                let summary =
                    problems.isEmpty
                    ? "No problems in \(plural(loaded.notes.count, "note"))."
                    : "\(plural(errors, "error")), \(plural(problems.count - errors, "warning")) in \(plural(loaded.notes.count, "note"))."
                context.output.line(summary)
            }
            if problems.contains(where: { $0.severity == .error }) { throw CLIError.silentFailure }
        }
    }
}
