import Foundation

/// What replaying the card events of a ledger gives.
public struct CardReplay: Sendable {
    /// The schedule of every current card (new cards included), by card id.
    public var schedules: [String: CardSchedule]
    /// The cards the ledger knows (last `pos`/`text` seen), for re-linking:
    /// per note key, for the notes that have cards now (only those are re-linked).
    public var known: [String: [KnownCard]]
    /// Re-links found now between the ledger's cards and the current ones (not yet recorded).
    public var relinkings: [String: CardRelinking]
    /// Events that could not be read (for `vault check`).
    public var problems: [VaultCoreError]
}

/// Computes every card's schedule from the ledger: a pure function of the
/// events, the current cards and the scheduler config.
///
/// Each card is replayed from scratch under the scheduler its note's folder
/// uses now (so changing settings reschedules), folding its `rate`,
/// `tier` and `card-reset` `forget` events in replay order. `card-link` events, and the re-links
/// ``CardRelinker`` finds between the ledger's known cards and the current
/// ones, make an edited card continue its old history.
public enum CardScheduleReplay {
    /// Maps each card to its schedule: the core folds them one after the
    /// other; VaultStore passes a mapper that spreads the cards over the
    /// cores (folding is independent per card). It must return the
    /// schedules in the cards' order.
    public typealias CardMapper =
        @Sendable (_ cards: [Card], _ schedule: @Sendable (Card) -> CardSchedule) -> [CardSchedule]

    /// One card after the other.
    public static let sequential: CardMapper = { cards, schedule in cards.map(schedule) }

    /// Replays `events` (in replay order, as `LedgerHistory` gives them; other
    /// kinds are skipped) for `cards`.
    public static func replay(_ events: [LedgerEvent], cards: [Card], config: SchedulerConfig) -> CardReplay {
        replay(eventLog(events), cards: cards, config: config)
    }

    /// The card events of `events` (put in replay order first when they
    /// are not), gathered for ``replay(_:cards:config:mapCards:)``: what
    /// ``replay(_:cards:config:)`` does before it folds, which needs no card.
    public static func eventLog(_ events: [LedgerEvent]) -> CardEventLog {
        CardEventLog(events: isOrdered(events) ? events : events.sorted(by: LedgerEvent.replayOrder))
    }

    /// Replays the card events gathered in `log` for `cards`, folding the
    /// cards' histories with `mapCards`.
    public static func replay(
        _ log: CardEventLog, cards: [Card], config: SchedulerConfig, mapCards: CardMapper = sequential
    ) -> CardReplay {
        replayKeepingLineage(log, cards: cards, config: config, mapCards: mapCards).replay
    }

    /// ``replay(_:cards:config:mapCards:)``, with the lineage it worked out
    /// (per current card id, the ids whose events it continues: ``lineageIDs(_:cards:)``),
    /// what ``updating(_:lineage:changed:log:cards:config:mapCards:)`` compares.
    public static func replayKeepingLineage(
        _ log: CardEventLog, cards: [Card], config: SchedulerConfig, mapCards: CardMapper = sequential
    ) -> (replay: CardReplay, lineage: [String: [String]]) {
        let (knownLists, relinkings, historyOf) = lineage(log, cards: cards)
        let folded = fold(log, cards: cards, inherited: historyOf, config: config, mapCards: mapCards)
        var schedules: [String: CardSchedule] = [:]
        schedules.reserveCapacity(cards.count)
        for (card, schedule) in zip(cards, folded) { schedules[card.id] = schedule }
        let replay = CardReplay(
            schedules: schedules, known: knownLists, relinkings: relinkings, problems: log.problems.map(\.error))
        return (replay, historyOf)
    }

    /// The schedules of `cards` (in their order), each folded from its own
    /// events in `log` and those of the ids it continues (`inherited`).
    static func fold(
        _ log: CardEventLog, cards: [Card], inherited: [String: [String]], config: SchedulerConfig,
        mapCards: CardMapper
    ) -> [CardSchedule] {
        // Folding is independent per card. Every id whose history is read,
        // looked up in the log at once.
        let wanted = cards.map(\.id) + cards.flatMap { inherited[$0.id] ?? [] }
        var slotOf: [String: Int] = [:]
        slotOf.reserveCapacity(wanted.count)
        for (id, slot) in zip(wanted, log.slots(of: wanted)) { if let slot { slotOf[id] = slot } }
        let slots = slotOf  // an immutable copy for the mapper
        return mapCards(cards) { card in
            var history = slots[card.id].map { log.histories[$0] } ?? []
            if let older = inherited[card.id] {
                for id in older { history += slots[id].map { log.histories[$0] } ?? [] }
                history.sort { $0.time < $1.time }
            }
            return fold(
                history, settings: config.settings(forNotePath: card.notePath), cardID: card.id, stored: card.stored,
                timeZone: config.timeZone)
        }
    }

    /// Which earlier ids each current card continues: the ledger's known
    /// cards (as their last rating saw them), the re-links found now, and per
    /// current id the ids whose events it inherits (recorded `card-link`s and
    /// the re-links found now).
    static func lineage(_ log: CardEventLog, cards: [Card]) -> (
        known: [String: [KnownCard]], relinkings: [String: CardRelinking], historyOf: [String: [String]]
    ) {
        let links = log.links
        let cardsByNote = Dictionary(grouping: cards, by: \.noteKey)
        // The cards the ledger knows, as their last rating saw them (a last rating
        // without `text`, written by another tool, leaves the card unknown); a
        // recorded link renames one. Only for notes with cards now: a ledger
        // of years names many cards of notes long gone.
        var known: [String: [String: KnownCard]] = [:]  // note → card → last seen
        // Two ratings can reach one card only through links (a log names
        // each id once), so only then is the later one told by its order.
        var lastOrder: [String: Int] = [:]
        if !links.isEmpty {
            lastOrder.reserveCapacity(log.ids.count)
            for k in log.ids.indices {
                if let rating = log.lastRating(k) { lastOrder[log.ids[k]] = rating.order }
            }
        }
        for k in log.ids.indices {
            guard let rating = log.lastRating(k), let note = rating.note, let text = rating.text,
                cardsByNote[note] != nil
            else { continue }
            var id = log.ids[k]
            if !links.isEmpty {
                var seen: Set<String> = [id]
                while let next = links[id], !seen.contains(next) {
                    id = next
                    seen.insert(next)
                }
            }
            if let existing = known[note]?[id], let existingOrder = lastOrder[existing.id], existingOrder > rating.order
            {
                continue
            }
            known[note, default: [:]][id] = KnownCard(
                id: id, kind: rating.kind ?? .basic, text: text, position: rating.position ?? 0)
        }
        let knownLists = known.mapValues { $0.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) } }

        // Re-links not yet recorded: per note, the ledger's cards against the current ones.
        var relinkings: [String: CardRelinking] = [:]
        var historyOf: [String: [String]] = [:]  // current id → ids whose events it continues
        for (note, current) in cardsByNote {
            // A note whose cards the ledger never saw has nothing to re-link.
            guard let knownList = knownLists[note] else { continue }
            let relinking = CardRelinker.relink(known: knownList, current: current)
            if !relinking.relinked.isEmpty || !relinking.orphaned.isEmpty { relinkings[note] = relinking }
            for link in relinking.relinked { historyOf[link.to, default: []].append(link.from) }
        }
        // Recorded links: every id whose chain of `card-link`s leads to a current card.
        let currentIDs = Set(cards.map(\.id))
        for from in links.keys {
            var to = from
            var seen: Set<String> = [from]
            while let next = links[to], !seen.contains(next) {
                to = next
                seen.insert(next)
            }
            if to != from, currentIDs.contains(to) { historyOf[to, default: []].append(from) }
        }

        return (knownLists, relinkings, historyOf)
    }

    /// Per current card id, the ids whose events it continues (recorded
    /// `card-link`s and the re-links found now); cards that continue none are absent.
    public static func lineageIDs(_ log: CardEventLog, cards: [Card]) -> [String: [String]] {
        lineage(log, cards: cards).historyOf
    }

    /// Each of `cards`' events in time order: its own and those of the ids it
    /// continues (``lineage(_:cards:)``), and the id its history began under
    /// (the earliest of them to be answered; the card's own id when it has no
    /// older one). What `vault export anki` writes as a card's review log.
    public static func histories(_ log: CardEventLog, cards: [Card]) -> [(events: [CardEvent], origin: String)] {
        histories(log, cards: cards, inherited: lineage(log, cards: cards).historyOf)
    }

    /// ``histories(_:cards:)`` and ``lineageIDs(_:cards:)`` together, the lineage worked out once.
    public static func historiesAndLineage(_ log: CardEventLog, cards: [Card]) -> (
        histories: [(events: [CardEvent], origin: String)], lineage: [String: [String]]
    ) {
        let inherited = lineage(log, cards: cards).historyOf
        return (histories(log, cards: cards, inherited: inherited), inherited)
    }

    static func histories(_ log: CardEventLog, cards: [Card], inherited: [String: [String]]) -> [(
        events: [CardEvent], origin: String
    )] {
        let wanted = cards.map(\.id) + inherited.values.flatMap { $0 }
        var slotOf: [String: Int] = [:]
        for (id, slot) in zip(wanted, log.slots(of: wanted)) { if let slot { slotOf[id] = slot } }
        return cards.map { card in
            var history = slotOf[card.id].map { log.histories[$0] } ?? []
            var origin = card.id
            if let older = inherited[card.id] {
                var first = history.first?.time ?? .distantFuture
                for id in older {
                    let events = slotOf[id].map { log.histories[$0] } ?? []
                    if let start = events.first?.time, start < first || (start == first && id < origin) {
                        first = start
                        origin = id
                    }
                    history += events
                }
                history.sort { $0.time < $1.time }
            }
            return (history, origin)
        }
    }

    /// One card's schedule from its events in order, starting from `stored`, the schedule
    /// stored with the card in its note (the Spaced Repetition plugin's `<!--SR:…-->` group),
    /// when it has one.
    ///
    /// The stored schedule counts as a review on the day it implies (its due day less its
    /// interval, in `timeZone`), after every answer of that day: answers given up to that
    /// day are counted but their schedule gives way to the stored one; answers given on later
    /// days are applied on top of it. So a schedule the plugin wrote after the last answer
    /// `vault` recorded wins, a schedule `vault` wrote back itself is its last answer's, and
    /// every clone computes the same.
    public static func fold(
        _ history: [CardEvent], settings: SchedulerSettings, cardID: String, stored: StoredSchedule? = nil,
        timeZone: TimeZone = VaultDate.utc
    ) -> CardSchedule {
        var schedule = CardSchedule(settings: settings)
        var pending = stored
        let storedDay = stored?.impliedReviewDay(in: timeZone) ?? 0
        for event in history {
            if let waiting = pending, StoredSchedule.dayNumber(event.time, timeZone) > storedDay {
                schedule = schedule.adopting(waiting, timeZone: timeZone)
                pending = nil
            }
            switch event {
            case .answer(let time, let answer, _): schedule = schedule.answering(answer, at: time, cardID: cardID)
            case .tier(let time, let tier): schedule = schedule.moving(to: tier, at: time)
            case .forget(let time): schedule = schedule.forgetting(at: time)
            case .dueSet(_, let due): schedule = schedule.settingDue(due, timeZone: timeZone)
            }
        }
        if let waiting = pending { schedule = schedule.adopting(waiting, timeZone: timeZone) }
        return schedule
    }

    /// An event that changes one card's schedule.
    public enum CardEvent: Hashable, Sendable {
        /// An answer, with the milliseconds it took when the `rate` event says (for statistics).
        case answer(time: Date, answer: ReviewAnswer, responseMilliseconds: Int? = nil)
        case tier(time: Date, tier: StudyTier)
        /// A `card-reset` `forget`: the card is new again (``CardSchedule/forgetting(at:)``).
        case forget(time: Date)
        /// A `card-reset` `reschedule` with a `due` date: the card is due then (``CardSchedule/settingDue(_:)``).
        case dueSet(time: Date, due: Date)

        public var time: Date {
            switch self {
            case .answer(let time, _, _): return time
            case .tier(let time, _): return time
            case .forget(let time): return time
            case .dueSet(let time, _): return time
            }
        }
    }

    private static func isOrdered(_ events: [LedgerEvent]) -> Bool {
        var i = 1
        while i < events.count {
            if LedgerEvent.replayOrder(events[i], events[i - 1]) { return false }
            i += 1
        }
        return true
    }
}
