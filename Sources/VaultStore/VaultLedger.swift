import Foundation
import VaultCore
import VaultProcess

/// The ledger port over `.vault/ledger/`: the replay comes from the replay
/// cache (`ledger.bin`, extended by appends), card schedules from the
/// schedule memo (`cards.bin`), appends go through ``LedgerAppender``. The
/// caches are this adapter's private business.
///
/// ``prefetch()`` starts loading the replay on another thread, so that a
/// command's note scan (kernel time) and the replay's decoding (user time)
/// overlap; a command that never asks for the replay (a search) reads no
/// ledger at all.
public final class VaultLedger: LedgerSource, ImportedEventLog, @unchecked Sendable {
    public let layout: VaultLayout
    public let timeZone: TimeZone
    /// The replay being loaded, once asked for; `lock` guards it (use cases
    /// ask for card schedules on another thread while the board is built).
    private var loading: Background<ReplayedLedger>?
    private let lock = NSLock()
    private var appender: LedgerAppender?
    /// Held by an append from its first step to its last: `vault serve`'s
    /// requests share one ledger, and two answers at once must not share an appender half-made.
    private let appending = NSLock()
    /// The card log, once decoded (`lock` guards it); forgotten by an append, as the replay is.
    /// `vault stats` asks for the replay and for the log: a million card
    /// events were decoded twice, 75 ms each.
    private var decodedCardLog: CardEventLog?
    /// The card schedules or card replay last asked for, with what they
    /// were asked for (`lock` guards it): a server keeps one ledger while
    /// nothing changes, and its pages ask for the same cards' schedules on
    /// every request (a comparison, not a replay). One at a time: a replay's
    /// schedules answer for the schedules, and other cards (a note edited)
    /// replace it, so no stale replay stays (14 MB at 100,000 notes, with
    /// the old cards). Kept by an append (and by a ledger that continues this
    /// one): it answers only for the card log's generation it was computed
    /// from, and a replay of the generation an answer extended is brought up
    /// to date by folding the cards that answer reached
    /// (``CardScheduleReplay/updating(_:lineage:changed:log:cards:config:mapCards:)``).
    private var lastCards: CardsMemo?
    /// The replay last loaded, kept when an append (here, or in the ledger
    /// this one continues: ``continuing(_:)``) forgets it: the next load
    /// extends it with the lines appended since (``ReplayCache/load(since:)``),
    /// and decodes no `ledger.bin` (`lock` guards it).
    private var lastLoaded: ReplayedLedger?

    private struct CardsMemo {
        /// The card log's generation the schedules come from.
        var generation: UInt64
        var cards: [Card]
        var config: SchedulerConfig
        var schedules: [String: CardSchedule]?
        var replay: CardReplay?
        /// The lineage `replay` was made with, when kept (what an update compares).
        var lineage: [String: [String]]? = nil

        func answers(_ cards: [Card], _ config: SchedulerConfig, generation: UInt64) -> Bool {
            self.generation == generation && sameCards(cards, config)
        }

        func sameCards(_ cards: [Card], _ config: SchedulerConfig) -> Bool {
            self.config == config && self.cards == cards
        }
    }

    /// Whether the decoded card log is kept with the replay (a command), or
    /// read from the replay cache each time (a server that keeps this ledger
    /// between requests: the log of a million card events is about 80 MB).
    /// A log of at most ``keptCardLogLimit`` events is kept either way.
    private let keepsCardLog: Bool
    /// 250,000 card events decoded take about 20 MB, and decoding them costs
    /// each `/stats` about 6 ms per 80,000 (10,000 notes): kept up to there.
    static let keptCardLogLimit = 250_000

    /// The ledger of the vault at `layout`; nothing is read yet.
    public init(layout: VaultLayout, timeZone: TimeZone, keepsCardLog: Bool = true) {
        self.layout = layout
        self.timeZone = timeZone
        self.keepsCardLog = keepsCardLog
    }

    public func prefetch() { _ = started() }

    /// Makes this ledger (not read yet) start from the replay `earlier`
    /// holds, of the same vault: `vault serve` makes a ledger for the first
    /// request after a change (an answer), which then reads only the lines
    /// appended since, not the whole replay cache.
    /// Its card log and card schedules, when it holds them, go on too: the
    /// schedules are brought up to date, not replayed.
    public func continuing(_ earlier: VaultLedger) {
        guard earlier !== self, earlier.layout.root == layout.root, earlier.timeZone == timeZone else { return }
        guard let previous = earlier.loadedReplay() else { return }
        let cards = earlier.lock.withLock { earlier.lastCards }
        lock.withLock {
            guard loading == nil else { return }
            lastLoaded = previous
            if lastCards == nil { lastCards = cards }
        }
    }

    /// The replay loaded (or the last one, when an append forgot it), with
    /// the card log decoded for it when it was; nil when none was.
    private func loadedReplay() -> ReplayedLedger? {
        lock.lock()
        let (current, last, log) = (loading, lastLoaded, decodedCardLog)
        lock.unlock()
        guard let current else { return last }
        let replayed = current.value()
        guard replayed.decodedCardLog == nil, let log else { return replayed }
        return replayed.holding(log)
    }

    /// The replay's loading, started on first use.
    private func started() -> Background<ReplayedLedger> {
        lock.lock()
        defer { lock.unlock() }
        if let loading { return loading }
        let (layout, timeZone, keepsCardLog, previous) = (layout, timeZone, keepsCardLog, lastLoaded)
        lastLoaded = nil  // the loading holds it now, and the replay it gives takes its place
        let started = Background {
            let cache = ReplayCache(layout: layout, timeZone: timeZone)
            // A server keeps a card log it may keep (and leaves the cache files for later).
            let limit = keepsCardLog ? nil : Self.keptCardLogLimit
            let loaded = previous.map { cache.load(since: $0, keepingCardLogUpTo: limit) } ?? cache.load()
            return keepsCardLog ? loaded : loaded.keepingCardLog(upTo: Self.keptCardLogLimit)
        }
        KeptUntilExit.keep(started)  // a million events are not freed one by one at exit
        loading = started
        return started
    }

    /// The replay, with where it came from (waits for the loading thread).
    public var replayed: ReplayedLedger { started().value() }

    public func replay() -> LedgerReplay { replayed.replay }

    public func diagnostics() -> [Diagnostic] { replayed.diagnostics }

    public func history() -> LedgerHistory {
        let history = LedgerStore(layout: layout).history().history
        KeptUntilExit.keep(history)
        return history
    }

    public func cardSchedules(cards: [Card], config: SchedulerConfig) -> [String: CardSchedule] {
        let replayed = self.replayed
        let memo = lock.withLock { lastCards }
        if let memo, memo.answers(cards, config, generation: replayed.generation),
            let schedules = memo.replay?.schedules ?? memo.schedules
        {
            holding(cards, insteadOf: memo.cards)
            return schedules
        }
        if let replay = updated(memo, replayed, cards: cards, config: config) { return replay.schedules }
        if replayed.cardLogChange != nil, let log = replayed.decodedCardLog {
            // Extended by card events: `cards.bin` is of another generation. The whole
            // replay is kept, so that the next answer's update folds only what it reaches.
            let (replay, lineage) = CardScheduleReplay.replayKeepingLineage(
                log, cards: cards, config: config, mapCards: ParallelCards.map)
            remembered(
                CardsMemo(
                    generation: replayed.generation, cards: cards, config: config, replay: replay, lineage: lineage))
            return replay.schedules
        }
        let schedules = replayed.cardSchedules(cards: cards, config: config)
        remember(CardsMemo(generation: replayed.generation, cards: cards, config: config, schedules: schedules))
        return schedules
    }

    public func cardReplay(cards: [Card], config: SchedulerConfig) -> CardReplay {
        let replayed = self.replayed
        let memo = lock.withLock { lastCards }
        if let memo, memo.answers(cards, config, generation: replayed.generation), let replay = memo.replay {
            holding(cards, insteadOf: memo.cards)
            return replay
        }
        if let replay = updated(memo, replayed, cards: cards, config: config) { return replay }
        let (replay, lineage) = CardScheduleReplay.replayKeepingLineage(
            cardLog(), cards: cards, config: config, mapCards: ParallelCards.map)
        remember(
            CardsMemo(generation: replayed.generation, cards: cards, config: config, replay: replay, lineage: lineage))
        return replay
    }

    /// The card replay `memo` holds, of the generation `replayed` extended
    /// with card events, brought up to date for them (and remembered); nil
    /// when `memo` is of other cards, config or generation, holds schedules
    /// only, or the card log is not in memory.
    private func updated(_ memo: CardsMemo?, _ replayed: ReplayedLedger, cards: [Card], config: SchedulerConfig)
        -> CardReplay?
    {
        guard let memo, let earlier = memo.replay, let lineage = memo.lineage, let change = replayed.cardLogChange,
            change.from == memo.generation,
            memo.sameCards(cards, config), let log = replayed.decodedCardLog
        else { return nil }
        let (replay, updatedLineage) = CardScheduleReplay.updating(
            earlier, lineage: lineage, changed: change.cards, log: log, cards: cards, config: config,
            mapCards: ParallelCards.map)
        remembered(
            CardsMemo(
                generation: replayed.generation, cards: cards, config: config, replay: replay, lineage: updatedLineage))
        return replay
    }

    /// Makes the memo hold `cards`, equal to its own, in place of its own:
    /// after a note edit the catalog's cards are another array of the same
    /// cards, and the memo alone kept the old one alive (8 MB at 100,000 notes).
    /// `earlier` is the memo's array that was found equal to `cards`; a memo
    /// another request put in its place meanwhile is left as it is.
    private func holding(_ cards: [Card], insteadOf earlier: [Card]) {
        lock.withLock {
            guard let held = lastCards?.cards, Self.sameArray(held, earlier), !Self.sameArray(held, cards) else {
                return
            }
            lastCards?.cards = cards
        }
    }

    /// True when `a` and `b` are one array (one buffer), not only equal.
    private static func sameArray(_ a: [Card], _ b: [Card]) -> Bool {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
    }

    /// Keeps `memo` as the last cards asked for.
    private func remember(_ memo: CardsMemo) {
        lock.withLock { lastCards = memo }
    }

    /// ``remember(_:)`` for a replay made from a card log extended in
    /// memory; a command (whose extension wrote `ledger.bin` with that
    /// generation) also writes its schedules to `cards.bin`, for the next
    /// command. A server's generation is in no file (``ReplayCache/load(since:keepingCardLogUpTo:)``).
    private func remembered(_ memo: CardsMemo) {
        remember(memo)
        if keepsCardLog, let schedules = memo.replay?.schedules {
            CardScheduleMemo(layout: layout).write(
                schedules,
                key: CardScheduleMemo.Key(generation: memo.generation, cards: memo.cards, config: memo.config),
                cards: memo.cards)
        }
    }

    public func cardLog() -> CardEventLog {
        let replayed = self.replayed
        if let log = lock.withLock({ decodedCardLog }) { return log }
        let log = replayed.cardLog()
        guard keepsCardLog || log.count <= Self.keptCardLogLimit else { return log }
        return lock.withLock {
            if decodedCardLog == nil { decodedCardLog = log }
            return decodedCardLog!
        }
    }

    /// Appends `event` under the ledger lock, with this clone's device id
    /// and a sequence above every one it has used. With `given` (``GivenID``),
    /// an event whose id the ledger holds is not written again: the replay
    /// this ledger holds is asked first, then, under the lock, the ledger as
    /// it is on disk (another request, another process or a pull may have
    /// written it since); the event is then returned with sequence 0.
    /// - Throws: ``VaultStoreError`` when the device id cannot be made or the ledger cannot be written.
    @discardableResult
    public func append(_ event: some TypedEvent, given: String?) throws -> LedgerEvent {
        appending.lock()
        defer { appending.unlock() }
        if let given, replay().holds(givenID: given) {
            return event.ledgerEvent(device: "", sequence: 0, utcOffset: timeZone.secondsFromGMT(for: event.time))
        }
        if appender == nil {
            appender = try LedgerAppender(store: LedgerStore(layout: layout), timeZone: timeZone, replay: replay())
        }
        // Written or found on disk: either way the replay held is older than the ledger.
        let loaded = loadedReplay()
        let written =
            try loaded.map { try appender!.append(event, given: given, since: $0) }
            ?? appender!.append(event, given: given)
        // The next replay reads the event too (extending the one held, its
        // card log with it): one context serves a whole command, and a
        // review that records decisions then finishes must count them. The
        // card schedules stay, of their generation (``updated(_:_:cards:config:)``).
        lock.withLock {
            decodedCardLog = nil
            if let loaded { lastLoaded = loaded }
            loading = nil
        }
        return written
    }

    /// Appends imported events as they are (their device and sequence kept),
    /// each year's lines in a few large writes (``LedgerAppender/writeLines(_:to:)``).
    /// An event whose line would not read back (``ValuePolicy``) stops the
    /// append before its run is written (the importer checks its values
    /// first, so this is the last guard).
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public func appendImported(_ events: some Sequence<LedgerEvent>) throws {
        let store = LedgerStore(layout: layout)
        let appender = try LedgerAppender(store: store, timeZone: timeZone, replay: replay())
        try store.withLock {
            // In runs of 20,000 lines (about 5 MB) per year file: 500,000 imported
            // reviews need no 125 MB buffer, and their events are made as they are read.
            var pending: [Int: [String]] = [:]
            for event in events {
                try LedgerAppender.checkWritable(event)
                let year = max(
                    1970,
                    VaultDate.civil(fromDays: Int((event.time.timeIntervalSince1970 / 86_400).rounded(.down))).year)
                pending[year, default: []].append(LedgerLine.format(event))
                if pending[year]!.count >= 20_000 {
                    try appender.writeLines(pending[year]!, to: store.relativePath(year: year))
                    pending[year] = []
                }
            }
            for (year, lines) in pending.sorted(by: { $0.key < $1.key }) where !lines.isEmpty {
                try appender.writeLines(lines, to: store.relativePath(year: year))
            }
        }
        lock.withLock {
            decodedCardLog = nil
            loading = nil
            lastCards = nil
        }
    }
}
