import Foundation
import VaultCore

/// `vault sync`: what would be committed, then commit, pull and push, and
/// count the events that came in with the pull.
public enum Syncing {
    /// What a sync did, and the new events it brought, counted by kind.
    public struct Result {
        public var outcome: SyncOutcome
        public var incoming: [String: Int]
    }

    /// What a sync would do now (a `git fetch` excepted when `fetch`).
    /// - Throws: the git adapter's refusals (no repository, no remote, mid-merge…).
    public static func plan(_ context: AppContext, fetch: Bool) throws -> SyncPlan {
        try context.sync.plan(fetch: fetch)
    }

    /// Commits as this machine, pulls and pushes.
    /// - Throws: git's failures, and a mass deletion without `allowMassDeletion`.
    public static func run(_ context: AppContext, allowMassDeletion: Bool) throws -> Result {
        let before = Set(context.ledger.history().events.map(\.identity))
        let device = try context.sync.deviceID()
        let notes = context.notes.summaries().notes.count
        let outcome = try context.sync.run(
            message: "vault sync from \(device)", totalNotes: notes, allowMassDeletion: allowMassDeletion)
        var counts: [String: Int] = [:]
        for event in context.ledger.history().events where !before.contains(event.identity) {
            counts[event.kind, default: 0] += 1
        }
        return Result(outcome: outcome, incoming: counts)
    }
}
