import Foundation
import VaultCore

/// The notes a scan found, with their fingerprint and the problems met.
///
/// A parallel scan keeps each thread's list as it is and sums the
/// fingerprint on the threads that found the files: joining the lists costs
/// 7 ms at 100,000 notes, and a search or `vault status` whose fingerprint
/// matches the cache's never needs them. ``files`` joins them on first use.
public final class ScannedFiles: @unchecked Sendable {
    /// How many notes the scan found.
    public let count: Int
    public let fingerprint: ScanFingerprint
    /// Problems met on the way (loops, unreadable folders, odd names), by path.
    public let problems: [Diagnostic]
    private var parts: [[ScannedFile]]
    private var joined: [ScannedFile]?
    private let lock = NSLock()

    /// The files of `parts` (in any order), whose ``ScanFingerprint/hash(_:)``
    /// values add up (wrapping) to `sum`.
    init(parts: [[ScannedFile]], sum: UInt64, problems: [Diagnostic]) {
        self.parts = parts
        count = parts.reduce(0) { $0 + $1.count }
        fingerprint = ScanFingerprint(sum: sum, count: count)
        self.problems = problems
    }

    /// `files`, whose fingerprint is computed unless given (a watcher keeps its own).
    public init(_ files: [ScannedFile], fingerprint: ScanFingerprint? = nil, problems: [Diagnostic] = []) {
        parts = []
        joined = files
        count = files.count
        self.fingerprint = fingerprint ?? ScanFingerprint(files)
        self.problems = problems
    }

    /// The notes, in no particular order.
    public var files: [ScannedFile] {
        lock.lock()
        defer { lock.unlock() }
        if let joined { return joined }
        // The largest part grows in place; the others are appended to it.
        let largest = parts.indices.max { parts[$0].count < parts[$1].count }
        var all = largest.map { parts.remove(at: $0) } ?? []
        all.reserveCapacity(count)
        for part in parts { all += part }
        parts = []
        joined = all
        return all
    }
}
