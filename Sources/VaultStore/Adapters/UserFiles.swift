import Foundation
import VaultCore

/// ``NamedFiles``: files the person names, read whole, written as a
/// shell's `>` would (``NamedOutput``), and static sites (``SiteWriter``).
public struct UserFiles: NamedFiles, Sendable {
    public let vault: VaultLayout
    /// The folder relative paths start from.
    public let workingFolder: URL

    public init(vault: VaultLayout, workingFolder: URL) {
        self.vault = vault
        self.workingFolder = workingFolder
    }

    func url(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: workingFolder).standardizedFileURL }

    public func read(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: url(path))
        } catch {
            throw VaultStoreError.unreadable(path: path, reason: VaultStoreError.reason(of: error))
        }
    }

    /// Writes as a shell's `>` would (``NamedOutput``): atomically over a regular file, through a link, a device or a FIFO.
    public func write(_ data: Data, to path: String) throws { try NamedOutput.write(data, to: url(path)) }

    public func writeSite(_ pages: [(path: String, html: String)], attachments: [String], to folder: String) throws {
        try SiteWriter(root: url(folder), vault: vault).write(pages, attachments: attachments)
    }
}
