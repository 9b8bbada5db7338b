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
