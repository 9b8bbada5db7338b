import Foundation

/// Wrong tokens counted per client address: past ``limit`` in a minute, the
/// address gets 429 for the rest of that minute, right token or not (so a
/// token cannot be guessed at the speed of a loop).
final class FailedTokens: @unchecked Sendable {
    /// Wrong tokens allowed per address per ``window``.
    let limit: Int
    /// The window, in seconds.
    let window: TimeInterval
    private var failures: [String: [Date]] = [:]
    private let lock = NSLock()

    init(limit: Int = 10, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// True when `address` gave too many wrong tokens lately.
    func isBlocked(_ address: String, now: Date = Date()) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let recent = (failures[address] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[address] = recent.isEmpty ? nil : recent
        return recent.count >= limit
    }

    /// Counts a wrong token from `address`.
    func record(_ address: String, now: Date = Date()) {
        lock.lock()
        defer { lock.unlock() }
        // Bounded: a flood from many addresses keeps at most this many entries.
        if failures.count > 10_000 { failures.removeAll() }
        failures[address, default: []].append(now)
    }
}
