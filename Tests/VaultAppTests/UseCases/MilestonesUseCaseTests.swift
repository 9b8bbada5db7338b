import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Milestones in status and stats")
struct MilestonesUseCaseTests {
    /// Curation decisions on the 7 days up to `Fixture.now`: a 7-day streak reached today.
    func week() throws -> MemoryLedger {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        for k in 0..<7 {
            try ledger.append(
                CurationEvent(
                    time: Fixture.now.addingTimeInterval(-Double(k) * 86_400), note: k == 0 ? Fixture.idA : Fixture.idB,
                    period: week46, decision: .keep))
        }
        return ledger
    }

    @Test("status names a milestone on the day it is reached, and not the day after")
    func statusToday() throws {
        let ledger = try week()
        #expect(VaultStatus.load(Fixture.context(Fixture.weekNotes, ledger: ledger)).milestonesToday.map(\.title) == ["7-day streak"])
        let tomorrow = Fixture.context(Fixture.weekNotes, ledger: ledger, now: Fixture.now.addingTimeInterval(86_400))
        #expect(VaultStatus.load(tomorrow).milestonesToday.isEmpty)
    }

    @Test("stats lists every milestone with its day, news or not")
    func statsList() throws {
        let ledger = try week()
        let later = Fixture.context(Fixture.weekNotes, ledger: ledger, now: Fixture.now.addingTimeInterval(3 * 86_400))
        let milestones = VaultStats.load(later, folder: nil, days: 30).milestones
        #expect(milestones.map(\.title) == ["7-day streak"])
        #expect(milestones.map(\.day) == ["2026-11-18"])
        #expect(milestones.map(\.isNew) == [false])
    }
}
