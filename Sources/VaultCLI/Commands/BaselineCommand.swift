import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultWiring

extension VaultCommand {
    /// `vault baseline [DATE]`: a fresh start for an adopted vault.
    struct BaselineCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "baseline",
            abstract: "Count every review period that ended before DATE as done: a fresh start.",
            discussion: """
                An adopted vault has years of old notes, and every past week would be a missed review. \
                A baseline is one ledger event: periods that ended before DATE count as done (their notes \
                stay where they are), so only notes written from then on come up for review. Old periods \
                stay reviewable by id, e.g. vault review weekly 2024-W10.

                Examples:
                  vault baseline              # start fresh today
                  vault baseline 2026-01-01   # review this year's notes, not older ones
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The first day to review, YYYY-MM-DD (default: today).")
        var date: String?

        func validate() throws {
            if let date, BaselineEvent.day(date) == nil {
                throw ValidationError("'\(date)' is not a date; write it as 2026-11-24.")
            }
        }

        func run() throws {
            let context = try global.context()
            let baseline = try FreshStart.record(context.app(), day: date.flatMap(BaselineEvent.day))
            context.output.line(
                "Baseline \(baseline.dayString): review periods that ended before it count as done; "
                    + "notes from then on come up for review.")
        }
    }
}
