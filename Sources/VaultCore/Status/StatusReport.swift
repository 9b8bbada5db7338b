import Foundation

/// What `vault status` (and bare `vault`) shows: the reviews due and missed,
/// with counts and status, and the places other features fill in.
public struct StatusReport: Sendable {
    /// Why a period is listed.
    public enum Role: String, Sendable, Codable {
        /// Its review day has come (the latest such period).
        case due
        /// An earlier period with notes still pending.
        case missed
        /// The period running now, before its review day (shown when it has notes).
        case current
    }

    /// One review period's line.
    public struct PeriodLine: Sendable {
        public var role: Role
        public var review: CurationBoard.Review
    }

    /// The day the report is for, in the vault's zone (a day number).
    public var today: Int
    public var periods: [PeriodLine]
    /// Pending notes in due and missed periods: the notes to review now.
    public var notesToReview: Int

    /// The fresh start in force (`vault baseline`), if any.
    public var baseline: Baseline?

    /// Missed periods of one level, folded into one line when there are many.
    public struct MissedRun: Sendable, Equatable {
        public var level: ReviewLevel
        public var count: Int
        /// The oldest missed period.
        public var first: ReviewPeriod
        /// Notes still pending across them.
        public var pendingNotes: Int
    }

    /// Per level with more than `limit` missed periods, one run summing them
    /// up (a vault adopted without a baseline can have years of them); the
    /// levels not listed show each missed period on its own line.
    public func missedRuns(limit: Int = 5) -> [ReviewLevel: MissedRun] {
        var runs: [ReviewLevel: MissedRun] = [:]
        for level in ReviewLevel.allCases {
            let missed = periods.filter { $0.role == .missed && $0.review.period.level == level }
            guard missed.count > limit, let first = missed.first else { continue }
            runs[level] = MissedRun(
                level: level, count: missed.count, first: first.review.period,
                pendingNotes: missed.reduce(0) { $0 + $1.review.pendingCount })
        }
        return runs
    }

    /// The flashcards waiting today; nil when the report was made without cards.
    public var flashcards: FlashcardCounts?
    /// The study streak; nil when the report was made without the ledger's events.
    public var studyStreak: StudyStreak?

    /// Reviewed cards due by the end of today (set-aside and new cards not included); nil without cards.
    public var dueFlashcards: Int? { flashcards?.due }
    /// Consecutive days with a study or review event up to today; nil without the ledger's events.
    public var streak: Int? { studyStreak?.current }

    /// The curation part of the report for day `today` (a day number in the vault's zone).
    public init(board: CurationBoard, today: Int) {
        self.today = today
        self.baseline = board.baseline
        var lines: [PeriodLine] = []
        for level in ReviewLevel.allCases {
            for missed in board.missed(level, today: today) { lines.append(PeriodLine(role: .missed, review: missed)) }
            let due = board.duePeriod(level, today: today)
            lines.append(PeriodLine(role: .due, review: board.review(due)))
            let current = ReviewPeriod(level: level, containingDay: today)
            if current != due {
                let review = board.review(current)
                if !review.items.isEmpty { lines.append(PeriodLine(role: .current, review: review)) }
            }
        }
        self.periods = lines
        self.notesToReview = lines.filter { $0.role != .current }.reduce(0) { $0 + $1.review.pendingCount }
    }
}
