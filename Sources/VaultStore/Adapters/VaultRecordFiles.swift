import Foundation
import VaultCore

/// ``VaultRecords`` on disk: the config, the ignore rules, the ledger's
/// yearly files and git's two files at the root, those that are regular files.
public struct VaultRecordFiles: VaultRecords, Sendable {
    public let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    public func recordFiles() -> [String] {
        var found = VaultRecordPath.fixed.filter { isRegularFile(layout.root.appendingPathComponent($0)) }
        let ledger = (try? FileManager.default.contentsOfDirectory(atPath: layout.ledgerFolder.path)) ?? []
        for name in ledger.sorted() {
            let path = ".vault/ledger/" + name
            if VaultRecordPath.isRecord(path), isRegularFile(layout.ledgerFolder.appendingPathComponent(name)) {
                found.append(path)
            }
        }
        return found.sorted()
    }

    /// lstat: a link here is not the vault's own file.
    func isRegularFile(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
