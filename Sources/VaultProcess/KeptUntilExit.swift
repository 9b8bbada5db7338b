import Foundation

/// Large values a command hands over instead of freeing them: the process
/// exits right after the command, and freeing a million ledger events one by
/// one costs most of a second that the operating system does at once.
public enum KeptUntilExit {
    nonisolated(unsafe) private static var values: [Any] = []
    private static let lock = NSLock()

    /// Keeps `value` alive until the process exits (from any thread).
    public static func keep(_ value: Any) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
