import Foundation
import VaultCore

/// The ledger replayed, kept between runs in `.vault/cache/ledger.bin` so
/// that `vault status` does not read a million lines each time.
///
/// The cache is a memo, never a source of truth (docs/FORMAT.md, "Replay
/// cache"): it records each ledger file's inode, size, times and a checksum
/// of its last 4 KiB. When every file is unchanged, the stored replay is
/// used as it is; when files only grew (appends), just the new lines are
/// read and applied, provided they come after everything replayed so far;
/// anything else (a git merge, an edit, a file removed, an older event
/// appended, a damaged cache) replays the whole ledger and writes a new cache.
public struct ReplayCache: Sendable {
    public let layout: VaultLayout
    public let timeZone: TimeZone

    public init(layout: VaultLayout, timeZone: TimeZone) {
        self.layout = layout
        self.timeZone = timeZone
    }

    // 7: a malformed line's message says whether --fix removes it; 8: years outside 1-9999 not dates,
    // study values range-checked; 9: the card log keeps card-reset forgets; 10: and reschedules with a due date;
    // 11: given ids (an answer sent twice is one event), answer-undo events in the card log and the day counts
    static let version: UInt64 = 11
    var file: CacheFile {
        CacheFile(
            url: layout.cacheFolder.appendingPathComponent("ledger.bin"), magic: Array("VLEDGER1".utf8),
            version: Self.version)
    }

    /// The card log lives in a file of its own, read only when needed.
    static func cardLogFile(_ layout: VaultLayout) -> CacheFile {
        CacheFile(
            url: layout.cacheFolder.appendingPathComponent("ledger-cards.bin"), magic: Array("VLCARDS1".utf8),
            version: version)
    }

    /// The replayed ledger, from the cache when it still holds.
    public func load() -> ReplayedLedger {
        let store = LedgerStore(layout: layout)
        if let cached = readCache(), let ledger = extend(cached, store: store) { return ledger }
        return replayAll(store)
    }

    /// The replay `previous` (loaded earlier by this process) brought up to
    /// date with the lines appended since, without reading `ledger.bin`: a
    /// server that appended an answer reads one line, not the whole cache.
    /// What ``load()`` gives when a file was rewritten or went away, an older
    /// event came, or the card log `previous` leaves in its file is gone.
    ///
    /// With `keepingCardLogUpTo`, a card log of at most that many events
    /// (in memory) is not written, nor is `ledger.bin`: the replay and the log
    /// live on in the caller (`vault serve`), and the files stay as they
    /// were, a pair that still holds for the lines they name; the next process
    /// to load extends them. A larger log is written, as ``load()`` does.
    func load(since previous: ReplayedLedger, keepingCardLogUpTo limit: Int? = nil) -> ReplayedLedger {
        let store = LedgerStore(layout: layout)
        let kept = Stored(
            states: previous.states, diagnostics: previous.diagnostics.filter { $0.code != LedgerText.truncatedCode },
            replay: previous.replay, cardLog: previous.cardLogStorage, generation: previous.generation)
        if let ledger = extend(kept, store: store, keepingCardLogUpTo: limit) { return ledger }
        return load()
    }

    /// Whether the ledger on disk holds an event with the given id `id`:
    /// asked of `previous` (a replay this process holds) and of the lines
    /// appended since it was read, so an answer costs no decoding of
    /// `ledger.bin`; of the whole ledger (``load()``) when a file was
    /// rewritten or went away.
    func holds(givenID id: String, since previous: ReplayedLedger) -> Bool {
        if previous.replay.holds(givenID: id) { return true }
        let key = NoteKey(id: id)
        let store = LedgerStore(layout: layout)
        let known = Dictionary(uniqueKeysWithValues: previous.states.map { ($0.path, $0) })
        let paths = store.fileNames().map { ".vault/ledger/" + $0 }
        guard Set(paths).isSuperset(of: known.keys) else { return load().replay.holds(givenID: id) }
        var buffer: [UInt8] = []
        for path in paths {
            let events: [LedgerEvent]
            if let state = known[path] {
                switch store.growth(since: state) {
                case .rewritten: return load().replay.holds(givenID: id)
                case .unchanged: continue
                case .appended(let tail, _): events = tail.events
                }
            } else {
                guard let (whole, _) = store.readFile(path, buffer: &buffer) else { return load().replay.holds(givenID: id) }
                events = whole.events
            }
            if events.contains(where: { GivenID.replayKey(of: $0) == key }) { return true }
        }
        return false
    }

    /// What the cache file holds.
    struct Stored {
        var states: [LedgerStore.FileState]
        /// The problems of the lines read (a cut-short last line is not one: it is read again each time).
        var diagnostics: [Diagnostic]
        var replay: LedgerReplay
        var cardLog: CardLogStorage
        /// Changes whenever the card log does: what the card schedule memo is keyed by.
        var generation: UInt64

        /// Whether the card log stays in memory, unwritten: with a `limit`,
        /// when it is in memory and of at most `limit` events, or when it is
        /// still the one in its file (no card event came: the generation
        /// `ledger.bin` names holds); never without one.
        func keepsCardLog(upTo limit: Int?) -> Bool {
            guard let limit else { return false }
            switch cardLog {
            case .inFile: return true
            case .decoded(let log): return log.count <= limit
            }
        }
    }

    // MARK: Reading

    func readCache() -> Stored? {
        guard let buffer = file.read() else { return nil }
        return buffer.withUnsafeBytes { raw -> Stored? in
            var r = CacheReader(UnsafeRawBufferPointer(rebasing: raw[CacheFile.headerSize...]))
            return try? decode(&r)
        }
    }

    /// The stored replay in a payload of `ledger.bin` (its card log left in
    /// `ledger-cards.bin`); nil for another time zone.
    /// - Throws: ``CacheDamage`` (or a codec error) when the bytes are not such a payload.
    func decode(_ r: inout CacheReader) throws -> Stored? {
        guard try r.string() == timeZone.identifier else { return nil }
        var states: [LedgerStore.FileState] = []
        for _ in 0..<(try r.count()) { states.append(try ReplayCoding.decodeFileState(&r)) }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<(try r.count()) { diagnostics.append(try ReplayCoding.decodeDiagnostic(&r)) }
        let generation = try r.u64()
        let replay = try ReplayCoding.decodeReplay(&r, timeZone: timeZone)
        guard r.isAtEnd else { throw CacheDamage() }
        return Stored(states: states, diagnostics: diagnostics, replay: replay, cardLog: .inFile, generation: generation)
    }

    /// The cached replay brought up to date with appended lines; nil when only a full replay will do.
    /// Written back when it grew, but for a card log of at most `limit` events (``load(since:keepingCardLogUpTo:)``).
    func extend(_ cached: Stored, store: LedgerStore, keepingCardLogUpTo limit: Int? = nil) -> ReplayedLedger? {
        var stored = cached
        let known = Dictionary(uniqueKeysWithValues: cached.states.map { ($0.path, $0) })
        let paths = store.fileNames().map { ".vault/ledger/" + $0 }
        guard Set(paths).isSuperset(of: known.keys) else { return nil }  // a file went away
        var appended: [LedgerEvent] = []
        var truncated: [Diagnostic] = []
        var states: [LedgerStore.FileState] = []
        var buffer: [UInt8] = []
        var grew = false
        for path in paths {
            let contents: LedgerText.Contents
            if let state = known[path] {
                switch store.growth(since: state) {
                case .rewritten:
                    return nil
                case .unchanged:
                    states.append(state)
                    continue
                case .appended(let tail, let grown):
                    contents = tail
                    states.append(grown)
                    grew = grew || grown.size != state.size
                }
            } else {
                guard let (whole, state) = store.readFile(path, buffer: &buffer) else { return nil }
                contents = whole
                states.append(state)
                grew = true
            }
            appended += contents.events
            for diagnostic in contents.diagnostics {
                if diagnostic.code == LedgerText.truncatedCode {
                    truncated.append(diagnostic)
                } else {
                    stored.diagnostics.append(diagnostic)
                }
            }
        }
        appended.sort(by: LedgerEvent.replayOrder)
        var cardEvents: [LedgerEvent] = []
        var change = CardLogChange(from: cached.generation, cards: [])
        for event in appended {
            guard stored.replay.follows(event) else { return nil }
            // An answer sent twice (its given id applied already) reaches no state, the card log neither.
            if stored.replay.append(event), CardEventLog.reads(event) { cardEvents.append(event) }
        }
        if !cardEvents.isEmpty {
            // A log read afresh from the ledger (its file gone or of another generation) holds
            // the appended events already: applying them again would count each answer twice.
            guard var log = ReplayedLedger.storedCardLog(stored.cardLog, generation: stored.generation, layout: layout)
            else { return nil }
            for event in cardEvents {
                log.apply(event)
                change.cards.formUnion(CardEventLog.cardIDs(of: event))
            }
            stored.cardLog = .decoded(log)
            stored.generation = Self.newGeneration()
        }
        stored.states = states
        if grew, !stored.keepsCardLog(upTo: limit) { write(stored) }
        return ReplayedLedger(
            replay: stored.replay, diagnostics: stored.diagnostics + truncated,
            source: grew ? .extended(events: appended.count) : .cache, cardLogStorage: stored.cardLog,
            generation: stored.generation, layout: layout, states: stored.states,
            cardLogChange: cardEvents.isEmpty ? nil : change)
    }

    /// Replays every ledger file and writes a new cache.
    func replayAll(_ store: LedgerStore) -> ReplayedLedger {
        let snapshot = store.read()
        let stored = replayed(snapshot, generation: Self.newGeneration())
        let unreadable = snapshot.diagnostics.contains { $0.code == "unreadable" }
        if !unreadable { write(stored) }
        return ReplayedLedger(
            replay: stored.replay, diagnostics: snapshot.diagnostics, source: .replayed, cardLogStorage: stored.cardLog,
            generation: stored.generation, layout: layout, states: stored.states)
    }

    /// What the cache stores of a whole ledger read: the replay, the card
    /// log, the lines' problems (but a last line cut short, which is read
    /// again each time) and the files' states.
    func replayed(_ snapshot: LedgerStore.Snapshot, generation: UInt64) -> Stored {
        let history = LedgerHistory(snapshot.events)
        return Stored(
            states: snapshot.states, diagnostics: snapshot.diagnostics.filter { $0.code != LedgerText.truncatedCode },
            replay: LedgerReplay(history, timeZone: timeZone), cardLog: .decoded(CardEventLog(events: history.events)),
            generation: generation)
    }

    // MARK: Writing

    func write(_ stored: Stored) {
        if case .decoded(let log) = stored.cardLog {
            // The log first: a cache naming a generation whose log is missing reads the ledger's card events afresh.
            var section = CacheWriter(capacity: 1 << 20)
            Self.encode(log, generation: stored.generation, into: &section)
            guard Self.cardLogFile(layout).write(section) else { return }
        }
        var w = CacheWriter(capacity: 1 << 20)
        encode(stored, into: &w)
        file.write(w)
    }

    /// The payload of `ledger.bin` for `stored` (its card log apart).
    func encode(_ stored: Stored, into w: inout CacheWriter) {
        w.string(timeZone.identifier)
        w.int(stored.states.count)
        for state in stored.states { ReplayCoding.encode(state, &w) }
        w.int(stored.diagnostics.count)
        for diagnostic in stored.diagnostics { ReplayCoding.encode(diagnostic, &w) }
        w.u64(stored.generation)
        ReplayCoding.encode(stored.replay, &w)
    }

    /// The payload of `ledger-cards.bin`: the generation it belongs to, then the log.
    static func encode(_ log: CardEventLog, generation: UInt64, into w: inout CacheWriter) {
        w.u64(generation)
        ReplayCoding.encode(log, &w)
    }

    static func newGeneration() -> UInt64 { UInt64.random(in: 1...UInt64.max) }
}

/// The card events an extension of a replay applied: the card log's
/// generation before them, and every card id they name
/// (``CardEventLog/cardIDs(of:)``). What brings card schedules computed
/// for that generation up to date (``CardScheduleReplay/updating(_:lineage:changed:log:cards:config:mapCards:)``).
struct CardLogChange: Sendable {
    var from: UInt64
    var cards: Set<String>
}

/// Where the card log is: in memory, or still in `.vault/cache/ledger-cards.bin`
/// (most commands never need it).
enum CardLogStorage: Sendable {
    case inFile
    case decoded(CardEventLog)
}

/// A replayed ledger, as ``ReplayCache/load()`` gives it.
public struct ReplayedLedger: Sendable {
    /// Where the replay came from.
    public enum Source: Equatable, Sendable {
        /// The cache, unchanged.
        case cache
        /// The cache, extended with this many appended events.
        case extended(events: Int)
        /// Every ledger line, read again.
        case replayed
    }

    public let replay: LedgerReplay
    /// Problems in the ledger's lines (as `LedgerStore.read()` reports them).
    public let diagnostics: [Diagnostic]
    public let source: Source
    private(set) var cardLogStorage: CardLogStorage
    let generation: UInt64
    let layout: VaultLayout
    /// The ledger files' states the replay was read at (what ``ReplayCache/load(since:)`` extends from).
    let states: [LedgerStore.FileState]
    /// What changed in the card log, when this replay extended one with card
    /// events: the generation it had, and the cards they name.
    var cardLogChange: CardLogChange? = nil

    /// The card log, when it is in memory.
    var decodedCardLog: CardEventLog? {
        if case .decoded(let log) = cardLogStorage { return log }
        return nil
    }

    /// The same replay holding `log` (its card log, decoded elsewhere) in memory.
    func holding(_ log: CardEventLog) -> ReplayedLedger {
        var replayed = self
        replayed.cardLogStorage = .decoded(log)
        return replayed
    }

    /// The same replay with its card log left to `ledger-cards.bin` when it
    /// holds more than `limit` events (``leavingCardLogInFile()``), or when it is
    /// not in memory; kept otherwise.
    /// A log kept is compacted (``CardEventLog/compacted()``): one read from
    /// the ledger's lines holds each card's last event's fields.
    func keepingCardLog(upTo limit: Int) -> ReplayedLedger {
        guard let log = decodedCardLog, log.count <= limit else { return leavingCardLogInFile() }
        return holding(log.compacted())
    }

    /// The same replay with its card log left to `ledger-cards.bin`, read
    /// again each time it is asked for: for a process that keeps the replay
    /// between requests (`vault serve`), where a million card events decoded
    /// are about 80 MB held for nothing between them.
    func leavingCardLogInFile() -> ReplayedLedger {
        var replayed = self
        replayed.cardLogStorage = .inFile
        return replayed
    }

    /// The card events, gathered (decoded from the cache on first need).
    public func cardLog() -> CardEventLog { Self.cardLog(cardLogStorage, generation: generation, layout: layout) }

    /// The log of `storage`; when its file is missing, of another generation
    /// or damaged, the ledger's card events read afresh.
    static func cardLog(_ storage: CardLogStorage, generation: UInt64, layout: VaultLayout) -> CardEventLog {
        storedCardLog(storage, generation: generation, layout: layout)
            ?? CardEventLog(events: LedgerStore(layout: layout).history().history.events)
    }

    /// The log of `storage`: in memory, or decoded from `ledger-cards.bin`;
    /// nil when that file is missing, of another generation or damaged.
    static func storedCardLog(_ storage: CardLogStorage, generation: UInt64, layout: VaultLayout) -> CardEventLog? {
        if case .decoded(let log) = storage { return log }
        return ReplayCache.cardLogFile(layout).read()?.withUnsafeBytes { raw -> CardEventLog? in
            var r = CacheReader(UnsafeRawBufferPointer(rebasing: raw[CacheFile.headerSize...]))
            guard (try? r.u64()) == generation else { return nil }
            return try? ReplayCoding.decodeCardLog(&r)
        }
    }
}
