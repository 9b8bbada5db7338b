import Foundation

/// Where everything lives inside a vault folder.
public struct VaultLayout: Hashable, Sendable {
    /// The vault's root folder (absolute, standardized).
    public let root: URL

    public init(root: URL) {
        // An absolute URL without a base, so that two layouts of one folder are equal.
        self.root = URL(fileURLWithPath: root.standardizedFileURL.path, isDirectory: true)
    }

    public var dotVault: URL { root.appendingPathComponent(".vault") }
    public var configFile: URL { dotVault.appendingPathComponent("config.yml") }
    public var ignoreFile: URL { dotVault.appendingPathComponent("ignore") }
    /// Git-ignored; deleting it loses nothing.
    public var cacheFolder: URL { dotVault.appendingPathComponent("cache") }
    /// Git-ignored; per clone (device id, sequence numbers, locks).
    public var localFolder: URL { dotVault.appendingPathComponent("local") }
    public var ledgerFolder: URL { dotVault.appendingPathComponent("ledger") }

    /// `.vault/trash/`: notes `vault rm` set aside (git-ignored).
    public var trashFolder: URL { dotVault.appendingPathComponent("trash") }

    /// `.vault/` and the folders in it that vault writes its own files into:
    /// each must be a real folder of the vault (or missing, to be made), never
    /// a symbolic link a collaborator committed to send them elsewhere.
    public var stateFolders: [String] { [".vault", ".vault/cache", ".vault/local", ".vault/trash", ".vault/ledger"] }

    /// The state folders that are there but are no folder of the vault's
    /// own, with why (`is a symbolic link to …`, `is not a folder`).
    public func misplacedStateFolders() -> [(path: String, reason: String)] {
        stateFolders.compactMap { path in
            let full = url(of: path).path
            var info = stat()
            guard lstat(full, &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return nil
            case S_IFLNK:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
                return (path, "is a symbolic link (to \(target)), not a folder")
            default: return (path, "is a file, not a folder")
            }
        }
    }

    /// Refuses a vault whose state folders are not its own (``misplacedStateFolders()``).
    /// - Throws: ``VaultStoreError/linkedStateFolder(path:reason:)`` for the first.
    public func verifyStateFolders() throws {
        guard let first = misplacedStateFolders().first else { return }
        // The ledger's own words (it holds the history: the person replaces the link, not --fix).
        if first.path == ".vault/ledger", first.reason.hasPrefix("is a symbolic link") {
            throw VaultStoreError.linkedLedger(first.path)
        }
        throw VaultStoreError.linkedStateFolder(path: first.path, reason: first.reason)
    }

    /// The absolute URL of a vault-relative path.
    public func url(of relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The vault-relative path of a URL inside the vault, or nil when it is outside.
    public func relativePath(of url: URL) -> String? {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(rootPath) else { return nil }
        return String(path.dropFirst(rootPath.count))
    }
}
