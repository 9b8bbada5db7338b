import Foundation

/// How many flashcards wait today, as `vault status` reports them: the
/// study planner's queue without a daily limit, split by kind.
public struct FlashcardCounts: Hashable, Sendable {
    /// Reviewed cards due before the end of today (overdue by at most the grace days included).
    public var due: Int
    /// Reviewed cards overdue by more than the grace days: set aside by `vault study`.
    public var setAside: Int
    /// Cards never answered (always available to study).
    public var new: Int

    public init(due: Int, setAside: Int, new: Int) {
        self.due = due
        self.setAside = setAside
        self.new = new
    }

    /// The counts for `cards` at `now` (days in `timeZone`), planned as `vault study --mode all` would, without limit.
    public static func count(cards: [Card], schedules: [String: CardSchedule], now: Date, timeZone: TimeZone)
        -> FlashcardCounts
    {
        let queue = StudyPlanner.plan(
            cards: cards, schedules: schedules, now: now, timeZone: timeZone,
            options: StudyOptions(mode: .all, limit: Int.max))
        let new = queue.entries.filter(\.schedule.isNew).count
        return FlashcardCounts(due: queue.entries.count - new, setAside: queue.setAside.count, new: new)
    }
}
