/// Large values a command hands over instead of freeing them: the process
/// exits right after the command, and freeing a million ledger events one by
/// one costs most of a second that the operating system does at once.
package enum KeptUntilExit {
    nonisolated(unsafe) private static var values: [Any] = []

    /// Keeps `value` alive until the process exits.
    package static func keep(_ value: Any) { values.append(value) }
}
