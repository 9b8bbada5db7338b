import VaultCore

extension ConfigFile {
    /// Reads `tips:` (true or false) and the `backup:` settings of ``BackupSettings`` into `config`;
    /// both stay as written in `extra`, for the file's next write.
    /// - Throws: ``VaultStoreError/badConfig(path:line:reason:)`` naming the key and its line.
    static func readTipsAndBackup(_ root: ConfigValue, into config: inout VaultConfig, path: String) throws {
        if let tips = root["tips"] {
            switch tips.scalar?.lowercased() {
            case "true", "yes", "on": config.tips = true
            case "false", "no", "off": config.tips = false
            default:
                throw VaultStoreError.badConfig(
                    path: path, line: tips.line,
                    reason: "'tips' must be true or false (false hides the memory tip of the day).")
            }
        }
        guard let backup = root["backup"] else { return }
        guard let entries = backup.entries else {
            throw VaultStoreError.badConfig(
                path: path, line: backup.line, reason: "'backup' must be a map, as {keep: 14}.")
        }
        for entry in entries where !BackupSettings.keys.contains(entry.key) {
            let guess = Suggestion.closest(to: entry.key, among: BackupSettings.keys).map { " Did you mean '\($0)'?" }
            config.warnings.append(
                Diagnostic(
                    code: "config-unknown-key", severity: .warning, path: path, line: entry.keyLine,
                    message:
                        "'backup.\(entry.key.elided(to: 80))' is not a setting vault reads (keep); it is kept as written.\(guess ?? "")"
                ))
        }
        if let keep = backup["keep"] {
            guard let n = wholeNumber(keep), BackupSettings.keepRange.contains(n) else {
                throw VaultStoreError.badConfig(
                    path: path, line: keep.line, reason: "'backup.keep' must be a number of archives from 1 to 1000.")
            }
            config.backup.keep = n
        }
    }
}
