import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault review weekly|monthly|yearly [PERIOD]`: the curation review,
    /// full screen in a terminal, or scripted with --list/--keep/--archive/--finish.
    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "review", 
            abstract: "Review the notes of a week, month or year: keep or archive each.",
            discussion: """
                Without PERIOD: the latest period, up to the one due (this week on Sundays, else last week; \
                last month; last year), that still has pending notes; the due one when none has.
                In a terminal the review is full screen: k keep, a archive, s/space/→ skip, p/← previous, \
                e edit, q quit (every decision is saved as it is made).
                Without a terminal use the scripted form: --list, --keep NOTE..., --archive NOTE..., --finish.

                Examples:
                  vault review weekly
                  vault review monthly 2026-10
                  vault review weekly 2026-W46 --keep 3f2a --archive 9b1c
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "weekly, monthly or yearly.")
        var level: ReviewLevel

        @Argument(help: "The period: 2026-W47, 2026-11 or 2026 (default: see below).", completion: Completions.periods)
        var period: String?

        @Flag(help: "List the period's notes and their decisions instead of reviewing.")
        var list = false

        @Flag(help: "With --list: print JSON.")
        var json = false

        @Option(parsing: .upToNextOption, help: "Keep these notes (id, id prefix or path).")
        var keep: [String] = []

        @Option(parsing: .upToNextOption, help: "Archive these notes (id, id prefix or path).")
        var archive: [String] = []

        @Option(parsing: .upToNextOption, help: "Withdraw the decisions on these notes: they are pending again.")
        var undo: [String] = []

        @Flag(help: "Finish the period: undecided notes stay where they are and the period counts as done.")
        var finish = false

        var isScripted: Bool { list || finish || !keep.isEmpty || !archive.isEmpty || !undo.isEmpty }

        func validate() throws {
            if let period, ReviewPeriod(period, level: level) == nil {
                throw ValidationError(
                    "'\(period)' is not a \(level.rawValue) period; write it as \(Self.example(level)).")
            }
            if list, finish || !keep.isEmpty || !archive.isEmpty || !undo.isEmpty {
                throw ValidationError(
                    "--list only lists; give --keep, --archive, --undo or --finish in a separate call.")
            }
            if json, !list { throw ValidationError("--json goes with --list.") }
        }

        static func example(_ level: ReviewLevel) -> String {
            switch level {
            case .weekly: "2026-W47"
            case .monthly: "2026-11"
            case .yearly: "2026"
            }
        }

        func run() throws {
            let context = try global.context()
            if !isScripted, !RawTerminal.canDraw {
                throw CLIError.notATerminal(level.rawValue)
            }
            let review = CurationReview(
                CurationSnapshot.load(context.app()), level: level,
                period: self.period.flatMap { ReviewPeriod($0, level: level) })
            var warnings: [String] = []
            if review.ledgerProblems > 0 {
                warnings.append(
                    "the ledger has \(plural(review.ledgerProblems, "problem")) that replay skipped; `vault check` says which."
                )
            }
            let incomplete = review.incompleteLowerPeriods
            if !incomplete.isEmpty {
                let names = incomplete.map { "\($0.period.id) (\($0.pendingCount) pending)" }.joined(separator: ", ")
                warnings.append(
                    "reviewing \(review.period.title) while these periods inside it are not completed: \(names). Their undecided notes are not in this review yet."
                )
            }
            for warning in warnings { context.output.warning(warning) }
            if list { return try ReviewListing(review: review, context: context).print(json: json) }
            if !isScripted {
                // The screen opens with the warnings too: on the alternate screen those above are hidden until it closes.
                let notice = warnings.map { "Warning: " + $0 }.joined(separator: " ")
                return try ReviewScreen(review: review, context: context, notice: notice).run()
            }
            try decide(review, context: context)
        }

        func decide(_ review: CurationReview, context: CommandContext) throws {
            let plan: [(CurationDecision, [String])] = [(.keep, keep), (.archive, archive), (.undo, undo)]
            let decisions = try review.resolve(plan.map { ($0.0, $0.1.map(context.noteReference)) })
            let out = context.output
            for planned in decisions {
                let recorded = try review.record(planned.decision, planned.note)
                if recorded.adopted { out.line("Added id \(recorded.id) to \(planned.note.path)") }
                let verb =
                    planned.decision == .keep
                    ? "Kept" : planned.decision == .archive ? "Archived" : "Undid the decision on"
                out.line("\(verb) \(planned.note.path) in \(review.period.title)")
                out.flush()  // a decision reported is a decision saved, even if the process dies next
            }
            if finish {
                try review.finish()
                let after = CurationReview(
                    CurationSnapshot.load(context.app()), level: level, period: review.period
                ).review
                out.line(
                    "Finished \(review.period.title): \(plural(after.decidedCount, "note")) decided, \(after.undecidedCount) left as they are."
                )
            }
        }
    }
}

extension ReviewLevel: ExpressibleByArgument {}
