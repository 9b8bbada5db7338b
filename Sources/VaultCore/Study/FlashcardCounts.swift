import Foundation

/// How many flashcards wait today, as `vault status` reports them: the
/// study planner's queue without a daily limit, split by kind.
public struct FlashcardCounts: Hashable, Sendable {
    /// Reviewed cards due before the end of today (overdue by at most the
    /// grace days included, and the long-overdue ones coming back today).
    public var due: Int
    /// Reviewed cards overdue by more than the grace days beyond today's
    /// share coming back: they wait for a later day (`vault study --overdue` takes them now).
    public var setAside: Int
    /// Cards never answered (always available to study).
    public var new: Int
    /// Cards left for another day because a sibling is studied today.
    public var buried: Int
    /// Leeches (failed `leech_lapses` times after reaching review), suspended or not.
    public var leeches = 0

    public init(due: Int, setAside: Int, new: Int, buried: Int = 0) {
        self.due = due
        self.setAside = setAside
        self.new = new
        self.buried = buried
    }

    /// The cards up for study today: due and new (set-aside and buried ones not).
    public var toStudy: Int { due + new }

    /// The counts for `cards` at `now` (days in `timeZone`), planned as `vault study --mode all` would, without limit.
    ///
    /// Counted as the planner surveys the cards, without building or
    /// ordering a queue that would only be counted.
    /// `options` gives the day's share of long-overdue cards coming back and the suspended cards.
    public static func count(
        cards: [Card], schedules: [String: CardSchedule], now: Date, timeZone: TimeZone,
        options: StudyOptions = .unlimited()
    ) -> FlashcardCounts {
        var counts = FlashcardCounts(due: 0, setAside: 0, new: 0)
        let tally = StudyPlanner.survey(
            cards: cards, schedules: schedules, now: now, timeZone: timeZone, options: options
        ) {
            _, schedule, _, overdueDays in
            if overdueDays > options.overdueGraceDays {
                counts.setAside += 1
            } else if schedule.isNew {
                counts.new += 1
            } else {
                counts.due += 1
            }
        }
        counts.buried = tally.buried
        let share =
            options.preset.liftsOverdueSpread ? counts.setAside : max(0, options.overduePerDay - tally.returnedToday)
        let back = min(counts.setAside, share)
        counts.setAside -= back
        counts.due += back
        return counts
    }
}
