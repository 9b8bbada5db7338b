import Foundation
import VaultCore

/// ``NamedFiles``: files the person names, read whole, written as a
/// shell's `>` would (``NamedOutput``), and static sites (``SiteWriter``).
public struct UserFiles: NamedFiles, Sendable {
    /// The vault a site's attachments are copied from; nil outside a vault
    /// (`vault fsrs --revlog` there reads a file and writes none).
    public let vault: VaultLayout?
    /// The folder relative paths start from; nil when its path is not UTF-8
    /// (then only absolute paths are taken).
    public let workingFolder: URL?

    public init(vault: VaultLayout?, workingFolder: URL?) {
        self.vault = vault
        self.workingFolder = workingFolder
    }

    /// `path` as a URL.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` for a relative path from a working folder that is not UTF-8.
    func url(_ path: String) throws -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        guard let workingFolder else {
            throw VaultStoreError.unwritable(
                path: path, reason: "the current folder's path is not UTF-8, so a relative path cannot be found from it; give an absolute path")
        }
        return URL(fileURLWithPath: path, relativeTo: workingFolder).standardizedFileURL
    }

    public func read(_ path: String) throws -> Data {
        let url = try url(path)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw VaultStoreError.unreadable(path: path, reason: VaultStoreError.reason(of: error))
        }
    }

    /// Writes as a shell's `>` would (``NamedOutput``): atomically over a regular file, through a link, a device or a FIFO.
    public func write(_ data: Data, to path: String) throws { try NamedOutput.write(data, to: try url(path)) }

    /// `open(2)` with `O_CREAT | O_EXCL | O_NOFOLLOW` and mode 0600.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` when `path` is there already (a link too) or cannot be made.
    public func createPrivate(_ data: Data, at path: String) throws {
        let url = try url(path)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: path, reason: String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard written == data.count else {
            unlink(url.path)
            throw VaultStoreError.unwritable(path: path, reason: reason)
        }
    }

    /// `unlink(2)`: the link itself, never what one leads to.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` when it cannot be removed.
    public func removePrivate(at path: String) throws {
        let url = try url(path)
        guard unlink(url.path) == 0 else { throw VaultStoreError.unwritable(path: path, reason: String(cString: strerror(errno))) }
    }

    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` outside a vault, and as ``SiteWriter`` does.
    public func writeSite(_ pages: [(path: String, html: String)], attachments: [String], to folder: String) throws {
        try writeSite(pages, assets: [], attachments: attachments, to: folder)
    }

    public func writeSite(
        _ pages: [(path: String, html: String)], assets: [(path: String, bytes: Data)], attachments: [String],
        to folder: String
    ) throws {
        guard let vault else {
            throw VaultStoreError.unwritable(path: folder, reason: "a site is made from a vault; run this inside one")
        }
        try SiteWriter(root: try url(folder), vault: vault).write(pages, assets: assets, attachments: attachments)
    }

    public func writeNewFolder(_ files: [VaultFile], to folder: String) throws {
        try NewFolder(root: try url(folder)).write(files)
    }
}
