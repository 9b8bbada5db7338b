import Foundation
import VaultCore

/// A folder written whole or not at all (`vault import json FILE DIR`, a
/// backup restored): every file goes into a hidden folder beside `root`
/// (`.NAME.vault-tmp-PID-RANDOM`), is fsynced, and the folder is renamed
/// into place once all are there. `root` must be missing or empty; a
/// failure or a kill leaves nothing at `root`.
public struct NewFolder {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// Refuses a `root` that holds anything.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public func checkEmpty() throws {
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: root.path), !existing.isEmpty {
            throw VaultStoreError.unwritable(
                path: root.path, reason: "the folder is not empty; give a new or empty folder (nothing is written over)"
            )
        }
        var info = stat()
        if lstat(root.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw VaultStoreError.unwritable(path: root.path, reason: "it is a file, not a folder")
        }
    }

    /// A hidden folder beside `root` to fill, made now (0755).
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public func makeTemporary() throws -> URL {
        let parent = root.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(path: parent.path, reason: VaultStoreError.reason(of: error))
        }
        let temp = parent.appendingPathComponent(
            ".\(root.lastPathComponent)\(AtomicFile.temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard mkdir(temp.path, 0o755) == 0 else {
            throw VaultStoreError.unwritable(path: root.path, reason: String(cString: strerror(errno)))
        }
        return temp
    }

    /// Puts the filled `temp` in place: renamed to `root` when there is
    /// nothing there; when `root` is an empty folder (the shell may stand in
    /// it), each of `temp`'s entries is renamed into it, `.vault` last, so a
    /// folder left half-filled by a kill is no vault.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``; `temp` is then removed.
    public func moveIntoPlace(_ temp: URL) throws {
        let fm = FileManager.default
        var info = stat()
        if lstat(root.path, &info) != 0 {
            guard rename(temp.path, root.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? fm.removeItem(at: temp)
                throw VaultStoreError.unwritable(path: root.path, reason: reason)
            }
            AtomicFile.syncFolder(root.deletingLastPathComponent())
            return
        }
        try checkEmpty()
        let names = ((try? fm.contentsOfDirectory(atPath: temp.path)) ?? []).sorted()
        let entries = names.filter { $0 != ".vault" } + names.filter { $0 == ".vault" }
        for name in entries {
            // rename(2) never replaces a folder that is not empty, and a file only if one appeared meanwhile.
            guard rename(temp.appendingPathComponent(name).path, root.appendingPathComponent(name).path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? fm.removeItem(at: temp)
                throw VaultStoreError.unwritable(path: root.appendingPathComponent(name).path, reason: reason)
            }
        }
        try? fm.removeItem(at: temp)
        AtomicFile.syncFolder(root)
    }

    /// Writes `files` (paths inside the folder, already checked by the caller) as the folder.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` naming the folder or the file that failed.
    public func write(_ files: [VaultFile]) throws {
        try checkEmpty()
        let temp = try makeTemporary()
        do {
            for file in files {
                guard case .success(let path) = VaultPath.normalized(file.name), path == file.name, !path.isEmpty else {
                    throw VaultStoreError.unwritable(
                        path: root.appendingPathComponent(file.name).path, reason: "not a path inside the folder")
                }
                let url = temp.appendingPathComponent(path)
                do {
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                } catch {
                    throw VaultStoreError.unwritable(
                        path: root.appendingPathComponent(path).deletingLastPathComponent().path,
                        reason: VaultStoreError.reason(of: error))
                }
                try Self.create(file.bytes, at: url, named: root.appendingPathComponent(path).path)
            }
            try moveIntoPlace(temp)
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    /// Writes `bytes` to a new file at `url` and fsyncs it; `name` is the path errors give.
    static func create(_ bytes: Data, at url: URL, named name: String) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: name, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    throw VaultStoreError.unwritable(path: name, reason: String(cString: strerror(errno)))
                }
                offset += n
            }
        }
        guard fsync(fd) == 0 else {
            throw VaultStoreError.unwritable(path: name, reason: String(cString: strerror(errno)))
        }
    }
}
