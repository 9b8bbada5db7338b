import Foundation
import VaultCore

@testable import VaultStore

/// The fixed, varied vault every cache fingerprint is taken from:
/// ExampleVault (its notes, ledger and config) with ``TrickyNotes`` added,
/// copied into a temporary folder. The files' stat fields are made up and the
/// same on every run (sizes are the files' own; inodes, modification and
/// change times come from each path), so that nothing a cache stores depends
/// on where or when the test runs.
final class CacheCorpus {
    let root: URL
    let layout: VaultLayout
    let vault: Vault
    /// Every note of the corpus, in path order, with its stat fields fixed.
    let scan: ScannedFiles
    /// A digest of every input (each file's path and bytes, the config among
    /// them): when it differs from the recorded one, the corpus changed,
    /// not (only) a rule.
    let inputDigest: String

    /// The package's folder (this file is `Tests/VaultIndexTests/CacheFormats/…`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    init() throws {
        let manager = FileManager.default
        root = manager.temporaryDirectory.appendingPathComponent("vault-cache-corpus-\(UUID().uuidString)")
        try manager.copyItem(at: Self.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        // What running vault in ExampleVault may have left there is no input.
        for folder in [".vault/cache", ".vault/local", ".vault/trash"] {
            try? manager.removeItem(at: root.appendingPathComponent(folder))
        }
        for (path, bytes) in TrickyNotes.notes {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try Data(TrickyNotes.ledger.utf8).write(to: root.appendingPathComponent(".vault/ledger/tricky.log"))
        layout = VaultLayout(root: root)
        vault = try Vault(layout: layout)
        let found = VaultScanner(layout: layout).scanFiles().files.sorted { $0.path < $1.path }
        scan = ScannedFiles(found.map(Self.fixed))
        inputDigest = Self.hex(try Self.digest(of: root))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// `file` with made-up stat fields that depend on its path only. Notes
    /// under `tricky/copied/` are modified within one minute (a copy, as
    /// `CopiedFileTimes` sees it); the others a day or more apart.
    static func fixed(_ file: ScannedFile) -> ScannedFile {
        let hash = StableHash.fnv1a(file.path)
        let seconds: Int64 =
            file.path.hasPrefix("tricky/copied/")
            ? 1_790_000_040 + Int64(hash % 15) : 1_780_000_000 + Int64(hash % 400) * 86_400 + Int64(hash % 3_600)
        let nanoseconds = seconds * 1_000_000_000 + Int64(hash % 1_000_000)
        return ScannedFile(
            path: file.path, size: file.size, modified: nanoseconds, changed: nanoseconds + 1,
            inode: 1_000 + hash % 1_000_000)
    }

    /// `state` with the stat fields of its ledger file made up, as ``fixed(_:)`` does for notes.
    static func fixed(_ state: LedgerStore.FileState) -> LedgerStore.FileState {
        var state = state
        let hash = StableHash.fnv1a(state.path)
        state.inode = 2_000 + hash % 1_000_000
        state.modified = 1_795_000_000_000_000_000 + Int64(hash % 1_000_000_000)
        state.changed = state.modified + 1
        return state
    }

    /// FNV-1a of every file under `folder` (paths and bytes, in path order).
    static func digest(of folder: URL) throws -> UInt64 {
        let base = folder.standardizedFileURL.path + "/"
        var paths: [String] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
        var hash = StableHash.fnvOffset
        for path in paths.sorted() {
            hash = StableHash.fnv1a(path + "\u{0}", seed: hash)
            hash = StableHash.fnv1a(try Data(contentsOf: folder.appendingPathComponent(path)), seed: hash)
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
