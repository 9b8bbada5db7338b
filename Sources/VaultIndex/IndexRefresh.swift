import Foundation
import GRDB
import VaultCore
import VaultStore

extension SearchIndex {
    /// Notes parsed and stored per batch: bounds memory while indexing.
    static let batchSize = 512

    /// Brings the cache up to date with the vault.
    ///
    /// Scans the vault, compares each note's size, mtime, ctime and inode
    /// with the stored ones (ctime catches an edit whose mtime was put back),
    /// parses new and changed notes in parallel on all cores and writes them,
    /// with deletions and moves, in one transaction. When the scan's
    /// ``ScanFingerprint`` matches the stored one, nothing is read or written.
    ///
    /// - Parameters:
    ///   - rebuild: start from an empty cache.
    ///   - scan: the scan to use (the caller's own, say); a fresh one when nil.
    ///     Its files are only looked at when its fingerprint is not the stored one.
    ///   - progress: told how parsing goes.
    /// - Throws: ``VaultIndexError`` when the cache cannot be written.
    @discardableResult
    public func refresh(rebuild: Bool = false, scan: ScannedFiles? = nil, progress: IndexProgress? = nil) throws
        -> RefreshReport
    {
        let start = DispatchTime.now().uptimeNanoseconds
        let scan = scan ?? VaultScanner(layout: layout).scanFiles()
        let scanSeconds = Self.seconds(since: start)
        let fingerprint = scan.fingerprint
        trace("scan \(scan.count) files", since: start)
        return try recovering {
            if !rebuild, try storedFingerprint() == fingerprint {
                trace("fingerprint unchanged", since: start)
                return RefreshReport(
                    scanned: scan.count, added: 0, changed: 0, removed: 0, scanSeconds: scanSeconds,
                    totalSeconds: Self.seconds(since: start))
            }
            // A read-only vault: the change goes to a copy in memory, never to the file.
            if readOnly {
                if rebuild { try resetDatabase() } else { try copyIntoMemory() }
            }
            let isEmpty = try database.read { try Bool.fetchOne($0, sql: "SELECT NOT EXISTS (SELECT 1 FROM notes)") }
            if (rebuild || isEmpty == true) && !inMemory {
                return try build(
                    scan.files, fingerprint: fingerprint, progress: progress, start: start, scanSeconds: scanSeconds)
            }
            return try database.writeWithoutTransaction { db in
                var report: RefreshReport!
                try db.inTransaction(.immediate) {
                    report = try apply(scan.files, fingerprint: fingerprint, db: db, progress: progress)
                    report.scanSeconds = scanSeconds
                    report.totalSeconds = Self.seconds(since: start)
                    try Self.remember(report, db: db)
                    return .commit
                }
                trace("refresh committed", since: start)
                emptyLargeLog(db)
                // A rebuild killed while a cache stays has no cold build to come: its leftover goes here.
                Self.removeAbandonedBuilds(beside: url)
                return report
            }
        }
    }

    /// Indexes every note into a new file and puts it in place of the cache.
    ///
    /// Used when the cache is empty or a rebuild is asked for. The new file is
    /// written without a journal (it is not the cache until the rename, and
    /// a crash leaves only a stray temporary file), so each page is written
    /// once instead of to the WAL and again at checkpoint.
    private func build(
        _ files: [ScannedFile], fingerprint: ScanFingerprint, progress: IndexProgress?, start: UInt64,
        scanSeconds: Double
    ) throws -> RefreshReport {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            "\(Self.fileName).building-\(getpid())")
        try? FileManager.default.removeItem(at: temporary)
        Self.removeAbandonedBuilds(beside: url)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(
                sql: """
                    PRAGMA page_size = \(IndexSchema.pageSize); PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
                    PRAGMA cache_size = -32000
                    """)
        }
        var report: RefreshReport!
        do {
            let queue = try DatabaseQueue(path: temporary.path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try IndexSchema.create(db)
                try db.inTransaction {
                    report = try apply(files, fingerprint: fingerprint, db: db, progress: progress)
                    report.scanSeconds = scanSeconds
                    report.totalSeconds = Self.seconds(since: start)
                    try Self.remember(report, db: db)
                    return .commit
                }
            }
            try queue.close()
            trace("build written", since: start)
            try database.close()
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
            guard rename(temporary.path, url.path) == 0 else {
                throw VaultIndexError.cannotWrite(path: Self.displayPath, reason: errnoText())
            }
            database = try Self.open(url)
            openedInode = Self.inode(of: url)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if (try? database.read { _ in }) == nil { database = try Self.openOrReset(url) }
            throw error
        }
        return report
    }

    private func errnoText() -> String { String(cString: strerror(errno)) }

    /// Removes what killed builds left beside the cache: `index.sqlite.building-PID` files whose
    /// process is gone and that nothing wrote for a minute (a build under way writes all along;
    /// another machine's, in a synced folder, is left alone while it does).
    static func removeAbandonedBuilds(beside url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = "\(fileName).building-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let minuteAgo = time(nil) - 60
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mtim.tv_sec < minuteAgo else {
                continue
            }
            unlink(path)
        }
    }

    /// Reports `label` and the time since `start` to the tracer (for `make
    /// bench` and for finding where a slow refresh spends its time).
    func trace(_ label: @autoclosure () -> String, since start: UInt64) {
        guard tracer.isEnabled else { return }
        tracer.trace(String(format: "%7.1f", Self.seconds(since: start) * 1000) + " ms  " + label())
    }

    func storedFingerprint() throws -> ScanFingerprint? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fingerprint'").map(
                ScanFingerprint.init(stored:))
        }
    }

    /// The stored stat fields of a note.
    struct StoredStat {
        var rowid: Int64
        var size: Int64
        var modified: Int64
        var changed: Int64
        var inode: UInt64

        func matches(_ file: ScannedFile) -> Bool {
            size == file.size && modified == file.modified && changed == file.changed && inode == file.inode
        }
    }

    /// Diffs `files` against the stored stats and writes the difference.
    private func apply(_ files: [ScannedFile], fingerprint: ScanFingerprint, db: Database, progress: IndexProgress?)
        throws -> RefreshReport
    {
        var stored: [String: StoredStat] = [:]
        stored.reserveCapacity(files.count)
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, path, size, mtime_ns, ctime_ns, inode FROM notes")
        while let row = try rows.next() {
            stored[row[1]] = StoredStat(
                rowid: row[0], size: row[2], modified: row[3], changed: row[4],
                inode: UInt64(bitPattern: row[5] as Int64))
        }
        // Work: new notes (no rowid) and changed ones (their rowid is reused).
        var work: [(file: ScannedFile, rowid: Int64?)] = []
        var changed = 0
        for file in files {
            if let old = stored.removeValue(forKey: file.path) {
                if !old.matches(file) {
                    work.append((file, old.rowid))
                    changed += 1
                }
            } else {
                work.append((file, nil))
            }
        }
        // The scan is unordered; inserting in path order keeps the path
        // index's B-tree appending instead of splitting pages all over.
        work.sort { $0.file.path < $1.file.path }
        // What is left was deleted or moved away; a moved note comes back as
        // a new path above (its title and date may depend on the path).
        let removed = stored.values.map(\.rowid)
        stored = [:]
        try store(work, removed: removed, db: db, progress: progress)
        try db.execute(
            sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('fingerprint', ?)", arguments: [fingerprint.stored])
        return RefreshReport(
            scanned: files.count, added: work.count - changed, changed: changed, removed: removed.count,
            scanSeconds: 0, totalSeconds: 0)
    }

    /// Deletes the `removed` rows and parses and writes the `work` notes
    /// (reusing the rowid of a changed note).
    func store(_ work: [(file: ScannedFile, rowid: Int64?)], removed: [Int64], db: Database, progress: IndexProgress?)
        throws
    {
        for rowid in removed { try IndexedNote.delete(db, rowid: rowid) }
        let loader = NoteLoader(layout: layout, timeZone: timeZone)
        var gitDates: [String: Date]?
        var done = 0
        let batches = ParsedBatches(files: work.map(\.file), batchSize: Self.batchSize, loader: loader)
        defer { batches.cancel() }
        var waited: UInt64 = 0
        var writing: UInt64 = 0
        while true {
            let waitStart = DispatchTime.now().uptimeNanoseconds
            guard let (offset, notes) = batches.next() else { break }
            let writeStart = DispatchTime.now().uptimeNanoseconds
            waited += writeStart - waitStart
            defer { writing += DispatchTime.now().uptimeNanoseconds - writeStart }
            for (i, var row) in notes.enumerated() {
                let (file, rowid) = work[offset + i]
                if row.note.created == nil {
                    if gitDates == nil { gitDates = GitHistory.firstCommitDates(in: layout.root) }
                    row.note.created =
                        gitDates?[file.path] ?? Date(timeIntervalSince1970: Double(file.modified) / 1e9)
                }
                if let rowid { try IndexedNote.delete(db, rowid: rowid) }
                try row.insert(db, rowid: rowid)
            }
            done += notes.count
            progress?.indexed(done, of: work.count)
        }
        if done > 0 { progress?.finished() }
        if done > 0 {
            tracer.trace(
                String(
                    format: "stored %d notes: %.0f ms waiting for parses, %.0f ms writing", done,
                    Double(waited) / 1e6, Double(writing) / 1e6))
        }
    }

    /// Re-checks only the given notes and folders: what a file watcher
    /// reported. `paths` are notes that may have been added, edited or
    /// removed; `folders` are folders that appeared (walked for notes) or went
    /// away (their stored notes are checked). Clears the scan fingerprint, so
    /// the next full refresh diffs every stored row once.
    /// - Throws: ``VaultIndexError`` when the cache cannot be written.
    @discardableResult
    public func refresh(paths: Set<String>, folders: Set<String>) throws -> RefreshReport {
        let start = DispatchTime.now().uptimeNanoseconds
        let scanner = VaultScanner(layout: layout)
        var current: [String: ScannedFile] = [:]
        var candidates = paths
        for folder in folders {
            for file in scanner.scan(folder: folder).files { current[file.path] = file }
        }
        candidates.formUnion(current.keys)
        return try recovering {
            try database.writeWithoutTransaction { db in
                var report: RefreshReport!
                try db.inTransaction(.immediate) {
                    var checked = candidates
                    for folder in folders {
                        let under = try String.fetchAll(
                            db, sql: "SELECT path FROM notes WHERE instr(path, ?) = 1", arguments: [folder + "/"])
                        checked.formUnion(under)
                    }
                    var work: [(file: ScannedFile, rowid: Int64?)] = []
                    var removed: [Int64] = []
                    var changed = 0
                    for path in checked.sorted() {
                        let old = try Row.fetchOne(
                            db, sql: "SELECT rowid, size, mtime_ns, ctime_ns, inode FROM notes WHERE path = ?",
                            arguments: [path]
                        ).map {
                            StoredStat(
                                rowid: $0[0], size: $0[1], modified: $0[2], changed: $0[3],
                                inode: UInt64(bitPattern: $0[4] as Int64))
                        }
                        let now = current[path] ?? scanner.file(at: path)
                        switch (old, now) {
                        case let (old?, now?) where !old.matches(now):
                            work.append((now, old.rowid))
                            changed += 1
                        case let (nil, now?):
                            work.append((now, nil))
                        case let (old?, nil):
                            removed.append(old.rowid)
                        default:
                            break
                        }
                    }
                    if !work.isEmpty || !removed.isEmpty {
                        try store(work, removed: removed, db: db, progress: nil)
                        try db.execute(sql: "DELETE FROM meta WHERE key = 'fingerprint'")
                    }
                    report = RefreshReport(
                        scanned: checked.count, added: work.count - changed, changed: changed,
                        removed: removed.count, scanSeconds: 0, totalSeconds: Self.seconds(since: start))
                    if !report.isNoChange { try Self.remember(report, db: db) }
                    return .commit
                }
                // Not emptied here: this is the watcher's, and while it holds
                // the cache open other processes read its log's index as it is.
                return report
            }
        }
    }

    /// The size of the write-ahead log past which a write empties it.
    static let largeLog = 1 << 20

    /// Empties the write-ahead log when a write left it large. A process
    /// that opens the cache while no other has it open (no watcher runs)
    /// reads the whole log to rebuild SQLite's index of it: refreshing all
    /// 10,000 notes of a vault left a 31 MB log that added 10 ms to every
    /// search after it (27.3 → 17.2 ms once emptied). Emptying it copies its
    /// pages into the file once. A reader in the way only leaves the log as
    /// it was (SQLite's answer is not an error), so this never fails a write.
    func emptyLargeLog(_ db: Database) {
        var info = stat()
        guard stat(url.path + "-wal", &info) == 0, info.st_size > Self.largeLog else { return }
        _ = try? Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private static func remember(_ report: RefreshReport, db: Database) throws {
        let values: [(String, DatabaseValueConvertible)] = [
            ("last_scanned", report.scanned), ("last_added", report.added), ("last_changed", report.changed),
            ("last_removed", report.removed), ("last_scan_seconds", report.scanSeconds),
            ("last_total_seconds", report.totalSeconds), ("last_refresh_at", Date().timeIntervalSince1970),
        ]
        for (key, value) in values {
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
