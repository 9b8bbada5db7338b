import Foundation

/// Large values a command hands over instead of freeing them: the process
/// exits right after the command, and freeing a million ledger events one by
/// one costs most of a second that the operating system does at once.
public enum KeptUntilExit {
    nonisolated(unsafe) private static var values: [Any] = []
    nonisolated(unsafe) private static var freeing = false
    private static let lock = NSLock()

    /// Keeps `value` alive until the process exits (from any thread); after
    /// ``freeFromNowOn()``, lets it go as usual.
    public static func keep(_ value: Any) {
        lock.lock()
        if !freeing { values.append(value) }
        lock.unlock()
    }

    /// For a process that does not exit after one command (`vault serve`):
    /// what is handed over from now on is freed as usual, and what was kept is let go.
    public static func freeFromNowOn() {
        lock.lock()
        freeing = true
        values = []
        lock.unlock()
    }
}
