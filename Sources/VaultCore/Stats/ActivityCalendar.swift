import Foundation

/// The last year, one cell per day, shaded by what was done (ratings,
/// decisions and study minutes), laid out as GitHub does: weeks as columns
/// (Monday on top), the first column starting on the Monday on or before
/// the first day.
public struct ActivityCalendar: Sendable, Encodable {
    public struct Day: Sendable, Encodable {
        public var day: String
        /// Ratings + decisions + study minutes / 10 (a 30-minute session weighs as 3 ratings).
        public var score: Int
        public var ratings: Int
        public var decisions: Int
        public var minutes: Int
        /// 0 (nothing) to 4, by quartiles of the year's active days.
        public var level: Int
        /// 0 for Monday … 6 for Sunday.
        public var weekday: Int
        /// The column: weeks from the first.
        public var week: Int
    }

    public var days: [Day]
    /// Month labels: the first column of each month.
    public var months: [MonthLabel]
    public var weeks: Int

    public struct MonthLabel: Sendable, Encodable {
        public var name: String
        public var week: Int
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The 365 (366 in a leap year) days up to today.
    init(_ input: StatsInput) {
        let zone = input.timeZone
        let today = VaultDate.dayNumber(of: input.now, in: zone)
        let civil = VaultDate.civil(fromDays: today)
        // The same date a year before (29 February: the 28th), exclusive: 365
        // days, or 366 when a 29 February falls in between.
        let yearAgo = VaultDate.daysFromCivil(
            civil.year - 1, civil.month, min(civil.day, VaultDate.daysInMonth(civil.year - 1, civil.month)))
        let first = yearAgo + 1
        let firstMonday = first - (first + 3) % 7
        var minutes: [Int: Int] = [:]
        for session in input.sessions where session.start <= input.now {
            for part in SessionReport.minutesByDay(session, timeZone: zone) { minutes[part.day, default: 0] += part.minutes }
        }
        var days: [Day] = []
        for day in first...today {
            let c = input.activity.counts[day] ?? StudyActivity.DayCounts()
            let m = minutes[day] ?? 0
            days.append(
                Day(
                    day: VaultDate.dayString(dayNumber: day), score: c.ratings + c.decisions + m / 10,
                    ratings: c.ratings, decisions: c.decisions, minutes: m, level: 0, weekday: (day + 3) % 7,
                    week: (day - firstMonday) / 7))
        }
        let active = days.map(\.score).filter { $0 > 0 }.sorted()
        if !active.isEmpty {
            let q = [active[active.count / 4], active[active.count / 2], active[active.count * 3 / 4]]
            for i in days.indices where days[i].score > 0 {
                let s = days[i].score
                days[i].level = s <= q[0] ? 1 : s <= q[1] ? 2 : s <= q[2] ? 3 : 4
            }
        }
        self.days = days
        weeks = (days.last?.week ?? 0) + 1
        var months: [MonthLabel] = []
        var lastMonth = -1
        for d in days where d.weekday == 0 || d.day == days.first?.day {
            let month = Int(d.day.dropFirst(5).prefix(2))! - 1
            if month != lastMonth {
                months.append(MonthLabel(name: Self.monthNames[month], week: d.week))
                lastMonth = month
            }
        }
        self.months = months
    }
}
