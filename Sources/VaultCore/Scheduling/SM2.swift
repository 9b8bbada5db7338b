import Foundation

/// A card's SM-2 state.
public struct SM2CardState: Hashable, Sendable {
    /// The ease factor, at least 1.3.
    public var easeFactor: Double
    /// Successful repetitions in a row (quality 3 or better).
    public var repetitions: Int
    /// The last interval in days (0 before the first review).
    public var interval: Int
    // Packed (``PackedDate``): 40 bytes, not 49 (a schedule per card).
    @PackedDate public var due: Date?
    @PackedDate public var lastReview: Date?

    /// A card never reviewed: EF 2.5.
    public static let new = SM2CardState(easeFactor: 2.5, repetitions: 0, interval: 0)

    public init(easeFactor: Double, repetitions: Int, interval: Int, due: Date? = nil, lastReview: Date? = nil) {
        self.easeFactor = easeFactor
        self.repetitions = repetitions
        self.interval = interval
        self.due = due
        self.lastReview = lastReview
    }
}

/// SuperMemo 2, as the Spaced Repetition design has it (SPEC section 6).
///
/// After each answer of quality q (0-5):
/// - EF' = max(1.3, EF + (0.1 − (5 − q)(0.08 + (5 − q)·0.02))), on every
///   answer, failed ones included;
/// - q < 3: repetitions restart (n = 0) and the interval is 1 day;
/// - q ≥ 3: n += 1, and the interval is 1 day for n = 1, 6 days for n = 2,
///   then round(previous interval × EF'), rounded half away from zero
///   (6 × 2.6 = 15.6 → 16 days), at most 36,500 days (Anki's
///   `maximum_interval`, ``ValuePolicy/maximumIntervalDays``): without a
///   cap, about 23 answers of 5 in a row overflowed the interval.
///
/// The card is due that many whole days (86,400 s) after the review.
public enum SM2 {
    /// The state after an answer of quality `quality` (clamped to 0-5) at `time`.
    public static func review(_ card: SM2CardState, quality: Int, at time: Date) -> SM2CardState {
        let q = min(max(quality, 0), 5)
        var card = card
        let miss = Double(5 - q)
        card.easeFactor = max(1.3, card.easeFactor + (0.1 - miss * (0.08 + miss * 0.02)))
        if q < 3 {
            card.repetitions = 0
            card.interval = 1
        } else {
            card.repetitions += 1
            switch card.repetitions {
            case 1: card.interval = 1
            case 2: card.interval = 6
            default:
                card.interval = ValuePolicy.intervalDays(
                    Double(card.interval) * card.easeFactor, rounding: .toNearestOrAwayFromZero)
            }
        }
        card.due = time.addingTimeInterval(TimeInterval(card.interval) * 86_400)
        card.lastReview = time
        return card
    }
}
