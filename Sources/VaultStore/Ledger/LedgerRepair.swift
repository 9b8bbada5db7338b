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

    /// Repairs every ledger file; returns the files that changed.
    /// - Throws: ``VaultStoreError`` when a file cannot be read or written.
    public func run() throws -> [Change] {
        try store.withLock {
            var seen = Set<LedgerEvent.Identity>()
            var changes: [Change] = []
            var buffer = [UInt8]()
            for name in store.fileNames() {
                let path = ".vault/ledger/" + name
                let url = store.layout.url(of: path)
                guard FileIO.read(url.path, into: &buffer) else {
                    throw VaultStoreError.unreadable(path: path, reason: errnoDescription())
                }
                let result = LedgerText.repaired(buffer, seen: &seen)
                guard result.text != buffer else { continue }
                try AtomicFile.write(Data(result.text), to: url)
                changes.append(Change(path: path, removedLines: result.removed, duplicates: result.duplicates))
            }
            return changes
        }
    }
}
