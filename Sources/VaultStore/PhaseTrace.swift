import Foundation

/// Phase timings on stderr when `VAULT_TRACE` is set (for benchmarks).
public struct PhaseTrace {
    let enabled = ProcessInfo.processInfo.environment["VAULT_TRACE"] != nil
    var last = Date()

    public init() {}

    /// Prints the time since the last mark, named `phase`.
    public mutating func mark(_ phase: String) {
        guard enabled else { return }
        let now = Date()
        FileHandle.standardError.write(Data("trace: \(phase): \(Int(now.timeIntervalSince(last) * 1000)) ms\n".utf8))
        last = now
    }
}
