import Foundation
import GRDB
import VaultCore
import VaultProcess
import VaultStore

/// The search cache of one vault: `.vault/cache/index.sqlite`, an SQLite
/// FTS5 index through GRDB.
///
/// The cache is never the source of truth. A file with another schema
/// version, a damaged file or a file that is not SQLite at all is deleted and
/// rebuilt from the notes, never reported as an error. Call ``refresh(rebuild:progress:)``
/// before each query so that every saved edit is seen.
public final class SearchIndex {
    /// The cache file's name inside `.vault/cache/`.
    public static let fileName = "index.sqlite"

    let layout: VaultLayout
    let timeZone: TimeZone
    /// Where refreshes report their steps and times.
    let tracer: any Tracer
    /// The cache file.
    public let url: URL
    var database: DatabaseQueue
    /// The inode of the cache file when it was opened.
    var openedInode: Int64?
    /// The vault cannot be written here (a snapshot, another user's vault):
    /// the cache is read where it is, never written; a change (a refresh, the
    /// curation filters) goes to a copy in memory (``inMemory``).
    public private(set) var readOnly = false
    /// The cache in use is a copy in memory, not the file.
    public internal(set) var inMemory = false

    /// Opens the cache of the vault at `layout`, creating or rebuilding the
    /// file when it is missing, from another version, or damaged. In a vault
    /// this process cannot write, the cache file is opened read-only (or, when
    /// there is none that can be used, an empty one is made in memory).
    /// - Throws: ``VaultIndexError/cannotWrite(path:reason:)`` when the cache
    ///   folder cannot be created or the file cannot be opened.
    public init(layout: VaultLayout, timeZone: TimeZone, tracer: any Tracer = NoTracer()) throws {
        self.layout = layout
        self.timeZone = timeZone
        self.tracer = tracer
        self.url = layout.cacheFolder.appendingPathComponent(Self.fileName)
        if Self.cannotWrite(layout) {
            readOnly = true
            if let queue = try? Self.openReadOnly(url), (try? queue.read(IndexSchema.isCurrent)) == true {
                database = queue
            } else {
                database = try Self.emptyInMemory()
                inMemory = true
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: layout.cacheFolder, withIntermediateDirectories: true)
        } catch {
            throw VaultIndexError.cannotWrite(path: Self.displayPath, reason: VaultStoreError.reason(of: error))
        }
        self.database = try Self.openOrReset(url)
        self.openedInode = Self.inode(of: url)
    }

    static let displayPath = ".vault/cache/" + fileName

    /// True when the cache folder (or, without one, `.vault/`) cannot be written by this process.
    static func cannotWrite(_ layout: VaultLayout) -> Bool {
        if access(layout.cacheFolder.path, F_OK) == 0 {
            return access(layout.cacheFolder.path, W_OK) != 0
        }
        return access(layout.dotVault.path, W_OK) != 0
    }

    /// The cache file opened for reading only, as it is (no journal mode set).
    static func openReadOnly(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: url.path, configuration: configuration)
    }

    /// An empty cache in memory, for a vault that cannot be written.
    static func emptyInMemory() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write(IndexSchema.create)
        return queue
    }

    /// Before a change in a read-only vault: the cache copied into memory
    /// (SQLite's backup), where the change goes; the file stays as it is.
    func copyIntoMemory() throws {
        guard readOnly, !inMemory else { return }
        let memory = try DatabaseQueue()
        try database.backup(to: memory)
        database = memory
        inMemory = true
    }

    /// A sentence for the person when the cache was not written (a read-only vault); nil otherwise.
    public var readOnlyNotice: String? {
        guard readOnly else { return nil }
        return inMemory
            ? "the vault cannot be written here, so its search cache was brought up to date in memory only (nothing was written)."
            : "the vault cannot be written here; searched its cache as it is (nothing was written)."
    }

    /// Leaves the cache open until the process exits, for a command that
    /// exits right after its search: closing the last connection would
    /// checkpoint the write-ahead log and delete it and the shared-memory
    /// file, which the next command would create again (about a tenth of a
    /// search on a small vault). SQLite reads both as they are left.
    public func keepOpenUntilExit() {
        KeptUntilExit.keep(self)
    }

    /// Opens `url` when it holds a current cache, else deletes it and creates
    /// an empty one.
    static func openOrReset(_ url: URL) throws -> DatabaseQueue {
        if let queue = try? open(url), (try? queue.read(IndexSchema.isCurrent)) == true {
            return queue
        }
        return try reset(url)
    }

    /// Deletes the cache file (and its journal files) and creates an empty cache.
    static func reset(_ url: URL) throws -> DatabaseQueue {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
        do {
            let queue = try open(url)
            try queue.write(IndexSchema.create)
            return queue
        } catch {
            throw VaultIndexError.cannotWrite(path: displayPath, reason: "\(error)")
        }
    }

    static func open(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        // Another vault process may be refreshing: wait for it rather than fail.
        configuration.busyMode = .timeout(120)
        configuration.prepareDatabase { db in
            // A cache may lose its last transaction on power loss (it is
            // rebuilt from the notes); WAL lets searches read while another
            // process refreshes.
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        return try DatabaseQueue(path: url.path, configuration: configuration)
    }

    /// Reopens the cache file when another process replaced it (a rebuild
    /// renames a new file into place), so a long-running watcher does not keep
    /// writing to the old one.
    public func reopenIfReplaced() throws {
        if readOnly { return }
        guard let onDisk = Self.inode(of: url), onDisk == openedInode else {
            try database.close()
            database = try Self.openOrReset(url)
            openedInode = Self.inode(of: url)
            return
        }
    }

    static func inode(of url: URL) -> Int64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int64(info.st_ino) : nil
    }

    /// Replaces the cache with an empty one (for `vault index --rebuild`, and
    /// after finding the file damaged).
    func resetDatabase() throws {
        if readOnly {
            database = try Self.emptyInMemory()
            inMemory = true
            return
        }
        try database.close()
        database = try Self.reset(url)
        openedInode = Self.inode(of: url)
    }

    /// True for SQLite errors that mean the file is damaged or not a cache.
    static func isDamage(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT].contains(error.resultCode)
    }

    /// Runs `body`; when the cache turns out to be damaged, rebuilds it
    /// empty and runs `body` once more.
    func recovering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error where Self.isDamage(error) {
            try resetDatabase()
            do {
                return try body()
            } catch {
                throw VaultIndexError.database(path: Self.displayPath, reason: "\(error)")
            }
        }
    }

    /// How many notes the cache holds, its size on disk and its last refresh.
    /// - Throws: ``VaultIndexError/database(path:reason:)``.
    public func statistics() throws -> IndexStatistics {
        let (count, meta) = try recovering {
            try database.read { db in
                var meta: [String: Double] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM meta WHERE key LIKE 'last_%'")
                while let row = try rows.next() {
                    let key: String = row[0]
                    let value: Double? = row[1]
                    meta[key] = value
                }
                return (try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") ?? 0, meta)
            }
        }
        var bytes: Int64 = 0
        for suffix in ["", "-wal"] {
            var info = stat()
            if stat(url.path + suffix, &info) == 0 { bytes += Int64(info.st_size) }
        }
        guard let scanned = meta["last_scanned"] else {
            return IndexStatistics(file: ".vault/cache/" + Self.fileName, notes: count, bytes: bytes, lastRefresh: nil, lastRefreshAt: nil)
        }
        let report = RefreshReport(
            scanned: Int(scanned), added: Int(meta["last_added"] ?? 0), changed: Int(meta["last_changed"] ?? 0),
            removed: Int(meta["last_removed"] ?? 0), scanSeconds: meta["last_scan_seconds"] ?? 0,
            totalSeconds: meta["last_total_seconds"] ?? 0)
        let at = meta["last_refresh_at"].map(Date.init(timeIntervalSince1970:))
        return IndexStatistics(file: ".vault/cache/" + Self.fileName, notes: count, bytes: bytes, lastRefresh: report, lastRefreshAt: at)
    }
}
