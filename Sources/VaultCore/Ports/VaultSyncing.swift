import Foundation

/// `vault sync` through git: commit the vault's changes, pull, push.
public protocol VaultSyncing {
    /// What a sync would do now, without doing it (a `git fetch` excepted when `fetch`).
    /// - Throws: for a vault outside git, without a remote, or mid-merge.
    func plan(fetch: Bool) throws -> SyncPlan
    /// Commits, pulls and pushes.
    /// - Throws: when git fails, or on a mass deletion without `allowMassDeletion`.
    func run(message: String, totalNotes: Int, allowMassDeletion: Bool) throws -> SyncOutcome
    /// This machine's id, which its commits are named after.
    func deviceID() throws -> String
}

/// What a sync would commit, and what is waiting upstream.
public struct SyncPlan: Sendable, Equatable {
    /// Vault-relative paths of notes and other files, by what happens to them.
    public var added: [String] = []
    public var changed: [String] = []
    public var deleted: [String] = []
    /// Lines added to the ledger files since the last commit.
    public var newLedgerLines = 0
    /// Files the remote branch changed that this clone lacks (after a fetch); nil when nothing could be fetched.
    public var incoming: [String]?

    public init() {}

    /// Notes (`*.md`) the commit would delete.
    public var deletedNotes: [String] { deleted.filter { $0.hasSuffix(".md") } }

    /// The guard against committing a mass deletion (a partial checkout, a
    /// folder moved away): more than this many notes, or a tenth of the vault.
    public static let deletionLimit = 20

    /// True when deleting `deleted` notes of a vault of `total` looks like an accident.
    public static func isMassDeletion(deleted: Int, total: Int) -> Bool {
        deleted > deletionLimit || (deleted > 0 && deleted * 10 > total)
    }
}

/// What a sync did.
public struct SyncOutcome: Sendable {
    /// True when local changes were committed.
    public var committed: Bool
    /// True when the push ran (false when there was no upstream branch yet and nothing to push).
    public var pushed: Bool

    public init(committed: Bool, pushed: Bool) {
        self.committed = committed
        self.pushed = pushed
    }
}
