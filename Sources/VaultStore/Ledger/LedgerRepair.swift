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
        /// The conflict copies merged into this file (and removed).
        public var mergedCopies: [String] = []
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
            // The main files first, so that a conflict copy adds only what they lack.
            let names = store.fileNames()
            let copies = names.filter { LedgerStore.conflictCopyOriginal($0) != nil }
            for name in names where !copies.contains(name) {
                let path = ".vault/ledger/" + name
                let url = store.layout.url(of: path)
                guard FileIO.read(url.path, into: &buffer, followingLinks: false) else {
                    throw VaultStoreError.unreadable(path: path, reason: LedgerStore.unreadableReason(errno))
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
            for copy in copies {
                let path = ".vault/ledger/" + copy
                let url = store.layout.url(of: path)
                guard FileIO.read(url.path, into: &buffer, followingLinks: false) else {
                    throw VaultStoreError.unreadable(path: path, reason: LedgerStore.unreadableReason(errno))
                }
                let mainName = LedgerStore.conflictCopyOriginal(copy)!
                let mainPath = ".vault/ledger/" + mainName
                switch LedgerText.repaired(buffer, seen: &seen) {
                case .failure:
                    throw VaultStoreError.ledgerNotRepaired(
                        path: path,
                        reason:
                            "this conflict copy holds a line that is not a ledger event or is of a newer format; merge it by hand"
                    )
                case .success(let result):
                    // Its events that the main file lacks, after the header line.
                    let header = Array((LedgerLine.header + "\n").utf8)
                    let extra = Array(result.text.dropFirst(header.count))
                    if let k = planned.firstIndex(where: { $0.change.path == mainPath }) {
                        planned[k].text += extra
                        planned[k].change.mergedCopies.append(copy)
                    } else {
                        let mainURL = store.layout.url(of: mainPath)
                        var text = (FileManager.default.contents(atPath: mainURL.path).map { [UInt8]($0) }) ?? header
                        if let last = text.last, last != 0x0A { text.append(0x0A) }
                        planned.append(
                            (
                                mainURL, text + extra,
                                Change(path: mainPath, removedLines: 0, duplicates: 0, mergedCopies: [copy])
                            ))
                    }
                }
            }
            for plan in planned {
                try AtomicFile.write(Data(plan.text), to: plan.url)
                for copy in plan.change.mergedCopies {
                    try? FileManager.default.removeItem(at: store.layout.url(of: ".vault/ledger/" + copy))
                }
            }
            return planned.map(\.change)
        }
    }
}
