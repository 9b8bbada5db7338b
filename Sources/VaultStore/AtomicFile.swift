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
        let temp = folder.appendingPathComponent(
            ".\(url.lastPathComponent).vault-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        var mode: mode_t = 0o644
        var info = stat()
        if stat(url.path, &info) == 0 { mode = info.st_mode & 0o7777 }
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: url.path, reason: errnoDescription()) }
        var failure = data.withUnsafeBytes { FileIO.writeAll(fd, $0) }
        if failure == nil, fsync(fd) != 0 { failure = errnoDescription() }
        close(fd)
        if failure == nil, rename(temp.path, url.path) != 0 { failure = errnoDescription() }
        if let failure {
            unlink(temp.path)
            throw VaultStoreError.unwritable(path: url.path, reason: failure)
        }
        syncFolder(folder)
    }

    /// Creates `url` with `data` only if nothing exists there yet.
    /// - Throws: ``VaultStoreError/noteExists(_:)`` when the file exists.
    public static func create(_ data: Data, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Reserve the name first so two writers cannot both create it.
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw VaultStoreError.noteExists(url.path) }
            throw VaultStoreError.unwritable(path: url.path, reason: errnoDescription())
        }
        close(fd)
        try write(data, to: url)
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
