import Foundation

/// One answer of a training item: its rating (1-4) and the whole days since
/// the previous answer (0 for the first and for same-day answers).
public struct FSRSReview: Hashable, Sendable {
    public var rating: Int
    public var deltaT: Int

    public init(rating: Int, deltaT: Int) {
        self.rating = rating
        self.deltaT = deltaT
    }
}

/// A training item, as fsrs-rs calls it: a card's answers up to one review a
/// day or more after the previous answer, which is the target (recalled when
/// rated above Again); the answers before it are the history.
public struct FSRSItem: Hashable, Sendable {
    public var reviews: [FSRSReview]

    public init(reviews: [FSRSReview]) { self.reviews = reviews }

    /// The answers a day or more after the previous one.
    public var longTermReviewCount: Int { reviews.reduce(0) { $0 + ($1.deltaT > 0 ? 1 : 0) } }
}

/// The training items of a review log: every card's answers once, and each
/// item as a prefix of its card's answers, in the order of their target
/// reviews (the order of the log), as Anki gives them to fsrs-rs.
public struct FSRSTrainingSet: Sendable {
    /// One training item: the first `length` answers of card `card`.
    public struct Item: Hashable, Sendable {
        public var card: Int
        public var length: Int

        public init(card: Int, length: Int) {
            self.card = card
            self.length = length
        }
    }

    /// Each card's answers that count, oldest first.
    public var cards: [[FSRSReview]]
    /// The cards' names, as the log spells them (same index as ``cards``).
    public var cardNames: [String]
    /// The items, in the order of their target reviews.
    public var items: [Item]
    /// The answers used (the cards' answers that count, targets or not).
    public var reviewCount: Int

    public init(cards: [[FSRSReview]], cardNames: [String], items: [Item], reviewCount: Int) {
        self.cards = cards
        self.cardNames = cardNames
        self.items = items
        self.reviewCount = reviewCount
    }

    /// The item `item` with its answers.
    public func fsrsItem(_ item: Item) -> FSRSItem { FSRSItem(reviews: Array(cards[item.card][0..<item.length])) }

    /// Every item with its answers, in order.
    public var fsrsItems: [FSRSItem] { items.map(fsrsItem) }

    /// The items of `entries` as Anki builds them for training
    /// (rslib/src/scheduler/fsrs/params.rs): each card's history starts at its
    /// last run of learning answers (a card without one is left out), a manual
    /// reset before that run cuts what came before it, days are whole days
    /// across `days`, and an answer on the same day as the previous one stays
    /// in the history but is never a target.
    public init(entries: [RevlogEntry], days: DayBoundary) {
        // Cards in order of first appearance.
        var slot: [String: Int] = [:]
        var grouped: [(card: String, entries: [RevlogEntry])] = []
        for entry in entries {
            if let k = slot[entry.card] {
                grouped[k].entries.append(entry)
            } else {
                slot[entry.card] = grouped.count
                grouped.append((entry.card, [entry]))
            }
        }
        self.init(cards: grouped, days: days)
    }

    /// The items of entries already grouped by card (each card's in any order;
    /// sorted by time here, ties kept in their order).
    public init(cards grouped: [(card: String, entries: [RevlogEntry])], days: DayBoundary) {
        var cards: [[FSRSReview]] = []
        var cardNames: [String] = []
        var targets: [(time: Double, order: Int, item: Item)] = []
        var reviewCount = 0
        var counter = DayBoundary.Counter(days)
        for (name, unsorted) in grouped {
            let inOrder = zip(unsorted, unsorted.dropFirst()).allSatisfy { $0.time <= $1.time }
            let sorted =
                inOrder
                ? unsorted
                : zip(unsorted.indices, unsorted).sorted { ($0.1.time, $0.0) < ($1.1.time, $1.0) }.map(\.1)
            guard let kept = Self.countedEntries(sorted) else { continue }
            var reviews: [FSRSReview] = []
            reviews.reserveCapacity(kept.count)
            var previousDay: Int?
            let card = cards.count
            let targetsBefore = targets.count
            for entry in kept {
                let day = counter.day(of: entry.time)
                let deltaT = previousDay.map { max(0, day - $0) } ?? 0
                previousDay = day
                reviews.append(FSRSReview(rating: entry.rating, deltaT: deltaT))
                if reviews.count >= 2 && deltaT > 0 {
                    targets.append((entry.time.timeIntervalSince1970, targets.count, Item(card: card, length: reviews.count)))
                }
            }
            // No target: the card gives no item (and Anki counts none of its answers).
            guard targets.count > targetsBefore else { continue }
            cards.append(reviews)
            cardNames.append(name)
            reviewCount += reviews.count
        }
        targets.sort { $0.time != $1.time ? $0.time < $1.time : $0.order < $1.order }
        self.init(cards: cards, cardNames: cardNames, items: targets.map(\.item), reviewCount: reviewCount)
    }

    /// A card's entries from its last run of learning answers on, without
    /// manual entries; nil when the card has no learning answer (after its
    /// last reset).
    static func countedEntries(_ entries: [RevlogEntry]) -> [RevlogEntry]? {
        var firstOfLastLearning: Int?
        for index in entries.indices.reversed() {
            let entry = entries[index]
            if entry.kind == .learning && entry.rating > 0 {
                firstOfLastLearning = index
            } else if entry.kind == .manual {
                if firstOfLastLearning != nil { break }
                return nil
            } else if firstOfLastLearning != nil {
                break
            }
        }
        guard let start = firstOfLastLearning else { return nil }
        return entries[start...].filter { $0.rating > 0 && $0.kind != .manual }
    }
}
