import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault check`: every problem in the vault, with file and line.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", 
            abstract: "Report every problem in the vault, with file and line.",
            discussion: """
                Exits 1 when any problem is an error, 0 when there are only warnings or none.
                --fix repairs the ledger: removes git conflict markers, malformed lines and a truncated last \
                line, and duplicate events, keeping every valid event (each file replaced atomically).

                Examples:
                  vault check
                  vault check --fix
                  vault check --json
                """)

        @OptionGroup var global: GlobalOptions

        /// More identical problems than this (same code and message) are folded after ``repeatsShown``.
        static let repeatsListed = 10
        /// How many of a folded run are printed before the count of the rest.
        static let repeatsShown = 3

        @Flag(help: "Print the problems as JSON.")
        var json = false

        @Flag(help: "Repair the ledger files, then report what is left.")
        var fix = false

        func run() throws {
            // The one command that opens a vault whose .vault/ folders are links: it names them, and --fix repairs them.
            var context = try CompositionRoot.open(global.choice, verifyingStateFolders: false)
            if fix, let taken = try ObsidianSRAdoption.take(context.app()) {
                if !json {
                    context.output.line(
                        "Took the Spaced Repetition plugin's settings (\(ObsidianSRSettings.dataFile)) into .vault/config.yml: "
                            + "its cards are read in its syntax, with their schedules"
                            + (taken.schedulers.defaultSettings.name == .osr ? ", and go on under its algorithm (osr)." : "."))
                }
                context = try CompositionRoot.open(global.choice, verifyingStateFolders: false)
            }
            let check = VaultCheck(context.app())
            if fix {
                for path in try check.repairStateFolders() where !json {
                    context.output.line("Fixed \(path): replaced the link with an empty folder of the vault's own.")
                }
                for change in try check.repair() where !json {
                    var text =
                        "Fixed \(change.path): removed \(plural(change.removedLines, "bad line")) and \(plural(change.duplicates, "duplicate event"))"
                    if !change.mergedCopies.isEmpty {
                        text += "; merged and removed \(change.mergedCopies.joined(separator: ", "))"
                    }
                    context.output.line(text + ".")
                }
            }
            let (problems, noteCount, leeches) = check.examine()
            if json {
                try context.output.json(problems)
            } else {
                let style = context.output.style
                // A problem repeated word for word over many files (an adopted vault without dates) is
                // shown a few times, then counted: thousands of identical lines would bury the rest.
                let key = { (problem: Diagnostic) in "\(problem.code)\u{0}\(problem.message)" }
                var repeats: [String: Int] = [:]
                for problem in problems { repeats[key(problem), default: 0] += 1 }
                var shown: [String: Int] = [:]
                for problem in problems {
                    let total = repeats[key(problem)] ?? 1
                    if total > Self.repeatsListed {
                        let seen = shown[key(problem), default: 0]
                        shown[key(problem)] = seen + 1
                        if seen == Self.repeatsShown {
                            context.output.line(
                                "… and \(grouped(total - seen)) more with the same \(problem.severity == .error ? "error" : "warning") (\(problem.code)); `vault check --json` lists each one."
                            )
                        }
                        if seen >= Self.repeatsShown { continue }
                    }
                    let severity = problem.severity == .error ? style.red("error") : style.yellow("warning")
                    let path = TerminalText.oneLine(problem.path)
                    let place =
                        problem.line.map { line in problem.column.map { "\(path):\(line):\($0)" } ?? "\(path):\(line)" }
                        ?? path
                    context.output.line("\(style.bold(place)): \(severity): \(TerminalText.oneLine(problem.message))")
                }
                let errors = problems.filter { $0.severity == .error }.count
                let broken = problems.filter { $0.code == "broken-link" }
                let brokenNotes = Set(broken.map(\.path)).count
                let links =
                    broken.isEmpty ? "" : "; \(plural(broken.count, "broken link")) in \(plural(brokenNotes, "note"))"
                let summary =
                    problems.isEmpty
                    ? "No problems in \(plural(noteCount, "note"))."
                    : "\(plural(errors, "error")), \(plural(problems.count - errors, "warning")) in \(plural(noteCount, "note"))\(links)."
                context.output.line(summary)
                if leeches > 0 {
                    context.output.line(
                        "\(leeches == 1 ? "1 leech" : "\(leeches) leeches"): failed \(context.app().config.study.leechLapses) times or more after reaching review (vault cards --leeches)."
                    )
                }
            }
            if problems.contains(where: { $0.severity == .error }) { throw CLIError.silentFailure }
        }
    }
}
