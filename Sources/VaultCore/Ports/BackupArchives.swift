import Foundation

/// A vault's backup archives: tar files, compressed with zstd (gzip where
/// zstd is missing), each written whole or not at all.
public protocol BackupArchives {
    /// Where archives go when no folder is named: `$XDG_DATA_HOME/vault/backups/NAME/`
    /// (`~/.local/share/vault/backups/NAME/`), NAME the vault's (``BackupName/folder(vault:path:)``).
    var defaultFolder: String { get }
    /// Writes the new archive `NAME.tar.zst` (or `.tar.gz`) in `folder` (made
    /// when missing, 0700) holding the vault's `files` (vault-relative paths);
    /// never over another archive.
    /// - Returns: the archive written.
    /// - Throws: an error naming the folder or the archiver's complaint; nothing is left behind.
    func create(named name: String, files: [String], in folder: String) throws -> BackupArchive
    /// The archives in `folder` whose names start with `prefix`, in name order (oldest first).
    func archives(in folder: String, prefix: String) -> [BackupArchive]
    /// Removes `archive`.
    /// - Throws: an error naming it when it cannot be removed.
    func remove(_ archive: BackupArchive) throws
    /// Unpacks the archive at `path` into `folder` (new or empty), whole or
    /// not at all; an archive holding anything but files and folders under
    /// its root (a link, a device, an absolute or `..` path), or no
    /// `.vault/config.yml`, is refused.
    /// - Returns: the number of files restored.
    /// - Throws: an error naming the archive or the folder and why.
    func restore(_ path: String, into folder: String) throws -> Int
}

/// One backup archive.
public struct BackupArchive: Hashable, Sendable {
    /// Where it is.
    public var path: String
    /// Its file name, `ExampleVault-2026-11-18-100000.tar.zst`.
    public var name: String
    /// Its size in bytes.
    public var bytes: Int64

    public init(path: String, name: String, bytes: Int64) {
        self.path = path
        self.name = name
        self.bytes = bytes
    }
}
