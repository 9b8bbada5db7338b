import Foundation

/// One period of one review: ISO week `2026-W47`, month `2026-11`, or year `2026`.
///
/// Periods are calendar values; which instants they cover depends on the
/// vault's time zone, so every conversion from a `Date` takes that zone.
public struct ReviewPeriod: Hashable, Comparable, Sendable {
    public var level: ReviewLevel
    /// The ISO week-numbering year for weeks, else the calendar year.
    public var year: Int
    /// The ISO week (1-53), the month (1-12), or 0 for a year.
    public var number: Int

    public init(level: ReviewLevel, year: Int, number: Int) {
        self.level = level
        self.year = year
        self.number = level == .yearly ? 0 : number
    }

    /// The period of `level` holding day number `day` (days since 1970-01-01).
    public init(level: ReviewLevel, containingDay day: Int) {
        switch level {
        case .weekly:
            let w = ISOWeek.week(ofDay: day)
            self.init(level: level, year: w.year, number: w.week)
        case .monthly:
            let d = VaultDate.civil(fromDays: day)
            self.init(level: level, year: d.year, number: d.month)
        case .yearly:
            self.init(level: level, year: VaultDate.civil(fromDays: day).year, number: 0)
        }
    }

    /// The period of `level` holding `date` in `timeZone`.
    public init(level: ReviewLevel, containing date: Date, in timeZone: TimeZone) {
        self.init(level: level, containingDay: VaultDate.dayNumber(of: date, in: timeZone))
    }

    /// Reads a period id: `2026-W47` (weekly), `2026-11` (monthly), `2026` (yearly).
    /// Returns nil for text that is not a valid period of `level`.
    public init?(_ text: String, level: ReviewLevel) {
        var copy = text
        guard let period = copy.withUTF8({ Self.parse($0, level: level) }) else { return nil }
        self = period
    }

    /// Parses UTF-8 bytes without allocating (replay reads one period per event).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, level: ReviewLevel) -> ReviewPeriod? {
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, !range.isEmpty else { return nil }
            var value = 0
            for i in range {
                guard bytes[i] >= 48, bytes[i] <= 57 else { return nil }
                value = value * 10 + Int(bytes[i] - 48)
            }
            return value
        }
        guard let year = digits(0..<4) else { return nil }
        switch level {
        case .yearly:
            guard bytes.count == 4 else { return nil }
            return ReviewPeriod(level: .yearly, year: year, number: 0)
        case .monthly:
            guard bytes.count == 7, bytes[4] == 45, let month = digits(5..<7), (1...12).contains(month) else {
                return nil
            }
            return ReviewPeriod(level: .monthly, year: year, number: month)
        case .weekly:
            guard bytes.count == 8 || bytes.count == 7, bytes[4] == 45, bytes[5] | 0x20 == 119,
                let week = digits(6..<bytes.count), week >= 1, week <= 52 || week <= ISOWeek.weeksInYear(year)
            else { return nil }
            return ReviewPeriod(level: .weekly, year: year, number: week)
        }
    }

    /// The id written in the ledger and accepted on the command line.
    public var id: String {
        switch level {
        case .weekly: "\(year.zeroPadded(4))-W\(number.zeroPadded(2))"
        case .monthly: "\(year.zeroPadded(4))-\(number.zeroPadded(2))"
        case .yearly: year.zeroPadded(4)
        }
    }

    /// "Week 47, 2026", "November 2026", "2026": for headings.
    public var title: String {
        switch level {
        case .weekly: "Week \(number), \(year)"
        case .monthly: "\(Self.monthNames[number - 1]) \(year)"
        case .yearly: "\(year)"
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The day number of the period's first day.
    public var firstDay: Int {
        switch level {
        case .weekly: ISOWeek.firstDay(year: year, week: number)
        case .monthly: VaultDate.daysFromCivil(year, number, 1)
        case .yearly: VaultDate.daysFromCivil(year, 1, 1)
        }
    }

    /// The day number of the day after the period's last day.
    public var endDay: Int { next.firstDay }

    /// The period that follows this one.
    public var next: ReviewPeriod {
        switch level {
        case .weekly:
            return number < ISOWeek.weeksInYear(year)
                ? ReviewPeriod(level: .weekly, year: year, number: number + 1)
                : ReviewPeriod(level: .weekly, year: year + 1, number: 1)
        case .monthly:
            return number < 12
                ? ReviewPeriod(level: .monthly, year: year, number: number + 1)
                : ReviewPeriod(level: .monthly, year: year + 1, number: 1)
        case .yearly:
            return ReviewPeriod(level: .yearly, year: year + 1, number: 0)
        }
    }

    /// The period before this one.
    public var previous: ReviewPeriod { ReviewPeriod(level: level, containingDay: firstDay - 1) }

    /// The day on which the review of this period is due under the default
    /// schedule: a week on its Sunday (its last day), a month on the 1st of
    /// the next month, a year on 1 January of the next.
    public var reviewDay: Int {
        level == .weekly ? endDay - 1 : endDay
    }

    /// True when day number `day` lies in this period.
    public func contains(day: Int) -> Bool { day >= firstDay && day < endDay }

    /// The periods of `lower` that a note created in this period can belong
    /// to: the weeks that overlap a month (a week crossing the month's edge
    /// counts), the months of a year.
    public func overlapping(_ lower: ReviewLevel) -> [ReviewPeriod] {
        var result: [ReviewPeriod] = []
        var p = ReviewPeriod(level: lower, containingDay: firstDay)
        while p.firstDay < endDay {
            result.append(p)
            p = p.next
        }
        return result
    }

    public static func < (a: ReviewPeriod, b: ReviewPeriod) -> Bool {
        (a.level, a.year, a.number) < (b.level, b.year, b.number)
    }
}
