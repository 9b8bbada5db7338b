import Foundation

/// StudyFlow's insights ("optimal study time"): how recall goes by hour
/// of the day and by position in a sitting, from every card answer in the
/// ledger. A bin with fewer than ``minimumAnswers`` answers shows its count
/// and no recall: a rate from a handful of answers says nothing.
public struct Insights: Sendable, Encodable {
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

    /// The insights of `reviews` (``ReviewKind/classify(_:cards:now:timeZone:)``: each answer's local hour).
    public init(_ reviews: [ClassifiedReview]) {
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
        var moments = reviews.enumerated().map { (time: $0.element.time.timeIntervalSinceReferenceDate, index: $0.offset) }
        if zip(moments, moments.dropFirst()).contains(where: { $0.time > $1.time }) {
            moments.sort { ($0.time, $0.index) < ($1.time, $1.index) }
        }
        var last: Double?
        for moment in moments {
            position = last.map { moment.time - $0 <= Self.sittingGap } == true ? position + 1 : 1
            last = moment.time
            let k = Self.positionBins.lastIndex { $0 <= position } ?? 0
            positions[k].n += 1
            if reviews[moment.index].passed { positions[k].passed += 1 }
        }
        byPosition = positions.enumerated().map { Self.bin(Self.positionBins[$0.offset], $0.element) }
        bestHour = byHour.filter { $0.recall != nil }.max {
            ($0.recall!, $0.answers, -$0.from) < ($1.recall!, $1.answers, -$1.from)
        }?.from
    }

    static func bin(_ from: Int, _ count: (n: Int, passed: Int)) -> Bin {
        Bin(from: from, answers: count.n, recall: count.n >= minimumAnswers ? Double(count.passed) / Double(count.n) : nil)
    }
}
