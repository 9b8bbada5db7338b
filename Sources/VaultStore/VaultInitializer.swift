import Foundation
import VaultCore

/// Creates a vault: `.vault/config.yml`, `.gitignore` and `.gitattributes`.
///
/// Works in an empty folder and in an existing folder of notes (an Obsidian
/// vault, say): no note is changed, and existing `.gitignore` and
/// `.gitattributes` files keep their lines and get only the missing ones.
public enum VaultInitializer {
    /// The `.gitignore` lines a vault needs: the caches, the per-clone state,
    /// and the temporary file an atomic write leaves if it is killed midway.
    public static let gitignoreLines = [".vault/cache/", ".vault/local/", ".*.vault-tmp-*"]
    /// The `.gitattributes` lines a vault needs: the ledger merges by union.
    public static let gitattributesLines = [".vault/ledger/*.log merge=union"]

    /// Makes `folder` a vault whose periods are computed in `timeZone`.
    /// - Returns: the vault-relative paths written or extended.
    /// - Throws: ``VaultStoreError/alreadyAVault(_:)`` when it already is one.
    @discardableResult
    public static func initialize(_ folder: URL, timeZone: TimeZone) throws -> [String] {
        let layout = VaultLayout(root: folder)
        let fm = FileManager.default
        if fm.fileExists(atPath: layout.configFile.path) { throw VaultStoreError.alreadyAVault(folder.path) }
        do {
            try fm.createDirectory(at: layout.dotVault, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(
                path: layout.dotVault.path, reason: (error as NSError).localizedDescription)
        }
        var written = [".vault/config.yml"]
        let config = VaultConfig(timeZoneIdentifier: timeZone.identifier)
        try ConfigFile.write(config, to: layout)
        if try appendMissingLines(gitignoreLines, to: layout.url(of: ".gitignore")) { written.append(".gitignore") }
        if try appendMissingLines(gitattributesLines, to: layout.url(of: ".gitattributes")) {
            written.append(".gitattributes")
        }
        return written
    }

    /// Appends the lines `file` lacks; true when it wrote anything.
    static func appendMissingLines(_ lines: [String], to file: URL) throws -> Bool {
        let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let present = Set(existing.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() })
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return false }
        var text = existing
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += missing.joined(separator: "\n") + "\n"
        try AtomicFile.write(Data(text.utf8), to: file)
        return true
    }
}
