import Foundation
import Testing
import VaultCore

@Suite("Study streak")
struct StudyStreakTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func event(_ kind: String, _ time: Date, sequence: Int = 1) -> LedgerEvent {
        LedgerEvent(time: time, device: "d1", sequence: sequence, kind: kind, fields: [])
    }

    /// The instant `hour`:00 local time, `days` days from today (2026-11-18) in Berlin.
    func at(_ days: Int, hour: Int = 10) -> Date {
        let today = VaultDate.daysFromCivil(2026, 11, 18)
        return VaultDate.startOfDay(today + days, in: berlin).addingTimeInterval(Double(hour) * 3_600)
    }

    @Test("consecutive days with a rating or curation event up to today make the streak")
    func consecutiveDays() {
        let events = [
            event("rate", at(-2)), event("curate", at(-1)), event("finish", at(0, hour: 8)),
            event("rate", at(-4)),  // a gap on day -3 ends the run
        ]
        let streak = StudyStreak(events: events, now: at(0, hour: 12), timeZone: berlin)
        #expect(streak.current == 3)
        #expect(streak.activeToday)
    }

    @Test("a streak is kept until today ends: nothing yet today counts up to yesterday")
    func nothingYetToday() {
        let events = [event("rate", at(-2)), event("rate", at(-1))]
        let streak = StudyStreak(events: events, now: at(0, hour: 12), timeZone: berlin)
        #expect(streak.current == 2)
        #expect(!streak.activeToday)
    }

    @Test("a day missed before yesterday breaks the streak; the best run is remembered")
    func brokenStreakKeepsBest() {
        let events = (-10 ... -6).map { event("rate", at($0), sequence: 10 + $0) } + [event("rate", at(-3))]
        let streak = StudyStreak(events: events, now: at(0, hour: 12), timeZone: berlin)
        #expect(streak.current == 0)
        #expect(streak.best == 5)
    }

    @Test("days are counted in the vault's zone: 23:30 local is the same day, not the next UTC day")
    func daysInVaultZone() {
        // 23:30 Berlin on day -1 is 22:30 UTC on day -1; 00:30 Berlin on day 0 is 23:30 UTC on day -1.
        let events = [
            event("rate", at(-1, hour: 23).addingTimeInterval(1_800)),
            event("rate", at(0, hour: 0).addingTimeInterval(1_800)),
        ]
        let streak = StudyStreak(events: events, now: at(0, hour: 12), timeZone: berlin)
        #expect(streak.current == 2)
        let utc = StudyStreak(events: events, now: at(0, hour: 12), timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.current == 1)
    }

    @Test("other kinds and events after now do not count")
    func otherKindsAndFutureIgnored() {
        let events = [event("tier", at(0)), event("card-link", at(-1)), event("rate", at(1))]
        let streak = StudyStreak(events: events, now: at(0, hour: 12), timeZone: berlin)
        #expect(streak.current == 0)
        #expect(streak.best == 0)
    }
}
