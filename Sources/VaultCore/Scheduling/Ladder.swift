import Foundation

/// A card's place on Memo's review ladder.
public struct LadderCardState: Hashable, Sendable {
    /// Index into the ladder's steps; nil before the first answer.
    public var step: Int?
    public var due: Date?
    public var lastReview: Date?

    /// A card never answered.
    public static let new = LadderCardState(step: nil)

    public init(step: Int?, due: Date? = nil, lastReview: Date? = nil) {
        self.step = step
        self.due = due
        self.lastReview = lastReview
    }
}

/// Memo's review ladder: 1 → 7 → 30 → 90 days.
///
/// A correct answer climbs one step (a new card's first correct answer
/// lands on the first step, 1 day; the top step repeats); a wrong answer
/// goes back to the first step, 1 day.
public struct Ladder: Sendable {
    /// The steps in days.
    public var steps: [Int]

    public init(steps: [Int] = [1, 7, 30, 90]) { self.steps = steps.isEmpty ? [1, 7, 30, 90] : steps }

    /// The state after a right or wrong answer at `time`.
    public func review(_ card: LadderCardState, correct: Bool, at time: Date) -> LadderCardState {
        var card = card
        let next = correct ? min((card.step ?? -1) + 1, steps.count - 1) : 0
        card.step = next
        card.lastReview = time
        let days = min(max(steps[next], 1), ValuePolicy.maximumIntervalDays)
        card.due = time.addingTimeInterval(TimeInterval(days) * 86_400)
        return card
    }
}
