/// `watcher:` in `.vault/config.yml`: when commands start a background
/// watcher (`vault index --watch`) that keeps the caches fresh from file events.
public enum WatcherMode: String, CaseIterable, Hashable, Sendable {
    /// For vaults of 10,000 notes or more.
    case auto
    case always
    case never
}
