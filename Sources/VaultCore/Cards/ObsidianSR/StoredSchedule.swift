import Foundation

/// A schedule another tool stored with a card, read from the note: one group of the Spaced
/// Repetition plugin's `<!--SR:…-->` comment (a card's sibling each), or a note review's
/// `sr-due`/`sr-interval`/`sr-ease` front matter (docs/FORMAT.md, Obsidian Spaced Repetition).
///
/// A card's schedule starts from it: the group implies a review on its due date less its
/// interval, and the ledger's answers after that day are applied on top (see
/// ``CardScheduleReplay``).
public enum StoredSchedule: Hashable, Sendable {
    /// `!2025-05-01,51,255`: due on a day (a day number, see ``VaultDate/daysFromCivil(_:_:_:)``),
    /// the interval in days and the ease (×100), as the plugin reads them (whole numbers).
    case osr(dueDay: Int, interval: Double, ease: Double)
    /// A note review's `sr-due`, `sr-interval` and `sr-ease` front matter (read as decimals). The
    /// plugin counts the days such a note is overdue in its next interval (unlike a card's group).
    case note(dueDay: Int, interval: Double, ease: Double)
    /// `!fsrs,due,interval,stability,difficulty,state,reps,lapses,learningSteps,lastReview`
    /// (v1.15's FSRS groups): due and last review are moments.
    case fsrs(OSRFSRSGroup)

    /// The due day in `timeZone` (for an FSRS group, the day its moment falls on).
    public func dueDay(in timeZone: TimeZone) -> Int {
        switch self {
        case .osr(let day, _, _), .note(let day, _, _): return day
        case .fsrs(let g): return Self.dayNumber(g.due, timeZone)
        }
    }

    /// The interval in days, as stored.
    public var interval: Double {
        switch self {
        case .osr(_, let interval, _), .note(_, let interval, _): return interval
        case .fsrs(let g): return g.interval
        }
    }

    /// The ease (×100): as stored, or the plugin's ease for an FSRS difficulty.
    public var ease: Double {
        switch self {
        case .osr(_, _, let ease), .note(_, _, let ease): return ease
        case .fsrs(let g): return OSR.ease(ofDifficulty: g.difficulty)
        }
    }

    /// The day of the review the schedule implies, in `timeZone`: the due day less the
    /// interval (rounded as moment.js adds days: half away from zero), or an FSRS group's last review.
    public func impliedReviewDay(in timeZone: TimeZone) -> Int {
        switch self {
        case .osr(let day, let interval, _), .note(let day, let interval, _):
            return day - Int(OSR.jsRound(interval))
        case .fsrs(let g):
            if let last = g.lastReview { return Self.dayNumber(last, timeZone) }
            return Self.dayNumber(g.due, timeZone) - Int(OSR.jsRound(g.interval))
        }
    }

    static func dayNumber(_ date: Date, _ timeZone: TimeZone) -> Int {
        let d = VaultDate.day(of: date, in: timeZone)
        return VaultDate.daysFromCivil(d.year, d.month, d.day)
    }
}

/// One `!fsrs,…` group of a schedule comment, as the plugin's v1.15 FSRS algorithm writes it.
public struct OSRFSRSGroup: Hashable, Sendable {
    public var due: Date
    /// `scheduled_days`.
    public var interval: Double
    public var stability: Double
    public var difficulty: Double
    /// ts-fsrs's state: 0 new, 1 learning, 2 review, 3 relearning.
    public var state: Int
    public var reps: Int
    public var lapses: Int
    public var learningSteps: Int
    public var lastReview: Date?

    public init(
        due: Date, interval: Double, stability: Double, difficulty: Double, state: Int, reps: Int, lapses: Int,
        learningSteps: Int, lastReview: Date?
    ) {
        self.due = due
        self.interval = interval
        self.stability = stability
        self.difficulty = difficulty
        self.state = state
        self.reps = reps
        self.lapses = lapses
        self.learningSteps = learningSteps
        self.lastReview = lastReview
    }
}
