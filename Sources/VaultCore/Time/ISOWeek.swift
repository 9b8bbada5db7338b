import Foundation

/// ISO 8601 week arithmetic on day numbers (days since 1970-01-01, as
/// ``VaultDate/daysFromCivil(_:_:_:)`` counts them).
///
/// Weeks start on Monday; week 1 of a year is the week holding its first
/// Thursday, so 2026-12-31 may belong to 2027-W01 and 2027-01-01 to 2026-W53.
public enum ISOWeek {
    /// The ISO weekday of a day number: 1 = Monday … 7 = Sunday.
    public static func weekday(ofDay day: Int) -> Int {
        // 1970-01-01 was a Thursday (4).
        let r = (day + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// The ISO week-numbering year and week of a day number.
    public static func week(ofDay day: Int) -> (year: Int, week: Int) {
        let thursday = day - (weekday(ofDay: day) - 1) + 3
        let year = VaultDate.civil(fromDays: thursday).year
        let week = (thursday - VaultDate.daysFromCivil(year, 1, 1)) / 7 + 1
        return (year, week)
    }

    /// The day number of the Monday that starts ISO week `week` of `year`.
    public static func firstDay(year: Int, week: Int) -> Int {
        let jan4 = VaultDate.daysFromCivil(year, 1, 4)
        return jan4 - (weekday(ofDay: jan4) - 1) + (week - 1) * 7
    }

    /// 52 or 53: how many ISO weeks `year` has.
    public static func weeksInYear(_ year: Int) -> Int {
        week(ofDay: VaultDate.daysFromCivil(year, 12, 28)).week
    }
}

extension VaultDate {
    /// The day number (days since 1970-01-01) of the calendar day that
    /// `date` falls on in `timeZone`.
    public static func dayNumber(of date: Date, in timeZone: TimeZone) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// The instant at which day number `day` starts (local midnight) in `timeZone`.
    public static func startOfDay(_ day: Int, in timeZone: TimeZone) -> Date {
        date(localSeconds: Double(day) * 86_400, in: timeZone)
    }
}
