import Foundation
import Testing
import VaultCore

/// `review_day:`: when each period's review falls due, the period ids unchanged.
@Suite("Review days")
struct ReviewScheduleTests {
    func day(_ text: String) -> Int { VaultDate.dayNumber(of: VaultDate.parse(text + "T12:00:00Z", in: .gmt)!, in: .gmt) }
    func period(_ id: String, _ level: ReviewLevel) -> ReviewPeriod { ReviewPeriod(id, level: level)! }

    @Test("the standard schedule is today's: a week on its Sunday, a month on the next 1st, a year on the next 1 January")
    func standard() {
        let schedule = ReviewSchedule.standard
        for p in [period("2026-W46", .weekly), period("2026-11", .monthly), period("2026", .yearly), period("2020-W53", .weekly)] {
            #expect(schedule.reviewDay(of: p) == p.reviewDay, "\(p.id)")
        }
        #expect(schedule.reviewDay(of: period("2026-W46", .weekly)) == day("2026-11-15"))
    }

    @Test("a Wednesday review day: a week is reviewed on the Wednesday after it, and is due from then until the next")
    func wednesday() throws {
        var schedule = ReviewSchedule.standard
        schedule = try #require(schedule.setting(.weekly, "Wednesday"))
        #expect(schedule.weekday == 3)
        #expect(schedule.reviewDay(of: period("2026-W46", .weekly)) == day("2026-11-18"))
        // 2026-11-17 is a Tuesday: week 45's review (on Wednesday 11 November) is still the due one.
        #expect(schedule.duePeriod(.weekly, today: day("2026-11-17")).id == "2026-W45")
        #expect(schedule.duePeriod(.weekly, today: day("2026-11-18")).id == "2026-W46")
        #expect(schedule.duePeriod(.weekly, today: day("2026-11-22")).id == "2026-W46", "Sunday no longer brings the week in")
        #expect(schedule.nextReview(.weekly, from: day("2026-11-19")).id == "2026-W47")
        #expect(schedule.recurrence(.weekly) == "FREQ=WEEKLY;BYDAY=WE")
        #expect(ReviewSchedule.standard.recurrence(.weekly) == "FREQ=WEEKLY;BYDAY=SU")
        // The board's own due period follows its schedule.
        let board = CurationBoard(notes: [], state: CurationState(LedgerHistory([])), timeZone: .gmt, schedule: schedule)
        #expect(board.duePeriod(.weekly, today: day("2026-11-17")).id == "2026-W45")
    }

    @Test("a monthly day past a month's end is its last day; a yearly date in the year's last day is that day")
    func monthAndYear() throws {
        var schedule = ReviewSchedule.standard
        schedule = try #require(schedule.setting(.monthly, "15"))
        #expect(schedule.reviewDay(of: period("2026-11", .monthly)) == day("2026-12-15"))
        #expect(schedule.duePeriod(.monthly, today: day("2026-12-14")).id == "2026-10")
        schedule = try #require(schedule.setting(.monthly, "31"))
        #expect(schedule.reviewDay(of: period("2026-11", .monthly)) == day("2026-11-30"), "November's last day")
        #expect(schedule.reviewDay(of: period("2026-10", .monthly)) == day("2026-10-31"))
        #expect(schedule.reviewDay(of: period("2026-01", .monthly)) == day("2026-01-31"))
        #expect(schedule.recurrence(.monthly) == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        schedule = try #require(schedule.setting(.yearly, "12-31"))
        #expect(schedule.reviewDay(of: period("2026", .yearly)) == day("2026-12-31"))
        schedule = try #require(schedule.setting(.yearly, "02-29"))
        #expect(schedule.reviewDay(of: period("2026", .yearly)) == day("2027-02-28"))
        #expect(schedule.reviewDay(of: period("2027", .yearly)) == day("2028-02-29"))
        schedule = try #require(schedule.setting(.yearly, "03-01"))
        #expect(schedule.recurrence(.yearly) == "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1")
    }

    @Test("values that name no day are refused")
    func refused() {
        let schedule = ReviewSchedule.standard
        #expect(schedule.setting(.weekly, "someday") == nil)
        #expect(schedule.setting(.monthly, "0") == nil)
        #expect(schedule.setting(.monthly, "32") == nil)
        #expect(schedule.setting(.yearly, "02-30") == nil)
        #expect(schedule.setting(.yearly, "1 January") == nil)
        #expect(schedule == .standard)
    }
}
