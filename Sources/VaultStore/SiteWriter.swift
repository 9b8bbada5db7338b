import Foundation
import VaultCore

/// Writes a static site's files under a folder that is empty or missing
/// (never over something else), and copies the attachments.
public struct SiteWriter {
    public let root: URL
    public let vault: VaultLayout

    public init(root: URL, vault: VaultLayout) {
        self.root = root
        self.vault = vault
    }

    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` when DIR holds files, lies inside the vault, or cannot be written.
    public func write(_ files: some Collection<(path: String, html: String)>, attachments: [String]) throws {
        let fm = FileManager.default
        if let existing = try? fm.contentsOfDirectory(atPath: root.path), !existing.isEmpty {
            throw VaultStoreError.unwritable(path: root.path, reason: "the folder is not empty; give a new or empty folder")
        }
        if root.path.hasPrefix(vault.root.standardizedFileURL.path + "/"), !root.path.contains("/.") {
            throw VaultStoreError.unwritable(path: root.path, reason: "the site would be inside the vault and become notes' neighbours; give a folder outside it")
        }
        do {
            var made = Set<String>()
            for file in files {
                let url = root.appendingPathComponent(file.path)
                let folder = url.deletingLastPathComponent().path
                if made.insert(folder).inserted { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try Data(file.html.utf8).write(to: url)
            }
            for path in attachments {
                let url = root.appendingPathComponent(path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: vault.url(of: path), to: url)
            }
        } catch let error as VaultStoreError {
            throw error
        } catch {
            throw VaultStoreError.unwritable(path: root.path, reason: (error as NSError).localizedDescription)
        }
    }
}
