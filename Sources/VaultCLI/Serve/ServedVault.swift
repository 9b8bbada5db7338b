import Foundation
import VaultApp
import VaultCore
import VaultProcess

/// The vault as `vault serve` reads it for each request: what a command run
/// now would read, except that the notes' summaries and the replayed ledger
/// are kept from one request to the next as long as nothing in the vault
/// changed (a count of file events, ``CompositionRoot/vaultChanges(_:)``).
/// An edit, a command, a `git pull` or an answer from another tab changes
/// the count, and the next request reads the vault again, as a command
/// would; so a page is never older than the files, and a request that
/// follows no change costs no scan and no replay.
package final class ServedVault: @unchecked Sendable {
    /// The context a command would get now (the composition root's).
    private let open: () throws -> AppContext
    /// The vault's change count now (nil: no watching here; every request reads afresh).
    private let changes: (() -> UInt64)?
    private let lock = NSLock()
    private var kept: (count: UInt64, notes: KeptSummaries, ledger: any LedgerSource)?
    /// The count at which freed memory was last handed back.
    private var settled: UInt64?

    init(open: @escaping () throws -> AppContext, changes: (() -> UInt64)?) {
        self.open = open
        self.changes = changes
    }

    /// The use cases' context for one request: the config read and the
    /// clock read now, the notes and ledger those of the last request when
    /// the vault has not changed since.
    /// - Throws: when the vault cannot be found or opened.
    package func context() throws -> AppContext { try request().context }

    /// ``context()``, with the change count it was made at (nil: changes
    /// are not counted here): two requests of one count see the same vault.
    package func request() throws -> (context: AppContext, count: UInt64?) {
        let fresh = try open()
        guard let changes else { return (fresh, nil) }
        let count = changes()
        return lock.withLock {
            if let kept, kept.count == count {
                return (fresh.replacing(notes: kept.notes, ledger: kept.ledger), count)
            }
            let notes = KeptSummaries(fresh.notes)
            kept = (count, notes, fresh.ledger)
            return (fresh.replacing(notes: notes, ledger: fresh.ledger), count)
        }
    }

    /// Says that a request made at change count `count` is answered after
    /// `seconds`: the first to finish after a change, and any that worked
    /// long (a page that read the whole card log: its temporaries are
    /// hundreds of megabytes at 100,000 notes), hand the memory they freed
    /// back to the system (``FreedMemory``, a few milliseconds), so the
    /// server's size is what it keeps, not the most it ever read.
    package func finished(count: UInt64?, seconds: Double) {
        let changed = lock.withLock {
            defer { settled = count }
            return count != settled
        }
        if changed || seconds >= Self.longRequest { FreedMemory.returnToSystem() }
    }

    /// A request this long read enough to be worth trimming after.
    static let longRequest = 0.05
}
