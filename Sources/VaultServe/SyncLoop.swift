import Foundation
import NIOPosix
import VaultApp
import VaultCore
import VaultWiring

/// `vault serve --sync EVERY`: the served vault synced through git on a
/// schedule (``Syncing``, the use case of `vault sync`: commit this
/// machine's changes, pull, push), so answers and notes given on the phone
/// reach every clone while the laptop sleeps, and theirs reach the phone.
/// Once when the server starts, then every `EVERY`. The last run's outcome
/// (what came in, the conflicting decisions it brought, or why it failed,
/// a merge conflict naming its files) is what the dashboard shows.
final class SyncLoop: @unchecked Sendable {
    /// One run's outcome.
    struct Report: Sendable {
        /// When it ended.
        var at: Date
        /// The events that came in, by kind (empty when it failed).
        var incoming: [String: Int] = [:]
        /// True when this machine's changes were committed.
        var committed = false
        /// Notes decided differently on two machines that the pull brought.
        var conflicts: [Syncing.NoteConflict] = []
        /// Why it failed, in the sentence `vault sync` prints; nil when it ran.
        var problem: String?
    }

    let vault: ServedVault
    /// Seconds between two runs.
    let every: Int
    private let lock = NSLock()
    private var last: Report?
    private var runs = 0

    init(vault: ServedVault, every: Int) {
        self.vault = vault
        self.every = every
    }

    /// The last run's outcome, nil before the first ended.
    var latest: Report? { lock.withLock { last } }

    /// Runs that ended.
    var count: Int { lock.withLock { runs } }

    /// Syncs now, then every ``every`` seconds, until the task is cancelled.
    func run() async {
        while !Task.isCancelled {
            await syncOnce()
            do { try await Task.sleep(nanoseconds: UInt64(every) * 1_000_000_000) } catch { return }
        }
    }

    /// One sync, on NIO's blocking pool (git and the ledger's files), recorded as ``latest``.
    func syncOnce() async {
        let report: Report
        do {
            report = try await NIOThreadPool.singleton.runIfActive { self.sync() }
        } catch {
            report = Report(at: Date(), problem: "\(error)")
        }
        lock.withLock {
            last = report
            runs += 1
        }
        if let problem = report.problem { ServeConsole.warning("sync: \(problem)") }
    }

    /// The sync itself, as `vault sync` runs it (no mass deletion committed).
    func sync() -> Report {
        do {
            let context = try vault.context()
            let result = try Syncing.run(context, allowMassDeletion: false)
            return Report(
                at: Date(), incoming: result.incoming, committed: result.outcome.committed, conflicts: result.conflicts)
        } catch {
            return Report(at: Date(), problem: ErrorWording.sentence(error))
        }
    }
}
