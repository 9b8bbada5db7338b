/// Whether this process may start a watcher (`vault index --watch`) on its
/// own when ``WatcherPolicy`` says so.
///
/// `vault status --line` runs on every prompt: it reads the caches and
/// writes those it found missing or out of date as every command does
/// (best effort, so a read-only vault only costs it time), but a prompt
/// must not leave a background process behind, so its composition root
/// turns this off before any adapter is made.
public enum WatcherStarts {
    /// True unless the composition root turned watcher starts off for this process; set once, before any adapter reads.
    nonisolated(unsafe) public static var allowed = true
}
