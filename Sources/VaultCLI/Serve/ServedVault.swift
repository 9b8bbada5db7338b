import Foundation
import VaultApp
import VaultCore
import VaultProcess

/// The vault as `vault serve` reads it for each request: what a command run
/// now would read, except that the notes' summaries are kept from one
/// request to the next as long as no note changed, and the replayed ledger
/// as long as the ledger did not (counts of file events, `VaultChanges`).
/// An edit, a command, a `git pull` or an answer from another tab changes a
/// count, and the next request reads that part again, as a command would;
/// so a page is never older than the files, and a request that follows no
/// change costs no scan and no replay.
package final class ServedVault: @unchecked Sendable {
    /// What the vault's change counts were when a context was made: two
    /// requests of one version see the same vault.
    package struct Version: Hashable, Sendable {
        /// Changes to the notes (and the config, ignore rules, git).
        package var notes: UInt64
        /// Changes to the ledger (and the config).
        package var ledger: UInt64

        package init(notes: UInt64, ledger: UInt64) {
            self.notes = notes
            self.ledger = ledger
        }
    }

    /// The context a command would get now (the composition root's).
    private let open: () throws -> AppContext
    /// The vault's change counts now (nil: no watching here; every request reads afresh).
    private let changes: (() -> Version)?
    private let lock = NSLock()
    private var keptNotes: (count: UInt64, notes: KeptSummaries)?
    private var keptLedger: (count: UInt64, ledger: any LedgerSource)?
    /// The version at which freed memory was last handed back.
    private var settled: Version?

    init(open: @escaping () throws -> AppContext, changes: (() -> Version)?) {
        self.open = open
        self.changes = changes
    }

    /// The use cases' context for one request: the config read and the
    /// clock read now, the notes and ledger those of the last request when
    /// the vault has not changed since.
    /// - Throws: when the vault cannot be found or opened.
    package func context() throws -> AppContext { try request().context }

    /// ``context()``, with the version it was made at (nil: changes are
    /// not counted here).
    package func request() throws -> (context: AppContext, version: Version?) {
        let fresh = try open()
        guard let changes else { return (fresh, nil) }
        let version = changes()
        return lock.withLock {
            if keptNotes?.count != version.notes { keptNotes = (version.notes, KeptSummaries(fresh.notes)) }
            if keptLedger?.count != version.ledger { keptLedger = (version.ledger, fresh.ledger) }
            return (fresh.replacing(notes: keptNotes!.notes, ledger: keptLedger!.ledger), version)
        }
    }

    /// Says that a request made at `version` is answered after `seconds`:
    /// the first to finish after a change, and any that worked long (a page
    /// that read the whole card log: its temporaries are hundreds of
    /// megabytes at 100,000 notes), hand the memory they freed back to the
    /// system (``FreedMemory``, a few milliseconds), so the server's size is
    /// what it keeps, not the most it ever read.
    package func finished(version: Version?, seconds: Double) {
        let changed = lock.withLock {
            defer { settled = version }
            return version != settled
        }
        if changed || seconds >= Self.longRequest { FreedMemory.returnToSystem() }
    }

    /// A request this long read enough to be worth trimming after.
    static let longRequest = 0.05
}
