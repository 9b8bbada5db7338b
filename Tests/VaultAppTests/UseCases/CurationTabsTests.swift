import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Curation tabs")
struct CurationTabsTests {
    /// The week notes with a's note kept weekly, then monthly (November), b's kept weekly.
    func snapshot() throws -> CurationSnapshot {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        let november = try #require(ReviewPeriod("2026-11", level: .monthly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now.addingTimeInterval(1), note: Fixture.idA, period: november, decision: .keep))
        return CurationSnapshot.load(Fixture.context(Fixture.weekNotes, ledger: ledger))
    }

    @Test("the daily tab groups every note by week, newest week and note first, each week with its review")
    func daily() throws {
        let snapshot = try snapshot()
        let groups = CurationTab.daily.groups(items: snapshot.board.items, board: snapshot.board)
        #expect(groups.map(\.id) == ["2026-W47", "2026-W46"])
        #expect(groups.map { $0.items.map(\.note.path) } == [["d.md"], ["plain.md", "b.md", "a.md"]])
        #expect(groups.map { $0.review?.decidedCount } == [0, 2])
    }

    @Test("the weekly tab holds notes kept at least weekly, by month; the monthly tab by year; no review on either")
    func weeklyMonthly() throws {
        let snapshot = try snapshot()
        let weekly = CurationTab.weekly.groups(items: snapshot.board.items, board: snapshot.board)
        #expect(weekly.map(\.id) == ["2026-11"])
        #expect(weekly.first?.items.map(\.note.path) == ["b.md", "a.md"])
        #expect(weekly.allSatisfy { $0.review == nil })
        let monthly = CurationTab.monthly.groups(items: snapshot.board.items, board: snapshot.board)
        #expect(monthly.map(\.id) == ["2026"])
        #expect(monthly.first?.items.map(\.note.path) == ["a.md"])
        #expect(CurationTab.yearly.groups(items: snapshot.board.items, board: snapshot.board).isEmpty)
    }

    @Test("the yearly tab is one Evergreen group of the notes kept in a yearly review")
    func yearly() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        var texts = Fixture.weekTexts
        texts["old.md"] = Fixture.text([("id", "eeeeeeee-0000-4000-8000-000000000005"), ("created", "2025-03-03T09:00:00")])
        for (level, id) in [(ReviewLevel.weekly, "2025-W10"), (.monthly, "2025-03"), (.yearly, "2025")] {
            try ledger.append(
                CurationEvent(
                    time: Fixture.now, note: "eeeeeeee-0000-4000-8000-000000000005",
                    period: try #require(ReviewPeriod(id, level: level)), decision: .keep))
        }
        let snapshot = CurationSnapshot.load(Fixture.context(Fixture.notes(texts), ledger: ledger))
        let groups = CurationTab.yearly.groups(items: snapshot.board.items, board: snapshot.board)
        #expect(groups.map(\.title) == ["Evergreen"])
        #expect(groups.first?.items.map(\.note.path) == ["old.md"])
    }
}
