import Foundation
import VaultCore

/// Appends events to the ledger, one whole line per `write(2)`, fsynced
/// before it returns, so that a crash loses at most the event being written
/// and never damages an earlier one.
public struct LedgerAppender: LedgerSink, Sendable {
    public let store: LedgerStore
    public let device: String
    /// The vault's zone: each line's time is written with its offset.
    public let timeZone: TimeZone
    /// The highest sequence of this device in the ledger as last read; the
    /// next event gets a higher one even if `.vault/local/sequence` is lost.
    let knownMaxSequence: Int

    /// - Parameter history: the ledger as the command read it (for this device's highest sequence).
    /// - Throws: ``VaultStoreError`` when the device id cannot be made.
    public init(store: LedgerStore, timeZone: TimeZone, history: LedgerHistory) throws {
        try self.init(store: store, timeZone: timeZone, maxSequence: history.maxSequence(of:))
    }

    /// - Parameter replay: the ledger as the command replayed it (for this device's highest sequence).
    /// - Throws: ``VaultStoreError`` when the device id cannot be made.
    public init(store: LedgerStore, timeZone: TimeZone, replay: LedgerReplay) throws {
        try self.init(store: store, timeZone: timeZone, maxSequence: replay.maxSequence(of:))
    }

    private init(store: LedgerStore, timeZone: TimeZone, maxSequence: (String) -> Int) throws {
        self.store = store
        self.device = try store.deviceID()
        self.timeZone = timeZone
        self.knownMaxSequence = maxSequence(device)
    }

    /// Writes one typed event, dated its own time, and returns it; with
    /// `given`, the id first and nothing written when the ledger holds it
    /// already (read under the lock: the returned event then has sequence 0).
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``; nothing is half-written.
    @discardableResult
    public func append(_ event: some TypedEvent, given: String?) throws -> LedgerEvent {
        let (layout, timeZone) = (store.layout, timeZone)
        return try append(
            kind: type(of: event).kind, fields: GivenID.fields(event.fields, given: given), at: event.time,
            unlessRecorded: given.map { id in { ReplayCache(layout: layout, timeZone: timeZone).load().replay.holds(givenID: id) } })
    }

    /// ``append(_:given:)``, with the ledger lock's question (is the id
    /// there already?) asked of `previous`, a replay this process holds, and
    /// the lines appended since (``ReplayCache/holds(givenID:since:)``), not
    /// of the whole replay cache: an answer's cost does not grow with the ledger.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``; nothing is half-written.
    @discardableResult
    func append(_ event: some TypedEvent, given: String?, since previous: ReplayedLedger) throws -> LedgerEvent {
        let cache = ReplayCache(layout: store.layout, timeZone: timeZone)
        return try append(
            kind: type(of: event).kind, fields: GivenID.fields(event.fields, given: given), at: event.time,
            unlessRecorded: given.map { id in { cache.holds(givenID: id, since: previous) } })
    }

    /// Writes one event of `kind` with `fields`, dated `time`, and returns
    /// it; when `unlessRecorded` (asked under the ledger lock, so no other
    /// writer is between its answer and the write) says the event is in the
    /// ledger already, writes nothing and returns it with sequence 0.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``; nothing is half-written.
    @discardableResult
    public func append(
        kind: String, fields: [(key: String, value: String)], at time: Date, unlessRecorded: (() -> Bool)? = nil
    ) throws -> LedgerEvent {
        // Whole milliseconds, so the event reads back equal to what was written.
        let millis = (time.timeIntervalSince1970 * 1000).rounded()
        let time = Date(timeIntervalSince1970: millis / 1000)
        return try store.withLock {
            if let unlessRecorded, unlessRecorded() {
                return LedgerEvent(
                    time: time, utcOffset: timeZone.secondsFromGMT(for: time), device: device, sequence: 0, kind: kind,
                    fields: fields)
            }
            let counterURL = store.layout.localFolder.appendingPathComponent("sequence")
            let counted =
                (try? String(contentsOf: counterURL, encoding: .utf8)).flatMap {
                    Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
                } ?? 0
            let sequence = max(counted, knownMaxSequence) + 1
            let event = LedgerEvent(
                time: time, utcOffset: timeZone.secondsFromGMT(for: time), device: device, sequence: sequence,
                kind: kind, fields: fields)
            try Self.checkWritable(event)
            // The counter goes first: a crash after it only skips a number.
            try AtomicFile.write(Data("\(sequence)\n".utf8), to: counterURL)
            var year = VaultDate.civil(fromDays: Int((time.timeIntervalSince1970 / 86_400).rounded(.down))).year
            year = max(1970, year)
            try writeLine(LedgerLine.format(event), to: store.relativePath(year: year))
            return event
        }
    }

    /// Refuses an event whose line would not read back (``ValuePolicy/ledgerProblem(_:)``):
    /// the number policy's last guard, so no value from outside leaves a line
    /// `vault check` cannot read.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` naming the event and why.
    static func checkWritable(_ event: LedgerEvent) throws {
        guard let problem = ValuePolicy.ledgerProblem(event) else { return }
        throw VaultStoreError.unwritable(
            path: ".vault/ledger",
            reason: "the \(event.kind) event \(event.device) #\(event.sequence) would not read back: \(problem)")
    }

    /// Appends `line` and a newline with one write, after a header when the
    /// file is new and after a newline when the file ends without one.
    func writeLine(_ line: String, to path: String) throws { try writeLines([line], to: path) }

    /// Appends `lines`, each with a newline, with one write and one fsync (an import's thousands of events).
    func writeLines(_ lines: [String], to path: String) throws {
        let url = store.layout.url(of: path)
        // The ledger is committed, so a collaborator could plant a link in its
        // place: never append through one (it could lead out of the vault).
        for folder in [".vault", ".vault/ledger"] {
            var info = stat()
            if lstat(store.layout.url(of: folder).path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw VaultStoreError.linkedLedger(folder)
            }
        }
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            if errno == ELOOP { throw VaultStoreError.linkedLedger(path) }
            throw VaultStoreError.unwritable(path: path, reason: errnoDescription())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw VaultStoreError.unwritable(path: path, reason: errnoDescription()) }
        var bytes: [UInt8] = []
        if info.st_size == 0 {
            bytes += Array((LedgerLine.header + "\n").utf8)
        } else {
            var last: UInt8 = 0
            let reader = open(url.path, O_RDONLY | O_CLOEXEC)
            if reader >= 0 {
                _ = pread(reader, &last, 1, off_t(info.st_size - 1))
                close(reader)
            }
            if last != 0x0A { bytes.append(0x0A) }
        }
        for line in lines {
            bytes += Array(line.utf8)
            bytes.append(0x0A)
        }
        var failure = bytes.withUnsafeBytes { FileIO.writeAll(fd, $0) }
        if failure == nil, fsync(fd) != 0 { failure = errnoDescription() }
        if let failure { throw VaultStoreError.unwritable(path: path, reason: failure) }
        if info.st_size == 0 { AtomicFile.syncFolder(url.deletingLastPathComponent()) }
    }
}
