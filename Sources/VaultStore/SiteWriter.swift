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

/// Writes a static site's files under a folder that is empty or missing
/// (never over something else), and copies the attachments.
public struct SiteWriter {
    public let root: URL
    public let vault: VaultLayout

    public init(root: URL, vault: VaultLayout) {
        self.root = root
        self.vault = vault
    }

    /// A plain create-and-write (no temporary file, no fsync: the site is made once, afresh).
    static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var text = text
        try text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw VaultStoreError.unwritable(path: path, reason: String(cString: strerror(errno))) }
                offset += n
            }
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

    public func write(_ files: some Collection<(path: String, html: String)>, attachments: [String]) throws {
        let fm = FileManager.default
        if let existing = try? fm.contentsOfDirectory(atPath: root.path), !existing.isEmpty {
            throw VaultStoreError.unwritable(path: root.path, reason: "the folder is not empty; give a new or empty folder")
        }
        if root.path.hasPrefix(vault.root.standardizedFileURL.path + "/"), !root.path.contains("/.") {
            throw VaultStoreError.unwritable(path: root.path, reason: "the site would be inside the vault and become notes' neighbours; give a folder outside it")
        }
        do {
            let files = Array(files)
            var made = Set<String>()
            for file in files {
                let folder = (root.path + "/" + file.path as NSString).deletingLastPathComponent
                if made.insert(folder).inserted {
                    try Self.named(folder) { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                }
            }
            // Files on every core: creating 100,000 files is the kernel's work, and it runs in parallel.
            let failure = FirstFailure()
            let chunk = 256
            let base = root.path
            DispatchQueue.concurrentPerform(iterations: (files.count + chunk - 1) / chunk) { c in
                for file in files[(c * chunk)..<min(files.count, (c + 1) * chunk)] {
                    do { try SiteWriter.write(file.html, to: base + "/" + file.path) } catch { failure.record(error) }
                }
            }
            if let error = failure.error { throw error }
            for path in attachments {
                let url = root.appendingPathComponent(path)
                try Self.named(url.path) {
                    try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try fm.copyItem(at: vault.url(of: path), to: url)
                }
            }
        } catch let error as VaultStoreError {
            throw error
        } catch {
            throw VaultStoreError.unwritable(path: root.path, reason: VaultStoreError.reason(of: error))
        }
    }
}
