import Foundation
import VaultCore

/// The first error of several threads.
final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var error: Error?
    func record(_ error: Error) {
        lock.lock()
        if self.error == nil { self.error = error }
        lock.unlock()
    }
}

/// Writes a static site's files as a folder that is empty or missing (never
/// over something else), and copies the attachments, all at once.
public struct SiteWriter {
    public let root: URL
    public let vault: VaultLayout

    public init(root: URL, vault: VaultLayout) {
        self.root = root
        self.vault = vault
    }

    /// A plain create-and-write (no temporary file, no fsync: the site is made once, afresh).
    static func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
    }

    /// `bytes` written as ``write(_:to:)`` writes text: `Data.write(to:)`
    /// syncs each file to disk, which made the KaTeX assets cost 65 fsyncs
    /// per export (benchmarks/STARTUP.md).
    static func write(_ bytes: Data, to path: String) throws {
        try bytes.withUnsafeBytes { try write($0, to: path) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw VaultStoreError.unwritable(path: path, reason: String(cString: strerror(errno))) }
            offset += n
        }
    }

    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` when DIR holds files, lies inside the vault, or cannot be written.
    /// Runs `body`, turning what Foundation throws into an error that names `path`.
    private static func named(_ path: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw VaultStoreError.unwritable(path: path, reason: VaultStoreError.reason(of: error))
        }
    }

    /// Writes the site into a new hidden folder beside `root` and renames it
    /// into place when every file is written: a failure or a kill leaves no
    /// half-written site (at most the hidden folder, which ``staleFolders(beside:)`` names).
    /// A collision between a page and a vault file is named before anything is written.
    public func write(
        _ files: some Collection<(path: String, html: String)>, assets: [(path: String, bytes: Data)] = [],
        attachments: [String]
    ) throws {
        let fm = FileManager.default
        if let existing = try? fm.contentsOfDirectory(atPath: root.path), !existing.isEmpty {
            throw VaultStoreError.unwritable(path: root.path, reason: "the folder is not empty; give a new or empty folder")
        }
        if root.path.hasPrefix(vault.root.standardizedFileURL.path + "/"), !root.path.contains("/.") {
            throw VaultStoreError.unwritable(path: root.path, reason: "the site would be inside the vault and become notes' neighbours; give a folder outside it")
        }
        let files = Array(files)
        if let collision = SiteCollision.first(pages: files.map(\.path) + assets.map(\.path), attachments: attachments) {
            throw VaultStoreError.unwritable(
                path: root.path,
                reason:
                    "the vault's \(collision.path) has the name of \(collision.claimedBy); rename it or list it in .vault/ignore. Nothing was written")
        }
        let sources = try attachments.map { try VaultFileStore(layout: vault).contained($0) }
        let parent = root.deletingLastPathComponent()
        try Self.named(parent.path) { try fm.createDirectory(at: parent, withIntermediateDirectories: true) }
        let temp = parent.appendingPathComponent(
            ".\(root.lastPathComponent)\(AtomicFile.temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard mkdir(temp.path, 0o755) == 0 else {
            throw VaultStoreError.unwritable(path: root.path, reason: errnoDescription())
        }
        do {
            var made = Set<String>()
            for file in files {
                let folder = (temp.path + "/" + file.path as NSString).deletingLastPathComponent
                if made.insert(folder).inserted {
                    try Self.named(folder) { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                }
            }
            // Files on every core: creating 100,000 files is the kernel's work, and it runs in parallel.
            let failure = FirstFailure()
            let chunk = 256
            let base = temp.path
            DispatchQueue.concurrentPerform(iterations: (files.count + chunk - 1) / chunk) { c in
                for file in files[(c * chunk)..<min(files.count, (c + 1) * chunk)] {
                    do { try SiteWriter.write(file.html, to: base + "/" + file.path) } catch { failure.record(error) }
                }
            }
            if let error = failure.error { throw error }
            for (path, source) in zip(attachments, sources) {
                let url = temp.appendingPathComponent(path)
                try Self.named(root.appendingPathComponent(path).path) {
                    try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try fm.copyItem(at: source, to: url)
                }
            }
            for asset in assets {
                let url = temp.appendingPathComponent(asset.path)
                try Self.named(root.appendingPathComponent(asset.path).path) {
                    try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try SiteWriter.write(asset.bytes, to: url.path)
                }
            }
            // rename(2) replaces an empty folder, and fails on one that is not (someone wrote there meanwhile).
            guard rename(temp.path, root.path) == 0 else {
                throw VaultStoreError.unwritable(path: root.path, reason: errnoDescription())
            }
            AtomicFile.syncFolder(parent)
        } catch {
            try? fm.removeItem(at: temp)
            if let error = error as? VaultStoreError { throw error }
            throw VaultStoreError.unwritable(path: root.path, reason: VaultStoreError.reason(of: error))
        }
    }
}
