import Foundation
import Testing
import VaultCore

@Suite("iCalendar of the schedule")
struct ScheduleCalendarTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test("TEXT values are escaped and long lines folded at 75 octets without splitting a character")
    func textRules() {
        #expect(ICalendarText.escape("a, b; c\\d\nnext") == "a\\, b\\; c\\\\d\\nnext")
        var ics = ICalendarText()
        ics.text("SUMMARY", String(repeating: "é", count: 60))
        let lines = ics.text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines[1].hasPrefix(" "))
        #expect(ics.text.hasSuffix("\r\n"))
    }

    @Test("events: the next review days with their rules, missed periods as to-dos, study days with cards only")
    func events() {
        let now = VaultDate.parse("2026-11-18T09:00:00Z", in: berlin)!
        let today = VaultDate.dayNumber(of: now, in: berlin)
        let text = ScheduleCalendar.text(
            vaultName: "notes", vaultKey: "notes", timeZone: berlin, now: now,
            missed: [(ReviewPeriod(level: .weekly, year: 2026, number: 44), 4)],
            study: [.init(day: today, cards: 9), .init(day: today + 1, cards: 0), .init(day: today + 2, cards: 3)],
            studyAt: 9 * 60)
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20261122T180000\r\nDURATION:PT30M\r\nRRULE:FREQ=WEEKLY;BYDAY=SU"))
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20261201T180000\r\nDURATION:PT30M\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1"))
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20270101T180000"))
        #expect(text.contains("BEGIN:VTODO\r\nUID:missed-2026-W44@"))
        #expect(text.contains("DUE;VALUE=DATE:20261101"))
        #expect(text.contains("UID:study-2026-11-18@") && text.contains("UID:study-2026-11-20@"))
        #expect(!text.contains("UID:study-2026-11-19@"), "no event on a day without cards")
        #expect(text.components(separatedBy: "BEGIN:VALARM").count - 1 == 5, "3 reviews and 2 study days")
        #expect(text.contains("DTSTAMP:20261118T090000Z"))
    }

    @Test("a zone without DST gets one fixed STANDARD component")
    func fixedZone() {
        var ics = ICalendarText()
        let now = Date(timeIntervalSince1970: 1_794_992_400)
        ics.timeZone(TimeZone(identifier: "Asia/Tokyo")!, from: now, to: now.addingTimeInterval(86_400 * 400))
        #expect(ics.text.contains("BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900"))
    }

    @Test("Berlin's VTIMEZONE: DST starts at 02:00 CET on the last Sunday of March, ends at 03:00 CEST in October")
    func berlinTransitions() {
        var ics = ICalendarText()
        let now = VaultDate.parse("2026-11-18T09:00:00Z", in: berlin)!
        ics.timeZone(berlin, from: now, to: now.addingTimeInterval(86_400 * 400))
        #expect(
            ics.text.contains(
                "BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT"))
        #expect(
            ics.text.contains(
                "BEGIN:STANDARD\r\nDTSTART:20271031T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD"))
        #expect(ics.text.hasPrefix("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n") && ics.text.hasSuffix("END:VTIMEZONE\r\n"))
    }
}
