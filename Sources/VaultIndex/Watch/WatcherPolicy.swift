import VaultCore

/// When a command starts a watcher by itself: the one place that decides.
///
/// `watcher:` in `.vault/config.yml` says `auto` (the default: vaults of
/// ``autoThreshold`` notes or more, where a scan costs tens of milliseconds
/// a command), `always` or `never`; `VAULT_NO_WATCHER` set to anything but
/// the empty string means never, whatever the config says. No command on a
/// smaller vault leaves a process behind.
public enum WatcherPolicy {
    public static let autoThreshold = 10_000

    /// Whether a command that had to scan `noteCount` notes should start a watcher.
    public static func shouldStart(_ mode: WatcherMode, noteCount: Int, disabledByEnvironment: Bool) -> Bool {
        guard !disabledByEnvironment else { return false }
        switch mode {
        case .always: return true
        case .never: return false
        case .auto: return noteCount >= autoThreshold
        }
    }
}
