import Foundation

/// StudyFlow's tiers: where a card stands, set by hand.
public enum StudyTier: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case learning, reviewing, mastered, inactive

    /// Tiers in the order learning < reviewing < mastered < inactive.
    public static func < (a: StudyTier, b: StudyTier) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A card's state under the tiers scheduler.
public struct TiersCardState: Hashable, Sendable {
    public var tier: StudyTier
    /// Correct answers in a row since the last wrong answer or tier change.
    public var correctStreak: Int
    public var due: Date?
    public var lastReview: Date?

    /// A card never answered: learning.
    public static let new = TiersCardState(tier: .learning, correctStreak: 0)

    public init(tier: StudyTier, correctStreak: Int, due: Date? = nil, lastReview: Date? = nil) {
        self.tier = tier
        self.correctStreak = correctStreak
        self.due = due
        self.lastReview = lastReview
    }
}

/// StudyFlow's scheduler: a fixed rhythm per tier, promotion by hand.
///
/// - learning: again the next day (1 day);
/// - reviewing: every 2-3 days: 3 days after a correct answer, 2 after a wrong one;
/// - mastered: every 6-7 days: 7 days after a correct answer, 6 after a wrong one;
/// - inactive: never due.
///
/// Answers never move a card between tiers: a `tier` event does (`vault
/// study --tier CARD=reviewing`). After ``promotionStreak`` correct answers
/// in a row the card is marked as suggested for promotion.
public struct Tiers: Sendable {
    public var promotionStreak: Int

    public init(promotionStreak: Int = 5) { self.promotionStreak = promotionStreak }

    /// The state after a right or wrong answer at `time`; the tier stays.
    public func review(_ card: TiersCardState, correct: Bool, at time: Date) -> TiersCardState {
        var card = card
        card.correctStreak = correct ? card.correctStreak + 1 : 0
        card.lastReview = time
        card.due = Self.interval(tier: card.tier, correct: correct).map {
            time.addingTimeInterval(TimeInterval($0) * 86_400)
        }
        return card
    }

    /// A manual move to `tier` at `time`: the streak restarts; the card is
    /// due at the new tier's rhythm from its last review (or now).
    public func move(_ card: TiersCardState, to tier: StudyTier, at time: Date) -> TiersCardState {
        var card = card
        card.tier = tier
        card.correctStreak = 0
        let from = card.lastReview ?? time
        card.due = Self.interval(tier: tier, correct: true).map { from.addingTimeInterval(TimeInterval($0) * 86_400) }
        return card
    }

    /// True when the card has earned a promotion it has not had yet.
    public func suggestsPromotion(_ card: TiersCardState) -> Bool {
        card.correctStreak >= promotionStreak && (card.tier == .learning || card.tier == .reviewing)
    }

    static func interval(tier: StudyTier, correct: Bool) -> Int? {
        switch tier {
        case .learning: return 1
        case .reviewing: return correct ? 3 : 2
        case .mastered: return correct ? 7 : 6
        case .inactive: return nil
        }
    }
}
