/// The vault's own files beside its notes and attachments: `.vault/config.yml`,
/// `.vault/ignore`, each `.vault/ledger/*.log`, and the `.gitignore` and
/// `.gitattributes` at its root. What a backup and a JSON export carry with
/// the notes, never the caches, `.vault/local/` (this clone's device and
/// reminders) or the trash. Their bytes are read through ``VaultFiles/read(_:)``.
public protocol VaultRecords {
    /// The vault-relative paths of those that exist as regular files, in path order.
    func recordFiles() -> [String]
}

/// Which vault-relative paths are records (``VaultRecords``): the rule an
/// import checks every path it is handed against.
public enum VaultRecordPath {
    /// The fixed records, in the order a vault lists them.
    public static let fixed = [".gitattributes", ".gitignore", ".vault/config.yml", ".vault/ignore"]

    /// True for a record's path: a fixed one, or `.vault/ledger/NAME.log`
    /// (NAME not empty, not hidden, no `/`, no control character).
    public static func isRecord(_ path: String) -> Bool {
        if fixed.contains(path) { return true }
        let prefix = ".vault/ledger/"
        guard path.hasPrefix(prefix), path.hasSuffix(".log") else { return false }
        let name = path.dropFirst(prefix.count)
        return name.count > 4 && !name.hasPrefix(".") && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
