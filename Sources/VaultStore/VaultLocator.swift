import Foundation

/// Finds the vault a command works on.
public enum VaultLocator {
    /// The vault from, in order: `explicit` (`--vault DIR`), `environment`
    /// (`$VAULT_DIR`), or the nearest folder at or above `current` that holds `.vault/`.
    /// - Throws: ``VaultStoreError/notAVault(_:)`` when a named folder is not a
    ///   vault, ``VaultStoreError/vaultNotFound(searchedFrom:)`` when none is found.
    public static func locate(explicit: String?, environment: String?, current: URL) throws -> VaultLayout {
        let fm = FileManager.default
        for named in [explicit, environment].compactMap({ $0 }).filter({ !$0.isEmpty }) {
            // A relative name is taken inside `current` (whether or not its URL ends in a slash).
            let url = (named.hasPrefix("/") ? URL(fileURLWithPath: named) : current.appendingPathComponent(named))
                .standardizedFileURL
            guard isVault(url, fm) else { throw VaultStoreError.notAVault(named) }
            return VaultLayout(root: url)
        }
        var folder = current.standardizedFileURL
        while true {
            if isVault(folder, fm) { return VaultLayout(root: folder) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        throw VaultStoreError.vaultNotFound(searchedFrom: current.path)
    }

    private static func isVault(_ url: URL, _ fm: FileManager) -> Bool {
        var isDirectory: ObjCBool = false
        return fm.fileExists(atPath: url.appendingPathComponent(".vault").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
