import Foundation

/// The study streak: consecutive days with at least one study or review
/// event (`rate`, `curate` or `finish`) or a study session in the vault's zone.
///
/// The current streak ends today, or yesterday when nothing has been done
/// yet today (a streak is not broken until the day is over). Events after
/// `now` are not counted.
public struct StudyStreak: Hashable, Sendable {
    /// Consecutive active days up to today (or up to yesterday when today has no event yet).
    public var current: Int
    /// The longest run of consecutive active days in the whole history (at least `current`).
    public var best: Int
    /// Whether today already has an event.
    public var activeToday: Bool

    /// The streak at `now` for `events` (any order), days counted in `timeZone`.
    public init(events: [LedgerEvent], now: Date, timeZone: TimeZone) {
        self.init(activity: StudyActivity(events: events, timeZone: timeZone), now: now)
    }

    /// The streak at `now` for the days of `activity` (events after `now` do not count),
    /// with `extraDays` (days with a study session) counted too.
    public init(activity: StudyActivity, now: Date, extraDays: Set<Int> = []) {
        let today = VaultDate.dayNumber(of: now, in: activity.timeZone)
        let days = activity.activeDays(upTo: now).union(extraDays.filter { $0 <= today })
        activeToday = days.contains(today)
        var current = 0
        var day = activeToday ? today : today - 1
        while days.contains(day) {
            current += 1
            day -= 1
        }
        self.current = current
        var best = 0
        for start in days where !days.contains(start - 1) {
            var length = 1
            while days.contains(start + length) { length += 1 }
            best = max(best, length)
        }
        self.best = max(best, current)
    }
}
