import Foundation

/// The card events of a ledger (`rate`, `tier`, `card-link`), gathered in
/// replay order: each card id's answers and tier moves, what its last rating
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

    /// The card ids named, in order of first appearance; `slot(of:)` finds one.
    public private(set) var ids: [String] = []
    /// Per id (same index): its answers and tier moves in replay order.
    public private(set) var histories: [[CardScheduleReplay.CardEvent]] = []
    /// Per id: the fields of its last `rate` event, read only when re-linking needs them.
    private var lastRatingFields: [(order: Int, fields: [(key: String, value: String)])?] = []
    /// Recorded `card-link`s: from → to.
    public private(set) var links: [String: String] = [:]
    public private(set) var problems: [Problem] = []
    /// Card events applied so far.
    public private(set) var count = 0
    private var slotOf: [String: Int] = [:]

    public init() {}

    /// The log of `events` (in replay order; other kinds are skipped).
    public init(events: [LedgerEvent]) {
        for event in events { apply(event) }
    }

    /// A log rebuilt from its parts (the replay cache stores them).
    public init(
        ids: [String], histories: [[CardScheduleReplay.CardEvent]], lastRatings: [LastRating?],
        links: [String: String], problems: [Problem], count: Int
    ) {
        self.ids = ids
        self.histories = histories
        self.lastRatingFields = lastRatings.map { rating in
            rating.map { r in
                var fields: [(key: String, value: String)] = []
                if let note = r.note { fields.append(("note", note)) }
                if let text = r.text { fields.append(("text", text)) }
                if let kind = r.kind { fields.append(("card_kind", kind.rawValue)) }
                if let position = r.position { fields.append(("pos", String(position))) }
                return (r.order, fields)
            }
        }
        self.links = links
        self.problems = problems
        self.count = count
        for (i, id) in ids.enumerated() { slotOf[id] = i }
    }

    /// The index of `card` in ``ids``, if the log names it.
    public func slot(of card: String) -> Int? { slotOf[card] }

    /// What the last `rate` event of the card at `slot` said, nil when it has none.
    public func lastRating(_ slot: Int) -> LastRating? {
        guard let last = lastRatingFields[slot] else { return nil }
        var rating = LastRating(order: last.order, note: nil, text: nil, kind: nil, position: nil)
        for field in last.fields {
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
                case "response_ms": milliseconds = Int(field.value)
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
            histories[k].append(.answer(time: event.time, answer: answer, responseMilliseconds: milliseconds))
            lastRatingFields[k] = (count, event.fields)
        case TierChange.kind:
            count += 1
            if let change = try? TierChange(event) {
                histories[slot(change.card)].append(.tier(time: change.time, tier: change.tier))
            }
        case CardLink.kind:
            count += 1
            if let link = try? CardLink(event) { links[link.from] = link.to }
        default:
            return
        }
    }

    private mutating func slot(_ card: String) -> Int {
        if let s = slotOf[card] { return s }
        slotOf[card] = ids.count
        ids.append(card)
        histories.append([])
        lastRatingFields.append(nil)
        return ids.count - 1
    }
}
