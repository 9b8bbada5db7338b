extension CurationBoard {
    /// The review a note comes up in next, and where it stands there: what
    /// the editor's hover says of a note and what its keep/archive actions
    /// act in, worked out once.
    public struct NoteReview: Sendable, Equatable {
        /// Where the note stands in the review.
        public enum Standing: Sendable, Equatable {
            /// The period's review is finished (by `finish` or the baseline).
            case finished
            /// The note is decided in it.
            case decided
            /// The review day (a day number) has come and the note waits for a decision.
            case dueSince(Int)
            /// The review day (a day number) is still ahead.
            case dueOn(Int)
        }

        /// The review's level: the one whose eligible cycle is the note's.
        public var level: ReviewLevel
        /// The note's own period of that level.
        public var period: ReviewPeriod
        public var standing: Standing

        /// True when a decision can be recorded now: the review day has come,
        /// the review is not finished, and the note is undecided in it.
        public var isActionable: Bool {
            if case .dueSince = standing { return true }
            return false
        }
    }

    /// The review the note at `path` comes up in next, seen on day `today`;
    /// nil for a note in no review (no created date, archived, or at a cycle
    /// no level looks at).
    public func nextReview(ofNoteAt path: String, today: Int) -> NoteReview? {
        guard let item = items.first(where: { $0.note.path == path }), !item.archived,
            let level = ReviewLevel.allCases.first(where: { $0.eligibleCycle == item.cycle }),
            let period = item.periods[level]
        else { return nil }
        let review = self.review(period)
        let decided = review.items.firstIndex { $0.note.path == path }.flatMap { review.decisions[$0] } != nil
        let standing: NoteReview.Standing =
            review.finishedAt != nil
            ? .finished
            : decided ? .decided : period.reviewDay <= today ? .dueSince(period.reviewDay) : .dueOn(period.reviewDay)
        return NoteReview(level: level, period: period, standing: standing)
    }
}
