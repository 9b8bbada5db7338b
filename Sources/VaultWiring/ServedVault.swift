import Foundation
import VaultApp
import VaultCore
import VaultProcess
import VaultStore

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
    /// Whether changes are counted, so that requests share what the last one
    /// read (false where inotify is missing or its instances ran out).
    package var countsChanges: Bool { changes != nil }
    /// Lets go of what the adapters keep for the served vault (the catalog).
    private let forgetAdapters: () -> Void
    /// Waits for the adapters' writes still under way (the note catalog,
    /// written after the page that read the notes was answered).
    private let waitForAdapters: () -> Void
    private let lock = NSLock()
    private var keptNotes: (count: UInt64, notes: KeptSummaries)?
    private var keptLedger: (count: UInt64, ledger: any LedgerSource)?
    /// One search cache for every request, freshened when the notes changed (``ServedSearch``).
    private let search = ServedSearch()
    /// The version at which freed memory was last handed back.
    private var settled: Version?
    /// The scattered bytes right after the last time all was let go.
    private var scatteredFloor = 0

    init(
        open: @escaping () throws -> AppContext, changes: (() -> Version)?, forget: @escaping () -> Void = {},
        waitForWrites: @escaping () -> Void = {}
    ) {
        self.open = open
        self.changes = changes
        self.forgetAdapters = forget
        self.waitForAdapters = waitForWrites
    }

    /// Waits for the writes the adapters left under way, so that a server
    /// stopping leaves no cache half written (at 100,000 notes the catalog
    /// takes about 50 ms).
    package func finishWrites() { waitForAdapters() }

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
        let (notes, ledger) = lock.withLock {
            if keptNotes?.count != version.notes {
                // The new summaries take the link resolver of the last when no note's names changed.
                keptNotes = (version.notes, KeptSummaries(fresh.notes, earlier: keptNotes?.notes))
            }
            if keptLedger?.count != version.ledger {
                // The new ledger extends the replay the last one held (an answer: one line read).
                if let earlier = keptLedger?.ledger as? VaultLedger, let ledger = fresh.ledger as? VaultLedger {
                    ledger.continuing(earlier)
                }
                keptLedger = (version.ledger, fresh.ledger)
            }
            return (keptNotes!.notes, keptLedger!.ledger)
        }
        let search = search.engine(fresh.search, timeZone: fresh.config.timeZone, notes: version.notes)
        return (fresh.replacing(notes: notes, ledger: ledger, search: search), version)
    }

    /// Says that a request made at `version` is answered after `seconds`.
    ///
    /// The first to finish after a change (its own answer included), and
    /// any that worked long (a page that read the whole card log: its
    /// temporaries are hundreds of megabytes at 100,000 notes), hand the
    /// memory they freed back to the system (``FreedMemory``, a few
    /// milliseconds), so the server's size is what it keeps, not the most
    /// it ever read.
    ///
    /// What is kept can be scattered: a vault read for the first time
    /// (its caches built: every note parsed, the ledger replayed) leaves
    /// the summaries and the replay spread one block here and there over
    /// every page of that work, and no trim frees a page a block still
    /// holds (100,000 notes: 350 MB resident for 110 MB in use). Then the
    /// server lets go of all it keeps, and the next request reads it again
    /// from the caches, now written, into pages of its own.
    package func finished(version: Version?, seconds: Double) {
        let now = changes?() ?? version
        let changed = lock.withLock {
            defer { settled = now }
            return now != settled
        }
        guard changed || seconds >= Self.longRequest else { return }
        FreedMemory.returnToSystem()
        guard let usage = FreedMemory.usage() else { return }
        let beyond = usage.scattered - lock.withLock { scatteredFloor }
        guard beyond > Self.scatteredLimit, beyond > usage.inUse / 2 else { return }
        forgetAll()
        FreedMemory.returnToSystem()
        // What letting go did not gather (the server's own blocks) is not worth another read.
        let floor = FreedMemory.usage()?.scattered ?? 0
        lock.withLock { scatteredFloor = floor }
    }

    /// Lets go of everything kept; the next request reads the vault again.
    func forgetAll() {
        lock.withLock {
            keptNotes = nil
            keptLedger = nil
        }
        forgetAdapters()
    }

    /// Memory held this far beyond what is in use is worth a new read.
    static let scatteredLimit = 48 << 20

    /// A request this long read enough to be worth trimming after.
    static let longRequest = 0.05
}
