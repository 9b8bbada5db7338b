import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Syncing")
struct SyncingTests {
    @Test("the plan is git's, passed through")
    func plan() throws {
        let sync = MemorySync()
        sync.plan.added = ["new.md"]
        sync.plan.newLedgerLines = 3
        sync.plan.incoming = ["b.md"]
        let plan = try Syncing.plan(Fixture.context(Fixture.weekNotes, sync: sync), fetch: true)
        #expect(plan == sync.plan)
    }

    @Test("run commits as this device and counts only the events the pull brought, by kind")
    func run() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        let sync = MemorySync()
        sync.ledger = ledger
        func event(_ kind: String, _ sequence: Int) -> LedgerEvent {
            LedgerEvent(time: Fixture.now, device: "laptop", sequence: sequence, kind: kind, fields: [("note", Fixture.idB)])
        }
        sync.incoming = [event("curate", 1), event("curate", 2), event("rate", 3)]
        let result = try Syncing.run(Fixture.context(Fixture.weekNotes, ledger: ledger, sync: sync), allowMassDeletion: false)
        #expect(sync.messages == ["vault sync from testdevice"])
        #expect(sync.runs.map(\.totalNotes) == [4])
        #expect(sync.runs.map(\.allowMassDeletion) == [false])
        #expect(result.incoming == ["curate": 2, "rate": 1])
        #expect(result.outcome.committed && result.outcome.pushed)
    }

    @Test("a pull that brings nothing counts nothing")
    func nothingIncoming() throws {
        let sync = MemorySync()
        sync.ledger = MemoryLedger(timeZone: Fixture.zone)
        #expect(try Syncing.run(Fixture.context(Fixture.weekNotes, ledger: sync.ledger!, sync: sync), allowMassDeletion: true).incoming.isEmpty)
    }
}
