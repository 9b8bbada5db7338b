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

    public init(scanned: Int, added: Int, changed: Int, removed: Int, scanSeconds: Double, totalSeconds: Double) {
        self.scanned = scanned
        self.added = added
        self.changed = changed
        self.removed = removed
        self.scanSeconds = scanSeconds
        self.totalSeconds = totalSeconds
    }
}

/// What `vault index --stats` shows.
public struct IndexStatistics: Hashable, Sendable {
    /// The cache's file, vault-relative.
    public var file: String
    /// Notes in the cache.
    public var notes: Int
    /// Bytes of `index.sqlite` and its write-ahead log.
    public var bytes: Int64
    /// The last refresh that wrote to the cache, if the cache remembers one.
    public var lastRefresh: RefreshReport?
    /// When that refresh ran.
    public var lastRefreshAt: Date?

    public init(file: String, notes: Int, bytes: Int64, lastRefresh: RefreshReport?, lastRefreshAt: Date?) {
        self.file = file
        self.notes = notes
        self.bytes = bytes
        self.lastRefresh = lastRefresh
        self.lastRefreshAt = lastRefreshAt
    }
}
