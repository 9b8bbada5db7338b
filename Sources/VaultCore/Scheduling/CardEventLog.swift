import Foundation

/// The card events of a ledger (`rate`, `tier`, `card-reset` `forget` and
/// `reschedule` with a due date, `card-link`, `answer-undo` of a `rate`), gathered in replay order: each card id's answers, tier
/// moves and forgets, what its last rating
/// said about it (for re-linking), and the recorded links. Everything card
/// replay needs and nothing else, so the replay cache can keep it and
/// extend it with new events.
public struct CardEventLog: Sendable {
    /// What a card's last `rate` event said about the card (any field may be missing).
    public struct LastRating: Hashable, Sendable {
        /// Its place among the card events of the log (later ratings have higher ones).
        public var order: Int
        public var note: String?
        public var text: String?
        public var kind: Card.Kind?
        public var position: Int?

        public init(order: Int, note: String?, text: String?, kind: Card.Kind?, position: Int?) {
            self.order = order
            self.note = note
            self.text = text
            self.kind = kind
            self.position = position
        }
    }

    /// A `rate` event that cannot be read (for `vault check`).
    public struct Problem: Hashable, Sendable {
        public var device: String
        public var sequence: Int
        public var reason: String

        public init(device: String, sequence: Int, reason: String) {
            self.device = device
            self.sequence = sequence
            self.reason = reason
        }

        public var error: VaultCoreError { .badRatingEvent(device: device, sequence: sequence, reason: reason) }
    }

    /// The card ids named, in order of first appearance; `slots(of:)` finds them.
    public private(set) var ids: [String] = []
    /// Per id (same index): its answers, tier moves and forgets in replay order.
    public private(set) var histories = CardHistories()
    /// Per id: its last `rate` event, read only when re-linking needs it.
    private var lastRatings: [Last?] = []
    /// Recorded `card-link`s: from → to.
    public private(set) var links: [String: String] = [:]
    public private(set) var problems: [Problem] = []
    /// Card events applied so far.
    public private(set) var count = 0
    /// Each id's index in ``ids``; nil for a log read back from the replay
    /// cache until an event is applied to it. A ledger names many more ids
    /// than the vault has cards (cards deleted over the years; 350,000 in
    /// the benchmark vault), and hashing every one of them into a table
    /// cost more than the rest of the replay's reading.
    private var slotOf: [String: Int]? = [:]

    /// A card's last `rate` event: its fields as written (a log built from
    /// events), or as the replay cache decoded them.
    private enum Last {
        case fields(order: Int, [(key: String, value: String)])
        case decoded(LastRating)
    }

    public init() {}

    /// The log of `events` (in replay order; other kinds are skipped).
    public init(events: [LedgerEvent]) {
        for event in events { apply(event) }
    }

    /// A log rebuilt from its parts (the replay cache stores them).
    public init(
        ids: [String], histories: CardHistories, lastRatings: [LastRating?],
        links: [String: String], problems: [Problem], count: Int
    ) {
        self.ids = ids
        self.histories = histories
        self.lastRatings = lastRatings.map { $0.map(Last.decoded) }
        self.links = links
        self.problems = problems
        self.count = count
        slotOf = nil
    }

    /// The same log in the form the replay cache decodes it to: each card's
    /// last rating read from its event's fields (the fields, every string of
    /// the line, let go), every history without room to grow, and no table of
    /// the ids (built again if an event is applied). Itself when it is in that
    /// form already. What `vault serve` keeps between requests after reading
    /// the ledger's lines itself (no replay cache): at 10,000 notes and
    /// 100,000 card events, 17 MB held where a decoded log holds 7.
    public func compacted() -> CardEventLog {
        guard slotOf != nil else { return self }
        var ids: [String] = []
        ids.reserveCapacity(self.ids.count)
        ids.append(contentsOf: self.ids)
        return CardEventLog(
            ids: ids, histories: histories.compacted(), lastRatings: lastRatings.indices.map(lastRating), links: links,
            problems: problems, count: count)
    }

    /// The index in ``ids`` of each of `cards` (nil: the log does not name it).
    /// Without the table of every id, one pass over ``ids`` looking each up
    /// among `cards`: a few thousand cards cost far less than 350,000 ids.
    public func slots(of cards: [String]) -> [Int?] {
        if let slotOf { return cards.map { slotOf[$0] } }
        var wanted: [String: Int] = [:]
        wanted.reserveCapacity(cards.count)
        for (k, card) in cards.enumerated() { wanted[card] = k }
        var found = [Int?](repeating: nil, count: cards.count)
        for (slot, id) in ids.enumerated() {
            if let k = wanted[id] { found[k] = slot }
        }
        for (k, card) in cards.enumerated() where wanted[card] != k { found[k] = found[wanted[card]!] }  // a card named twice
        return found
    }

    /// What the last `rate` event of the card at `slot` said, nil when it has none.
    public func lastRating(_ slot: Int) -> LastRating? {
        switch lastRatings[slot] {
        case nil: return nil
        case .decoded(let rating): return rating
        case .fields(let order, let fields): return Self.lastRating(order: order, fields: fields)
        }
    }

    /// A last rating read from its event's fields.
    private static func lastRating(order: Int, fields: [(key: String, value: String)]) -> LastRating {
        var rating = LastRating(order: order, note: nil, text: nil, kind: nil, position: nil)
        for field in fields {
            switch field.key {
            case "note": rating.note = field.value
            case "text": rating.text = field.value
            case "card_kind": rating.kind = Card.Kind(rawValue: field.value)
            case "pos": rating.position = Int(field.value)
            default: continue
            }
        }
        return rating
    }

    /// Whether `event` is one this log reads.
    public static func reads(_ event: LedgerEvent) -> Bool {
        event.kind == RatingEvent.kind || event.kind == TierChange.kind || event.kind == CardLink.kind
            || event.kind == CardResetEvent.kind || event.kind == AnswerUndo.kind
    }

    /// The card ids `event` (one this log ``reads(_:)``) names: its `card`,
    /// and a link's `from` and `to`. Every card whose schedule applying it
    /// can change is one of them or continues one (``CardScheduleReplay/updating(_:lineage:changed:log:cards:config:mapCards:)``).
    public static func cardIDs(of event: LedgerEvent) -> [String] {
        event.fields.compactMap { field in
            field.key == "card" || field.key == "from" || field.key == "to" ? field.value : nil
        }
    }

    /// Applies the next event in replay order (other kinds are ignored).
    public mutating func apply(_ event: LedgerEvent) {
        switch event.kind {
        case RatingEvent.kind:
            count += 1
            // The fast path reads only what replay needs; `RatingEvent(_:)` reads everything.
            var card: String?
            var rating: String?
            var scheduler = SchedulerName.fsrs
            var milliseconds: Int?
            var found = 0
            for field in event.fields {
                switch field.key {
                case "card": card = field.value
                case "rating": rating = field.value
                case "scheduler": scheduler = SchedulerName(ledgerValue: field.value) ?? .fsrs
                case "response_ms": milliseconds = StudyRanges.responseMilliseconds(field.value)
                default: continue
                }
                found += 1
                if found == 4 { break }  // the fields that follow are not needed (and cost time on 1M lines)
            }
            guard let card, !card.isEmpty else {
                problems.append(Problem(device: event.device, sequence: event.sequence, reason: "has no 'card' field"))
                return
            }
            guard let rating, let answer = ReviewAnswer(rating, scheduler: scheduler) else {
                problems.append(
                    Problem(
                        device: event.device, sequence: event.sequence,
                        reason: "has a 'rating' this build cannot read ('\(rating ?? "")')"))
                return
            }
            let k = slot(card)
            histories.append(.answer(time: event.time, answer: answer, responseMilliseconds: milliseconds), to: k)
            lastRatings[k] = .fields(order: count, event.fields)
        case TierChange.kind:
            count += 1
            if let change = try? TierChange(event) {
                let k = slot(change.card)
                histories.append(.tier(time: change.time, tier: change.tier), to: k)
            }
        case CardResetEvent.kind:
            // A `reschedule` is no answer: it only moves the due date, when it names one.
            guard let reset = try? CardResetEvent(event) else { return }
            switch (reset.reset, reset.due) {
            case (.forget, _):
                count += 1
                let k = slot(reset.card)
                histories.append(.forget(time: reset.time), to: k)
            case (.reschedule, let due?):
                count += 1
                let k = slot(reset.card)
                histories.append(.dueSet(time: reset.time, due: due), to: k)
            case (.reschedule, nil):
                return
            }
        case CardLink.kind:
            count += 1
            if let link = try? CardLink(event) { links[link.from] = link.to }
        case AnswerUndo.kind:
            // The card's last answer at that moment leaves its history: its schedule is what it was before.
            guard let undo = try? AnswerUndo(event), !undo.cram, let k = existingSlot(undo.card),
                let i = histories[k].lastIndex(where: {
                    if case .answer(let time, _, _) = $0 { return time == undo.answered && time <= undo.time }
                    return false
                })
            else { return }
            count += 1
            histories.remove(at: i, from: k)
        default:
            return
        }
    }

    /// The slot of `card`, nil when the log does not name it.
    private mutating func existingSlot(_ card: String) -> Int? {
        if let slotOf { return slotOf[card] }
        return ids.firstIndex(of: card).map { _ in slot(card) }
    }

    /// The slot of `card`, given a new one when the log does not name it yet.
    private mutating func slot(_ card: String) -> Int {
        if slotOf == nil {
            var table: [String: Int] = [:]
            table.reserveCapacity(ids.count)
            for (i, id) in ids.enumerated() { table[id] = i }
            slotOf = table
        }
        if let s = slotOf![card] { return s }
        slotOf![card] = ids.count
        ids.append(card)
        histories.add()
        lastRatings.append(nil)
        return ids.count - 1
    }
}
