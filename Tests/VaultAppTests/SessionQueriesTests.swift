import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Session queries, times and ids over in-memory ports, at a fixed moment")
struct SessionQueriesTests {
    /// Wednesday 2026-11-18 10:00 in Berlin (09:00 UTC).
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let now = VaultDate.parse("2026-11-18T10:00:00", in: zone)!

    static var config: VaultConfig {
        var config = VaultConfig(timeZoneIdentifier: "Europe/Berlin")
        config.subjects = [Subject(name: "Chemistry"), Subject(name: "Physics")]
        return config
    }

    static func moment(_ text: String) -> Date { VaultDate.parse(text, in: zone)! }

    /// A ledger with sessions entered at `now`, each `(subject, start, minutes, questions, correct)`.
    static func tracking(
        _ sessions: [(String, String, Int, Int?, Int?)], ledger: MemoryLedger = MemoryLedger(timeZone: zone),
        ids: CountingIDs = CountingIDs()
    ) throws -> StudyTracking {
        let context = AppContext(
            notes: MemoryNotes(all: []), ledger: ledger, ids: MemoryNoteIDs(), config: config, now: now, newIDs: ids)
        for (subject, start, minutes, questions, correct) in sessions {
            try StudyTracking(context).add(
                subject, minutes: minutes, start: moment(start), questions: questions, correct: correct, note: nil)
        }
        return StudyTracking(context)
    }

    @Test("new sessions and goals take their ids from the context's generator")
    func idsFromTheGenerator() throws {
        let ids = CountingIDs()
        let ledger = MemoryLedger(timeZone: Self.zone)
        let tracking = try Self.tracking([("Physics", "2026-11-17T08:00:00", 30, nil, nil)], ledger: ledger, ids: ids)
        #expect(tracking.log.sessions.map(\.id) == ["00000000-0000-4000-8000-000000000001"])
        let started = try tracking.start("chemistry", note: nil, switching: false)
        #expect(started.started.id == "00000000-0000-4000-8000-000000000002")
        let goal = try tracking.addGoal(nil, hours: 10, by: "2026-12-31")
        #expect(goal.id == "00000000-0000-4000-8000-000000000003")
        #expect(
            ledger.events.map { $0["session"] ?? $0["goal"] } == [
                "00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002",
                "00000000-0000-4000-8000-000000000003",
            ])
        #expect(ids.count == 3)
    }

    @Test("listing filters by subject (any case) and by days in the vault's zone, and sorts by length or accuracy")
    func listing() throws {
        let tracking = try Self.tracking([
            ("Chemistry", "2026-11-15T23:30:00", 20, 10, 5),  // Sunday 23:30 in Berlin: 22:30 UTC
            ("Physics", "2026-11-16T09:00:00", 60, nil, nil),
            ("Chemistry", "2026-11-17T09:00:00", 45, 10, 9),
            ("Chemistry", "2026-11-18T08:00:00", 45, 10, 7),
        ])
        let chemistry = try tracking.sessions(subject: "CHEMISTRY", since: nil, until: nil, sort: .date)
        #expect(chemistry.map(\.minutes) == [20, 45, 45])
        let sunday = try tracking.sessions(subject: nil, since: "2026-11-15", until: "2026-11-15", sort: .date)
        #expect(sunday.map(\.subject) == ["Chemistry"], "23:30 on Sunday is Sunday in Berlin, not Monday")
        let fromMonday = try tracking.sessions(subject: nil, since: "2026-11-16", until: nil, sort: .duration)
        #expect(fromMonday.map(\.minutes) == [60, 45, 45])
        #expect(fromMonday.map(\.subject) == ["Physics", "Chemistry", "Chemistry"])
        #expect(fromMonday[1].start < fromMonday[2].start, "equal lengths keep their order by start")
        let byAccuracy = try tracking.sessions(subject: nil, since: nil, until: nil, sort: .accuracy)
        #expect(byAccuracy.map(\.correct) == [9, 7, 5, nil], "sessions without questions last")
        #expect(try tracking.sessions(subject: nil, since: "2026-11-18", until: "2026-11-16", sort: .date).isEmpty)
        #expect(throws: AppError.badSession("--until '18.11.2026' is not a day; write it as 2026-11-18.")) {
            try tracking.sessions(subject: nil, since: nil, until: "18.11.2026", sort: .date)
        }
    }

    @Test("a report counts this week from Monday by default, this month, a given day on, or everything")
    func reportSpans() throws {
        let tracking = try Self.tracking([
            ("Chemistry", "2026-10-30T09:00:00", 30, nil, nil),
            ("Physics", "2026-11-02T09:00:00", 40, nil, nil),
            ("Chemistry", "2026-11-16T09:00:00", 50, nil, nil),
        ])
        let today = VaultDate.parseDay("2026-11-18")!
        let week = try tracking.report(.week, by: .subject)
        #expect(week.firstDay == VaultDate.parseDay("2026-11-16"))
        #expect(week.lastDay == today)
        #expect(week.report.total.minutes == 50)
        #expect(week.sessions.map(\.minutes) == [50])
        let month = try tracking.report(.month, by: .subject)
        #expect(month.firstDay == VaultDate.parseDay("2026-11-01"))
        #expect(month.report.total.minutes == 90)
        let since = try tracking.report(.since("2026-10-31"), by: .day)
        #expect(since.sessions.map(\.minutes) == [40, 50])
        let all = try tracking.report(.all, by: .subject)
        #expect(all.report.total.minutes == 120)
        #expect(all.sessions.count == 3)
        #expect(throws: AppError.badSession("--since 'last week' is not a day; write it as 2026-11-18.")) {
            try tracking.report(.since("last week"), by: .subject)
        }
    }

    @Test("--at reads a full moment in the vault's zone, one with an offset as given, or a time today")
    func atMoments() throws {
        let tracking = try Self.tracking([])
        #expect(try tracking.moment("18:05") == Self.moment("2026-11-18T18:05:00"))
        #expect(try tracking.moment("7:30") == Self.moment("2026-11-18T07:30:00"))
        #expect(try tracking.moment("2026-11-17T18:00") == Self.moment("2026-11-17T18:00:00"))
        #expect(
            try tracking.moment("2026-11-17T18:00:00Z") == VaultDate.parse("2026-11-17T18:00:00Z", in: VaultDate.utc))
        for bad in ["25:00", "18:5", "yesterday", "2026-11-17T1800"] {
            #expect(throws: AppError.badSession("--at '\(bad)' is not a moment; write 2026-11-17T18:00 or 18:00.")) {
                try tracking.moment(bad)
            }
        }
    }
}
