import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault sync`: show what goes out, commit, pull (ledger merged by union), push; report what came in.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sync", 
            abstract: "Commit the vault's changes, pull, push, and report the events that came in.",
            discussion: """
                Commits only the vault's own folder, after listing what it commits (notes added, changed, \
                deleted; new ledger lines). It refuses to commit the deletion of more than 20 notes or a \
                tenth of the vault unless --yes, and to start while git is in the middle of a merge or rebase. \
                The ledger merges by union; when two machines edited the same note, it names the notes and \
                the commands to finish or abort the merge.

                The first sync of a repository without a commit (a clone of an empty remote, a fresh \
                `git init` with a remote) makes the first commit and pushes it with upstream. Conflicting \
                decisions that came in with the pull are listed: the note, each machine's decision and time, \
                and which one stands (the later).

                Examples:
                  vault sync --dry-run   # what would be committed, and what is waiting upstream
                  vault sync
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "List what would be committed and what is coming in; change nothing (a git fetch excepted).")
        var dryRun = false

        @Flag(help: "Commit even when many notes were deleted.")
        var yes = false

        func run() throws {
            let context = try global.context()
            let plan = try Syncing.plan(context.app(), fetch: dryRun)
            printPlan(plan, context: context)
            if dryRun { return }
            let result = try Syncing.run(context.app(), allowMassDeletion: yes)
            let outcome = result.outcome
            let counts = result.incoming
            context.output.line(outcome.committed ? "Committed local changes." : "No local changes to commit.")
            if counts.isEmpty {
                context.output.line("Pulled and pushed; no new events came in.")
            } else {
                let total = counts.values.reduce(0, +)
                let parts = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                context.output.line("Pulled and pushed; \(plural(total, "new event")) came in: \(parts).")
            }
            printConflicts(result.conflicts, context: context)
        }

        /// The conflicting decisions that came in: the note, each machine's decision and time, which stands and why.
        func printConflicts(_ conflicts: [Syncing.NoteConflict], context: CommandContext) {
            guard !conflicts.isEmpty else { return }
            let out = context.output
            out.line(out.style.yellow("\(plural(conflicts.count, "conflict")) between machines came in:"))
            for item in conflicts {
                let period = item.conflict.period
                let parts = item.conflict.decisions.map {
                    "\($0.device) chose \($0.decision.rawValue) at \(VaultDate.isoString($0.time))"
                }.joined(separator: ", ")
                out.line(
                    "  \(item.path ?? item.conflict.note) in \(period.id): \(parts); \(item.standing.decision.rawValue) stands, the later decision. "
                        + out.style.dim("vault review \(period.level.rawValue) \(period.id)") + " decides again.")
            }
        }

        /// What goes out (and, with --dry-run, what is coming in).
        func printPlan(_ plan: SyncPlan, context: CommandContext) {
            let out = context.output
            // Every path but the ledger's files, which are counted as ledger lines below.
            let notes = { (paths: [String]) in paths.filter { !$0.hasPrefix(".vault/ledger/") } }
            let lines =
                notes(plan.added).map { "  added    \($0)" } + notes(plan.changed).map { "  changed  \($0)" }
                + notes(plan.deleted).map { "  deleted  \($0)" }
            if dryRun || !lines.isEmpty || plan.newLedgerLines > 0 {
                out.line(dryRun ? "Would commit:" : "Committing:")
                for line in lines { out.line(line) }
                if plan.newLedgerLines > 0 { out.line("  \(plural(plan.newLedgerLines, "new ledger line"))") }
                if lines.isEmpty && plan.newLedgerLines == 0 { out.line("  nothing") }
            }
            if dryRun {
                if let incoming = plan.incoming {
                    out.line(incoming.isEmpty ? "Nothing is coming in." : "Coming in:")
                    for path in incoming { out.line("  \(path)") }
                } else {
                    out.line("Nothing could be fetched (no upstream branch yet).")
                }
                if SyncPlan.isMassDeletion(deleted: plan.deletedNotes.count, total: 0) {
                    out.line(
                        "vault sync would refuse: it deletes \(plural(plan.deletedNotes.count, "note")); give --yes if that is meant."
                    )
                }
            }
        }
    }
}
