import Foundation

/// Writes a file the person named (`--out`, `--html`) as a shell's `>`
/// would: a regular file (or a name not taken) is replaced atomically
/// (``AtomicFile``); a symbolic link, a character device (`/dev/null`, a
/// terminal) or a FIFO is written through, never replaced by a regular file;
/// a folder, a block device or a socket is refused with a sentence.
public enum NamedOutput {
    /// What kind of thing is at a path, as far as writing it goes.
    enum Target: Equatable {
        case absent, regular, throughLink, device, fifo
        case refused(String)
    }

    /// What is at `path` (not following a last symbolic link).
    static func target(_ path: String) -> Target {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? .absent : .refused(errnoDescription()) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFLNK: return .throughLink
        case S_IFCHR: return .device
        case S_IFIFO: return .fifo
        case S_IFDIR: return .refused("it is a folder; give the name of a file to write")
        case S_IFBLK: return .refused("it is a block device (a disk or a partition), which vault never writes onto")
        case S_IFSOCK: return .refused("it is a socket, which cannot be written like a file")
        default: return .refused("it is not a file vault can write")
        }
    }

    /// Writes `data` to `url`.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` naming the path.
    public static func write(_ data: Data, to url: URL) throws {
        switch target(url.path) {
        case .absent, .regular: try AtomicFile.write(data, to: url)
        case .throughLink, .device, .fifo: try writeThrough(data, to: url.path)
        case .refused(let reason): throw VaultStoreError.unwritable(path: url.path, reason: reason)
        }
    }

    /// Opens `path` as `>` does (following a link, creating the file a
    /// dangling link names, truncating a regular file) and writes `data`.
    static func writeThrough(_ data: Data, to path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw VaultStoreError.unwritable(path: path, reason: "it leads to a folder; give the name of a file to write")
            case S_IFBLK:
                throw VaultStoreError.unwritable(
                    path: path, reason: "it leads to a block device (a disk or a partition), which vault never writes onto")
            case S_IFSOCK:
                throw VaultStoreError.unwritable(path: path, reason: "it leads to a socket, which cannot be written like a file")
            default: break
            }
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: path, reason: errnoDescription()) }
        defer { close(fd) }
        if let failure = data.withUnsafeBytes({ FileIO.writeAll(fd, $0) }) {
            throw VaultStoreError.unwritable(path: path, reason: failure)
        }
    }
}
