import Foundation

/// StudyFlow's insights ("optimal study time"): how recall goes by hour
/// of the day, by position in a sitting and by the sitting's length, and
/// the hardest cards, from every card answer in the ledger. A bin with
/// fewer than ``minimumAnswers`` answers shows its count and no recall: a
/// rate from a handful of answers says nothing.
public struct Insights: Sendable, Encodable {
    /// A card answered wrong often: one to rewrite, split or give a hint.
    public struct HardCard: Sendable, Encodable, Hashable {
        /// The card's id.
        public var card: String
        public var answers: Int
        /// Answers that failed.
        public var failed: Int
        /// Passed answers / answers.
        public var recall: Double
        /// The card's question, when the card is still in a note.
        public var question: String?

        public init(card: String, answers: Int, failed: Int, recall: Double, question: String? = nil) {
            self.card = card
            self.answers = answers
            self.failed = failed
            self.recall = recall
            self.question = question
        }
    }

    /// One bin: its answers and, with enough of them, the share passed.
    public struct Bin: Sendable, Encodable, Hashable {
        /// The hour (0-23, the vault's zone) or the first position of the bin (1, 11, 21, 31).
        public var from: Int
        public var answers: Int
        /// Passed answers / answers; nil below ``Insights/minimumAnswers``.
        public var recall: Double?
    }

    /// Answers a bin needs before its recall is shown.
    public static let minimumAnswers = 20
    /// Answers more than this far apart start a new sitting.
    public static let sittingGap: TimeInterval = 30 * 60
    /// The positions in a sitting, binned: 1-10, 11-20, 21-30, 31 on.
    public static let positionBins = [1, 11, 21, 31]

    /// Each hour of the day, 0 to 23, in the vault's zone (the zone's offset on each answer's day: DST counts).
    public var byHour: [Bin]
    /// Each bin of positions within a sitting.
    public var byPosition: [Bin]
    /// The hour with the best recall among those with enough answers (more answers, then the earlier, on a tie); nil when none has.
    public var bestHour: Int?
    /// Recall by the length of the sitting an answer was given in (answers no more than ``sittingGap`` apart):
    /// 1-10, 11-25, 26-50, 51 and more answers.
    public var bySittingLength: [Bin] = []
    /// The sitting length (its bin's first) with the best recall among those with enough answers; nil when none has.
    public var bestSittingLength: Int?
    /// The cards failed most (at least ``hardAnswers`` answers, recall below ``hardRecall``), lowest recall first, at most ``hardListed``.
    public var hardestCards: [HardCard] = []

    /// The sitting lengths, binned.
    public static let sittingLengthBins = [1, 11, 26, 51]
    /// Answers a card needs before it can be called hard, the recall it must be below, and how many are listed.
    public static let hardAnswers = 4
    public static let hardRecall = 0.6
    public static let hardListed = 5

    /// The insights of `reviews` (``ReviewKind/classify(_:cards:now:timeZone:)``: each answer's local hour);
    /// `ids` names the cards of the log (`log.ids`) for the hardest ones.
    public init(_ reviews: [ClassifiedReview], ids: [String] = []) {
        var hours = Array(repeating: (n: 0, passed: 0), count: 24)
        for review in reviews {
            hours[review.hour].n += 1
            if review.passed { hours[review.hour].passed += 1 }
        }
        byHour = hours.enumerated().map { Self.bin($0.offset, $0.element) }
        var positions = Array(repeating: (n: 0, passed: 0), count: Self.positionBins.count)
        var position = 0
        // In time order (the reviews' own order among equal times), by their moments
        // alone: sorting a million whole reviews was a sixth of `vault stats`.
        // `sort` is stable, so answers of one moment keep the reviews' order, as a sort by
        // (time, index) did, with half the comparison.
        var moments = reviews.map { (time: $0.time.timeIntervalSinceReferenceDate, passed: $0.passed) }
        if zip(moments, moments.dropFirst()).contains(where: { $0.time > $1.time }) {
            moments.sort { $0.time < $1.time }
        }
        var last: Double?
        // Sittings as runs of answers in time order: each answer counts in its sitting's length bin.
        var lengths = Array(repeating: (n: 0, passed: 0), count: Self.sittingLengthBins.count)
        var sitting = (n: 0, passed: 0)
        func closeSitting() {
            guard sitting.n > 0 else { return }
            let k = Self.sittingLengthBins.lastIndex { $0 <= sitting.n } ?? 0
            lengths[k].n += sitting.n
            lengths[k].passed += sitting.passed
            sitting = (0, 0)
        }
        for moment in moments {
            position = last.map { moment.time - $0 <= Self.sittingGap } == true ? position + 1 : 1
            if position == 1 { closeSitting() }
            last = moment.time
            let k = Self.positionBins.lastIndex { $0 <= position } ?? 0
            positions[k].n += 1
            sitting.n += 1
            if moment.passed {
                positions[k].passed += 1
                sitting.passed += 1
            }
        }
        closeSitting()
        byPosition = positions.enumerated().map { Self.bin(Self.positionBins[$0.offset], $0.element) }
        bySittingLength = lengths.enumerated().map { Self.bin(Self.sittingLengthBins[$0.offset], $0.element) }
        bestSittingLength = bySittingLength.filter { $0.recall != nil }.max {
            ($0.recall!, $0.answers, -$0.from) < ($1.recall!, $1.answers, -$1.from)
        }?.from
        // Counted by the card's slot in `ids` (a slot outside it names no card and is not listed).
        var perCard = Array(repeating: (n: 0, passed: 0), count: ids.count)
        for review in reviews where review.card >= 0 && review.card < ids.count {
            perCard[review.card].n += 1
            if review.passed { perCard[review.card].passed += 1 }
        }
        hardestCards = perCard.enumerated().compactMap { slot, count -> HardCard? in
            guard count.n >= Self.hardAnswers else { return nil }
            let recall = Double(count.passed) / Double(count.n)
            guard recall < Self.hardRecall else { return nil }
            return HardCard(card: ids[slot], answers: count.n, failed: count.n - count.passed, recall: recall)
        }.sorted { ($0.recall, -$0.failed, $0.card) < ($1.recall, -$1.failed, $1.card) }.prefix(Self.hardListed).map { $0 }
        bestHour = byHour.filter { $0.recall != nil }.max {
            ($0.recall!, $0.answers, -$0.from) < ($1.recall!, $1.answers, -$1.from)
        }?.from
    }

    static func bin(_ from: Int, _ count: (n: Int, passed: Int)) -> Bin {
        Bin(from: from, answers: count.n, recall: count.n >= minimumAnswers ? Double(count.passed) / Double(count.n) : nil)
    }
}
