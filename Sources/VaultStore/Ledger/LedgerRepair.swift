import Foundation
import VaultCore

/// `vault check --fix` for the ledger: rewrites each file without conflict
/// markers, malformed lines, a truncated last line and duplicate events,
/// keeping every valid event's line as it was. Each file is replaced
/// atomically under the ledger lock.
public struct LedgerRepair: Sendable {
    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    /// What one file's repair did.
    public struct Change: Sendable, Equatable {
        public var path: String
        /// Conflict markers, malformed and truncated lines removed.
        public var removedLines: Int
        /// Duplicate events removed.
        public var duplicates: Int
    }

    /// Repairs every ledger file; returns the files that changed. Every
    /// file is looked at before any is written: when one cannot be repaired
    /// without losing a line (a line that is not an event, a newer format),
    /// nothing is written.
    /// - Throws: ``VaultStoreError/ledgerNotRepaired(path:reason:)`` naming the file and line;
    ///   ``VaultStoreError`` when a file cannot be read or written.
    public func run() throws -> [Change] {
        try store.withLock {
            var seen = Set<LedgerEvent>()
            var planned: [(url: URL, text: [UInt8], change: Change)] = []
            var buffer = [UInt8]()
            for name in store.fileNames() {
                let path = ".vault/ledger/" + name
                let url = store.layout.url(of: path)
                guard FileIO.read(url.path, into: &buffer) else {
                    throw VaultStoreError.unreadable(path: path, reason: errnoDescription())
                }
                switch LedgerText.repaired(buffer, seen: &seen) {
                case .failure(.newerVersion(let version)):
                    throw VaultStoreError.ledgerNotRepaired(
                        path: path,
                        reason:
                            "line 1: the file is ledger format v\(version), newer than this vault (v\(LedgerLine.version)); update vault, then run `vault check --fix` again"
                    )
                case .failure(.unreadableLine(let line)):
                    throw VaultStoreError.ledgerNotRepaired(
                        path: path,
                        reason:
                            "line \(line) is not a ledger event; correct or delete it by hand (`vault check` shows why), then run `vault check --fix` again"
                    )
                case .success(let result):
                    guard result.text != buffer else { continue }
                    planned.append(
                        (
                            url, result.text,
                            Change(path: path, removedLines: result.removed, duplicates: result.duplicates)
                        ))
                }
            }
            for plan in planned { try AtomicFile.write(Data(plan.text), to: plan.url) }
            return planned.map(\.change)
        }
    }
}
