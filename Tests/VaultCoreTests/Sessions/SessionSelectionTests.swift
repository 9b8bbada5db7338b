import Foundation
import Testing

@testable import VaultCore

@Suite("Session spans, moments and the events that name one session")
struct SessionSelectionTests {
    @Test("a week starts on its Monday and a month on its first, whatever the day")
    func spans() {
        let monday = VaultDate.parseDay("2026-11-16")!
        for offset in 0..<7 { #expect(SessionSelection.weekStart(of: monday + offset) == monday) }
        #expect(SessionSelection.weekStart(of: monday - 1) == monday - 7, "Sunday belongs to the week before")
        #expect(SessionSelection.monthStart(of: VaultDate.parseDay("2026-11-30")!) == VaultDate.parseDay("2026-11-01"))
        #expect(SessionSelection.monthStart(of: VaultDate.parseDay("2024-03-01")!) == VaultDate.parseDay("2024-03-01"))
    }

    @Test("a time alone is on the day of now in the zone, not in UTC")
    func timeToday() {
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        // 23:30 UTC on the 17th is already the 18th in Tokyo.
        let now = VaultDate.parse("2026-11-17T23:30:00Z", in: VaultDate.utc)!
        #expect(
            SessionSelection.moment("08:15", now: now, timeZone: zone)
                == VaultDate.parse("2026-11-18T08:15:00", in: zone))
        #expect(SessionSelection.moment("24:00", now: now, timeZone: zone) == nil)
        #expect(SessionSelection.moment("", now: now, timeZone: zone) == nil)
    }

    @Test("a running session counts whole minutes from its start, none before it")
    func runningMinutes() {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let run = RunningSession(id: "x", subject: "Chem", start: start)
        #expect(run.minutes(at: start.addingTimeInterval(59)) == 0)
        #expect(run.minutes(at: start.addingTimeInterval(90 * 60 + 30)) == 90)
        #expect(run.minutes(at: start.addingTimeInterval(-600)) == 0)
    }

    @Test("session-cancel and session-rm write one field and read back; another kind or no session is refused")
    func sessionMarks() throws {
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        let cancel = SessionCancel(time: time, session: "abc")
        #expect(cancel.fields.map(\.key) == ["session"])
        #expect(try SessionCancel(cancel.ledgerEvent(device: "d", sequence: 1)) == cancel)
        let withdrawal = SessionWithdrawal(time: time, session: "abc")
        let event = withdrawal.ledgerEvent(device: "d", sequence: 2)
        #expect(event.kind == "session-rm")
        #expect(try SessionWithdrawal(event) == withdrawal)
        #expect(throws: VaultCoreError.self) { try SessionCancel(event) }
        let empty = LedgerEvent(time: time, utcOffset: 0, device: "d", sequence: 3, kind: "session-rm", fields: [])
        #expect(throws: VaultCoreError.self) { try SessionWithdrawal(empty) }
    }
}
