/// Whether this process may write the vault's caches (`.vault/cache/`) and
/// start a watcher that writes them.
///
/// Every cache is written through ``CacheFile`` (and the git dates through
/// `GitHistory`), best effort: a cache that cannot be written is rebuilt in
/// memory next time. `vault status --line` runs on every prompt and must
/// never write (a read-only vault, a vault another user owns, a prompt that
/// must not race a command typed meanwhile), so its composition root turns
/// writes off before any adapter is made; it then reads what the caches
/// hold and works out in memory whatever they lack.
public enum CacheWrites {
    /// True unless the composition root turned cache writes off for this process; set once, before any adapter reads.
    nonisolated(unsafe) public static var allowed = true
}
