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
            let url =
                isPlainAbsolute(named)
                ? URL(fileURLWithPath: named, isDirectory: true)
                : (named.hasPrefix("/") ? URL(fileURLWithPath: named) : current.appendingPathComponent(named))
                    .standardizedFileURL
            guard isVault(url, fm) else { throw VaultStoreError.notAVault(named) }
            return VaultLayout(root: url)
        }
        if isPlainAbsolute(current.path) {
            // The same walk by the path's text (see isPlainAbsolute).
            var folder = Substring(current.path)
            while true {
                let url = URL(fileURLWithPath: String(folder), isDirectory: true)
                if isVault(url, fm) { return VaultLayout(root: url) }
                guard folder != "/" else { break }
                folder = folder[..<folder.lastIndex(of: "/")!]
                if folder.isEmpty { folder = "/" }
            }
            throw VaultStoreError.vaultNotFound(searchedFrom: current.path)
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

    /// Whether `path` is absolute and already standard: no empty, `.` or `..`
    /// part and no slash at the end (but `/`). Such a path is its own
    /// standardized form, and its parent is the text before its last slash,
    /// so it is walked without `URL.standardizedFileURL`, whose first use
    /// costs a command 0.1-0.2 ms of the runtime's conformance searches
    /// (benchmarks/STARTUP.md).
    static func isPlainAbsolute(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst().allSatisfy {
            !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8)
        }
    }

    private static func isVault(_ url: URL, _ fm: FileManager) -> Bool {
        var isDirectory: ObjCBool = false
        return fm.fileExists(atPath: url.appendingPathComponent(".vault").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
