import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Fresh start (baseline)")
struct FreshStartTests {
    @Test("the baseline is today by default, and the weeks before it are no longer due")
    func today() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let context = Fixture.context(Fixture.weekNotes, ledger: ledger)
        let baseline = try FreshStart.record(context)
        #expect(baseline.day == context.today)
        #expect(ledger.events.map(\.kind) == ["baseline"])
        let review = CurationSnapshot.load(context).board.review(try #require(ReviewPeriod("2026-W46", level: .weekly)))
        #expect(review.status == .beforeBaseline)
        #expect(review.pendingCount == 0)
    }

    @Test("a baseline on a given day leaves the weeks after it pending")
    func givenDay() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let context = Fixture.context(Fixture.weekNotes, ledger: ledger)
        let day = VaultDate.dayNumber(of: Fixture.at("2026-11-09T12:00:00"), in: Fixture.zone)
        #expect(try FreshStart.record(context, day: day).day == day)
        let board = CurationSnapshot.load(context).board
        #expect(board.review(try #require(ReviewPeriod("2026-W46", level: .weekly))).pendingCount == 3)
        #expect(board.baseline?.day == day)
    }
}
