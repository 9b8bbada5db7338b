import Foundation
import Testing

@testable import VaultCore

@Suite("ISO weeks")
struct ISOWeekTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let utc = TimeZone(identifier: "UTC")!

    func day(_ y: Int, _ m: Int, _ d: Int) -> Int { VaultDate.daysFromCivil(y, m, d) }

    @Test("weekdays count Monday as 1 and Sunday as 7")
    func weekdays() {
        #expect(ISOWeek.weekday(ofDay: day(2026, 11, 16)) == 1)
        #expect(ISOWeek.weekday(ofDay: day(2026, 11, 22)) == 7)
        #expect(ISOWeek.weekday(ofDay: day(1969, 12, 31)) == 3)
    }

    @Test("weeks at year boundaries belong to the year of their Thursday")
    func yearBoundaries() {
        #expect(ISOWeek.week(ofDay: day(2026, 12, 31)) == (2026, 53))
        #expect(ISOWeek.week(ofDay: day(2027, 1, 3)) == (2026, 53))
        #expect(ISOWeek.week(ofDay: day(2027, 1, 4)) == (2027, 1))
        #expect(ISOWeek.week(ofDay: day(2024, 12, 30)) == (2025, 1))
        #expect(ISOWeek.week(ofDay: day(2021, 1, 3)) == (2020, 53))
        #expect(ISOWeek.weeksInYear(2026) == 53)
        #expect(ISOWeek.weeksInYear(2025) == 52)
    }

    @Test("week 47 of 2026 runs from Monday 16 to Sunday 22 November")
    func week47() {
        let p = ReviewPeriod(level: .weekly, year: 2026, number: 47)
        #expect(p.firstDay == day(2026, 11, 16))
        #expect(p.endDay == day(2026, 11, 23))
        #expect(p.reviewDay == day(2026, 11, 22))
        #expect(p.id == "2026-W47")
        #expect(p.title == "Week 47, 2026")
    }

    @Test("a note created Sunday 23:30 UTC falls in the next week in Europe/Berlin")
    func zoneDifference() {
        let sunday = VaultDate.parse("2026-11-15T23:30:00Z", in: utc)!
        #expect(ReviewPeriod(level: .weekly, containing: sunday, in: utc).id == "2026-W46")
        #expect(ReviewPeriod(level: .weekly, containing: sunday, in: berlin).id == "2026-W47")
    }

    @Test("a moment on New Year's Eve in UTC is in the next year and month in Berlin")
    func zoneAtYearEnd() {
        let eve = VaultDate.parse("2026-12-31T23:30:00Z", in: utc)!
        #expect(ReviewPeriod(level: .yearly, containing: eve, in: utc).id == "2026")
        #expect(ReviewPeriod(level: .yearly, containing: eve, in: berlin).id == "2027")
        #expect(ReviewPeriod(level: .monthly, containing: eve, in: berlin).id == "2027-01")
        #expect(ReviewPeriod(level: .weekly, containing: eve, in: berlin).id == "2026-W53")
    }

    @Test("period ids parse and reject nonsense")
    func parsing() {
        #expect(ReviewPeriod("2026-W47", level: .weekly) == ReviewPeriod(level: .weekly, year: 2026, number: 47))
        #expect(ReviewPeriod("2026-w53", level: .weekly)?.number == 53)
        #expect(ReviewPeriod("2025-W53", level: .weekly) == nil)
        #expect(ReviewPeriod("2026-W00", level: .weekly) == nil)
        #expect(ReviewPeriod("2026-11", level: .monthly)?.number == 11)
        #expect(ReviewPeriod("2026-13", level: .monthly) == nil)
        #expect(ReviewPeriod("2026", level: .yearly)?.year == 2026)
        #expect(ReviewPeriod("2026-11", level: .yearly) == nil)
        #expect(ReviewPeriod("2026", level: .weekly) == nil)
    }

    @Test("next and previous cross year ends")
    func stepping() {
        let last = ReviewPeriod(level: .weekly, year: 2026, number: 53)
        #expect(last.next.id == "2027-W01")
        #expect(last.next.previous == last)
        #expect(ReviewPeriod(level: .monthly, year: 2026, number: 12).next.id == "2027-01")
        #expect(ReviewPeriod(level: .monthly, year: 2027, number: 1).previous.id == "2026-12")
    }

    @Test("a month overlaps the weeks that cross its edges")
    func overlapping() {
        let november = ReviewPeriod(level: .monthly, year: 2026, number: 11)
        let weeks = november.overlapping(.weekly).map(\.id)
        #expect(weeks.first == "2026-W44")  // Mon 26 Oct – Sun 1 Nov
        #expect(weeks.last == "2026-W49")  // Mon 30 Nov – Sun 6 Dec
        #expect(weeks.count == 6)
    }
}
