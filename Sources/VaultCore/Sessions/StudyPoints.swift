import Foundation

/// Points, as Memo gives them: 10 for each completed study session plus 1
/// for every 5 minutes of it, 5 for each follow-up review of a session done
/// (`vault session review --done`), 1 for each curation decision (keep or
/// archive), 1 for each flashcard rating. Counted by the day each happened
/// in the vault's zone: today, this ISO week (Monday to Sunday), in all.
public struct StudyPoints: Hashable, Sendable {
    public var today: Int
    public var thisWeek: Int
    public var total: Int

    /// The points of one session.
    public static func points(for session: StudySessionRecord) -> Int { 10 + session.minutes / 5 }

    /// The points of one follow-up review of a session.
    public static let pointsPerFollowUpReview = 5

    /// The points at `now`: `sessions`, the follow-up reviews done at `reviewsDone`, and the ratings and
    /// decisions counted per day by the replay (`activity`).
    public init(sessions: [StudySessionRecord], reviewsDone: [Date] = [], activity: StudyActivity, now: Date) {
        let zone = activity.timeZone
        let today = VaultDate.dayNumber(of: now, in: zone)
        let weekday = (today + 3) % 7  // 0 on Mondays (1970-01-01 was a Thursday)
        let monday = today - (weekday + 7) % 7
        var byDay: [Int: Int] = [:]
        for session in sessions where session.end <= now {
            byDay[VaultDate.dayNumber(of: session.start, in: zone), default: 0] += Self.points(for: session)
        }
        for time in reviewsDone where time <= now {
            byDay[VaultDate.dayNumber(of: time, in: zone), default: 0] += Self.pointsPerFollowUpReview
        }
        for (day, counts) in activity.counts where day <= today {
            byDay[day, default: 0] += counts.ratings + counts.decisions
        }
        self.today = byDay[today] ?? 0
        thisWeek = byDay.filter { $0.key >= monday && $0.key <= today }.values.reduce(0, +)
        total = byDay.values.reduce(0, +)
    }
}
