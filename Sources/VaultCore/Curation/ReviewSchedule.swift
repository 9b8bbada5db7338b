/// `review_day:` in `.vault/config.yml`: the day each period's review falls
/// due (Kuhrate's configurable review day). Periods stay ISO weeks, months
/// and years, so the ledger's period ids keep their meaning; only the day
/// their review is due moves.
///
/// A period's review falls on the first day, on or after the period's last
/// day, that is the chosen one: for weeks the weekday (default Sunday: the
/// week's own last day), for months the day of the month (default 1: the
/// 1st of the next month; a day past a month's end is its last day), for
/// years the date (default 1 January: the next year's first day; 29
/// February is the 28th in other years). A week with Wednesday is reviewed
/// on the Wednesday after it; a month with 15 on the 15th of the next.
public struct ReviewSchedule: Hashable, Sendable {
    /// ISO weekday of the weekly review: 1 = Monday … 7 = Sunday.
    public var weekday: Int
    /// Day of the month of the monthly review, 1-31.
    public var monthDay: Int
    /// Month and day of the yearly review.
    public var yearMonth: Int
    public var yearDay: Int

    public init(weekday: Int = 7, monthDay: Int = 1, yearMonth: Int = 1, yearDay: Int = 1) {
        (self.weekday, self.monthDay, self.yearMonth, self.yearDay) = (weekday, monthDay, yearMonth, yearDay)
    }

    /// Sunday, the 1st, 1 January: `vault`'s schedule before `review_day:`.
    public static let standard = ReviewSchedule()

    /// The weekdays' names as the config writes them, Monday first.
    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The day number on which the review of `period` falls due.
    public func reviewDay(of period: ReviewPeriod) -> Int {
        let last = period.endDay - 1
        switch period.level {
        case .weekly:
            // A week's last day is its Sunday (7).
            return last + (weekday % 7)
        case .monthly:
            let (year, month, _) = VaultDate.civil(fromDays: last)
            let here = VaultDate.daysFromCivil(year, month, min(monthDay, VaultDate.daysInMonth(year, month)))
            if here >= last { return here }
            let (nextYear, nextMonth) = month == 12 ? (year + 1, 1) : (year, month + 1)
            return VaultDate.daysFromCivil(nextYear, nextMonth, min(monthDay, VaultDate.daysInMonth(nextYear, nextMonth)))
        case .yearly:
            let year = VaultDate.civil(fromDays: last).year
            func date(_ year: Int) -> Int {
                VaultDate.daysFromCivil(year, yearMonth, min(yearDay, VaultDate.daysInMonth(year, yearMonth)))
            }
            return date(year) >= last ? date(year) : date(year + 1)
        }
    }

    /// The period of `level` whose review is due on day `today`: the latest
    /// one whose review day has come.
    public func duePeriod(_ level: ReviewLevel, today: Int) -> ReviewPeriod {
        var period = ReviewPeriod(level: level, containingDay: today)
        while reviewDay(of: period) > today { period = period.previous }
        return period
    }

    /// The next review day of `level` on or after `today`, and its period.
    public func nextReview(_ level: ReviewLevel, from today: Int) -> ReviewPeriod {
        var period = duePeriod(level, today: today)
        while reviewDay(of: period) < today { period = period.next }
        return period
    }

    /// The iCalendar rule repeating the reviews of `level` (RFC 5545: a day past a
    /// short month's end is that month's last day, by `BYSETPOS=-1` over the days that exist).
    public func recurrence(_ level: ReviewLevel) -> String {
        func days(_ day: Int) -> String {
            day <= 28 ? "BYMONTHDAY=\(day)" : "BYMONTHDAY=\((28...day).map(String.init).joined(separator: ","));BYSETPOS=-1"
        }
        switch level {
        case .weekly:
            return "FREQ=WEEKLY;BYDAY=" + ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][weekday - 1]
        case .monthly:
            return "FREQ=MONTHLY;" + days(monthDay)
        case .yearly:
            return "FREQ=YEARLY;BYMONTH=\(yearMonth);" + days(yearDay)
        }
    }

    /// This schedule with `level`'s day read from `text` (``set(_:_:)``); nil when `text` names no day.
    public func setting(_ level: ReviewLevel, _ text: String) -> ReviewSchedule? {
        var copy = self
        return copy.set(level, text) ? copy : nil
    }

    /// Reads a `review_day:` value of `level`: a weekday name (any case, or its
    /// first three letters), a day of the month 1-31, or a date `MM-DD`; false
    /// (the schedule unchanged) for anything else.
    public mutating func set(_ level: ReviewLevel, _ text: String) -> Bool {
        let text = text.trimmingSpaces().lowercased()
        switch level {
        case .weekly:
            guard let i = Self.weekdayNames.firstIndex(where: { $0 == text || $0.prefix(3) == text }) else { return false }
            weekday = i + 1
        case .monthly:
            guard let day = Int(text), (1...31).contains(day) else { return false }
            monthDay = day
        case .yearly:
            let parts = text.split(separator: "-")
            guard parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]), (1...12).contains(month),
                day >= 1, day <= VaultDate.daysInMonth(2000, month)
            else { return false }
            (yearMonth, yearDay) = (month, day)
        }
        return true
    }
}
