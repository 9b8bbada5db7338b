import Foundation

/// The study streak: consecutive days with at least one study or review
/// event (`rate`, `curate` or `finish`) in the vault's zone.
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

    /// The event kinds that count as studying or reviewing.
    public static let countedKinds: Set<String> = [RatingEvent.kind, "curate", "finish"]

    /// The streak at `now` for `events` (any order), days counted in `timeZone`.
    public init(events: [LedgerEvent], now: Date, timeZone: TimeZone) {
        let today = VaultDate.dayNumber(of: now, in: timeZone)
        var days = Set<Int>()
        // The day last looked up and its bounds: events come mostly in time
        // order, so most need no time-zone lookup (a million events stay fast).
        var known = (start: Date.distantFuture, end: Date.distantPast)
        for event in events where event.time <= now && Self.countedKinds.contains(event.kind) {
            if event.time >= known.start && event.time < known.end { continue }
            let day = VaultDate.dayNumber(of: event.time, in: timeZone)
            known = (VaultDate.startOfDay(day, in: timeZone), VaultDate.startOfDay(day + 1, in: timeZone))
            days.insert(day)
        }
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
