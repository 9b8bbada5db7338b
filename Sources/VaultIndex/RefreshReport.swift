import Foundation

/// What one refresh of the search cache did and how long it took.
public struct RefreshReport: Hashable, Sendable {
    /// Notes found by the scan.
    public var scanned: Int
    public var added: Int
    public var changed: Int
    public var removed: Int
    /// Time spent walking the vault, and in the whole refresh, in seconds.
    public var scanSeconds: Double
    public var totalSeconds: Double

    /// True when the cache already matched the vault.
    public var isNoChange: Bool { added == 0 && changed == 0 && removed == 0 }
}

/// What `vault index --stats` shows.
public struct IndexStatistics: Hashable, Sendable {
    /// Notes in the cache.
    public var notes: Int
    /// Bytes of `index.sqlite` and its write-ahead log.
    public var bytes: Int64
    /// The last refresh that wrote to the cache, if the cache remembers one.
    public var lastRefresh: RefreshReport?
    /// When that refresh ran.
    public var lastRefreshAt: Date?
}
