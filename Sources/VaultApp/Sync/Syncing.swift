import Foundation
import VaultCore

/// `vault sync`: what would be committed, then commit, pull and push, and
/// count the events that came in with the pull.
public enum Syncing {
    /// What a sync did, and the new events it brought, counted by kind.
    public struct Result {
        public var outcome: SyncOutcome
        public var incoming: [String: Int]
        /// Conflicting decisions that the pull brought (none before it), by period then note.
        public var conflicts: [NoteConflict] = []
    }

    /// Two machines' different decisions on one note in one period, and the note's path when it is in the vault.
    public struct NoteConflict: Sendable {
        public var conflict: CurationState.Conflict
        public var path: String?
        /// The decision in force: the later one.
        public var standing: CurationState.Decided { conflict.decisions.last! }
    }

    /// What a sync would do now (a `git fetch` excepted when `fetch`).
    /// - Throws: the git adapter's refusals (no repository, no remote, mid-merge…).
    public static func plan(_ context: AppContext, fetch: Bool) throws -> SyncPlan {
        try context.sync.plan(fetch: fetch)
    }

    /// Commits as this machine, pulls and pushes.
    /// - Throws: git's failures, and a mass deletion without `allowMassDeletion`.
    public static func run(_ context: AppContext, allowMassDeletion: Bool) throws -> Result {
        let history = context.ledger.history()
        let before = Set(history.events.map(\.identity))
        let conflictsBefore = Set(CurationState(history).conflicts)
        let device = try context.sync.deviceID()
        let summaries = context.notes.summaries().notes
        let outcome = try context.sync.run(
            message: "vault sync from \(device)", totalNotes: summaries.count, allowMassDeletion: allowMassDeletion)
        let after = context.ledger.history()
        var counts: [String: Int] = [:]
        for event in after.events where !before.contains(event.identity) {
            counts[event.kind, default: 0] += 1
        }
        var paths: [String: String] = [:]
        for note in summaries { if let id = note.id?.lowercased() { paths[id] = note.path } }
        let conflicts = CurationState(after).conflicts.filter { !conflictsBefore.contains($0) }.map {
            NoteConflict(conflict: $0, path: paths[$0.note.lowercased()])
        }
        return Result(outcome: outcome, incoming: counts, conflicts: conflicts)
    }
}
