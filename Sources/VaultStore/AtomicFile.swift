import Foundation

/// Writes files so that a reader (or a crash) sees either the old content or
/// the new, never a mix: write a temporary file beside the target, fsync it,
/// rename it over the target, fsync the folder.
public enum AtomicFile {
    /// Replaces (or creates) the file at `url` with `data`, keeping the old
    /// file's permissions.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        var mode: mode_t = 0o644
        var info = stat()
        if stat(url.path, &info) == 0 { mode = info.st_mode & 0o7777 }
        let temp = try temporary(data, for: url, mode: mode)
        if rename(temp.path, url.path) != 0 {
            let failure = errnoDescription()
            unlink(temp.path)
            throw VaultStoreError.unwritable(path: url.path, reason: failure)
        }
        syncFolder(folder)
        removeStaleTemporaries(in: folder)
    }

    /// Writes `data` to a new temporary file beside `url`, fsynced: `.NAME.vault-tmp-PID-RANDOM`.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``, leaving no temporary file.
    private static func temporary(_ data: Data, for url: URL, mode: mode_t) throws -> URL {
        let temp = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: url.path, reason: errnoDescription()) }
        var failure = data.withUnsafeBytes { FileIO.writeAll(fd, $0) }
        if failure == nil, fsync(fd) != 0 { failure = errnoDescription() }
        close(fd)
        if let failure {
            unlink(temp.path)
            throw VaultStoreError.unwritable(path: url.path, reason: failure)
        }
        return temp
    }

    /// What names a temporary file of an atomic write (`.NAME.vault-tmp-PID-RANDOM`).
    public static let temporaryMarker = ".vault-tmp-"

    /// A temporary file older than this was left by a write that was killed midway.
    public static let staleAfterSeconds = 60

    /// Removes the temporary files and folders of killed writes (older than
    /// a minute) in `folder`; a write in progress elsewhere is younger and left alone.
    static func removeStaleTemporaries(in folder: URL) {
        for url in staleTemporaries(in: folder) {
            if unlink(url.path) != 0, errno == EISDIR || errno == EPERM { try? FileManager.default.removeItem(at: url) }
        }
    }

    /// The temporary files in `folder` that killed atomic writes left behind,
    /// and the temporary folders of killed folder writes (an itinerary's
    /// import, ``ItineraryFiles``), older than a minute.
    public static func staleTemporaries(in folder: URL, now: Date = Date()) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasPrefix(".") && $0.contains(temporaryMarker) }.compactMap { name in
            let url = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFDIR
            else { return nil }
            let age = now.timeIntervalSince1970 - Double(info.modifiedNanoseconds) / 1e9
            return age > Double(staleAfterSeconds) ? url : nil
        }
    }

    /// Creates `url` with `data` only if nothing exists there yet.
    /// - Throws: ``VaultStoreError/noteExists(_:)`` when the file exists.
    public static func create(_ data: Data, at url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The whole content goes to a temporary file first, then is linked in
        // under the name, which fails if the name is taken: two writers
        // cannot both create it, and a writer killed at any point leaves no
        // note behind, empty or half-written (at most a temporary file, which
        // the next write in the folder removes once it is a minute old).
        let temp = try temporary(data, for: url, mode: 0o644)
        defer { unlink(temp.path) }
        guard link(temp.path, url.path) == 0 else {
            if errno == EEXIST { throw VaultStoreError.noteExists(url.path) }
            throw VaultStoreError.unwritable(path: url.path, reason: errnoDescription())
        }
        syncFolder(folder)
        removeStaleTemporaries(in: folder)
    }

    /// Makes a rename inside `folder` durable.
    static func syncFolder(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}
