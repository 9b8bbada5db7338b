import ArgumentParser
import Foundation
import VaultCore
import VaultStore

extension VaultCommand {
    /// `vault review weekly|monthly|yearly [PERIOD]`: the curation review,
    /// full screen in a terminal, or scripted with --list/--keep/--archive/--finish.
    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Review the notes of a week, month or year: keep or archive each.",
            discussion: """
                Without PERIOD: the latest period, up to the one due (this week on Sundays, else last week; \
                last month; last year), that still has pending notes; the due one when none has.
                In a terminal the review is full screen: k keep, a archive, s/space/→ skip, p/← previous, \
                e edit, q quit (every decision is saved as it is made).
                Without a terminal use the scripted form: --list, --keep NOTE..., --archive NOTE..., --finish.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "weekly, monthly or yearly.")
        var level: ReviewLevel

        @Argument(help: "The period: 2026-W47, 2026-11 or 2026 (default: see below).")
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
            if !isScripted, isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1 {
                throw CLIError.notATerminal(level.rawValue)
            }
            let snapshot = CurationSnapshot.load(context)
            let period =
                self.period.flatMap { ReviewPeriod($0, level: level) }
                ?? snapshot.board.defaultPeriod(level, today: snapshot.today)
            if level != .weekly { snapshot.warnAboutIncompleteLowerPeriods(period) }
            if list { return try ReviewListing(snapshot: snapshot, period: period).print(json: json) }
            if !isScripted { return try ReviewScreen(snapshot: snapshot, period: period).run() }
            try decide(snapshot: snapshot, period: period)
        }

        func decide(snapshot: CurationSnapshot, period: ReviewPeriod) throws {
            let recorder = try ReviewRecorder(snapshot: snapshot, period: period)
            let plan: [(CurationDecision, [String])] = [(.keep, keep), (.archive, archive), (.undo, undo)]
            // Resolve every argument before writing anything, so a typo writes nothing.
            var resolved: [(CurationDecision, Note)] = []
            for (decision, references) in plan {
                for reference in references {
                    let note = try snapshot.context.vault.resolve(reference, in: snapshot.notes)
                    if let why = snapshot.board.ineligibility(ofNoteAt: note.path, in: period) {
                        throw CLIError.notInReview(note: note.path, period: period.title, why: why)
                    }
                    resolved.append((decision, note))
                }
            }
            for (decision, note) in resolved {
                let identity = try recorder.record(decision, note)
                if identity.adopted { print("Added id \(identity.id) to \(note.path)") }
                let verb = decision == .keep ? "Kept" : decision == .archive ? "Archived" : "Undid the decision on"
                print("\(verb) \(note.path) in \(period.title)")
                fflush(nil)  // a decision reported is a decision saved, even if the process dies next
            }
            if finish {
                try recorder.finish()
                let after = CurationSnapshot.load(snapshot.context).board.review(period)
                print(
                    "Finished \(period.title): \(plural(after.decidedCount, "note")) decided, \(after.undecidedCount) left as they are."
                )
            }
        }
    }
}

extension ReviewLevel: ExpressibleByArgument {}
