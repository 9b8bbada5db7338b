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

    @Test("a pull that brings another machine's different decision reports the conflict: both decisions, the later stands")
    func conflictsThatCameIn() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        let sync = MemorySync()
        sync.ledger = ledger
        let later = Fixture.now.addingTimeInterval(3_600)
        sync.incoming = [
            CurationEvent(time: later, note: Fixture.idA, period: week46, decision: .archive)
                .ledgerEvent(device: "phone", sequence: 1)
        ]
        let context = Fixture.context(Fixture.weekNotes, ledger: ledger, sync: sync)
        let result = try Syncing.run(context, allowMassDeletion: false)
        let conflict = try #require(result.conflicts.first)
        #expect(result.conflicts.count == 1)
        #expect(conflict.conflict.period == week46)
        #expect(conflict.path == Fixture.weekNotes.first { $0.id == Fixture.idA }?.path)
        #expect(conflict.conflict.decisions.map(\.decision) == [.keep, .archive])
        #expect(conflict.standing.device == "phone" && conflict.standing.time == later)
        // The next sync brings nothing new: the conflict is not reported again.
        sync.incoming = []
        #expect(try Syncing.run(context, allowMassDeletion: false).conflicts.isEmpty)
    }

    @Test("a pull that brings nothing counts nothing")
    func nothingIncoming() throws {
        let sync = MemorySync()
        sync.ledger = MemoryLedger(timeZone: Fixture.zone)
        #expect(try Syncing.run(Fixture.context(Fixture.weekNotes, ledger: sync.ledger!, sync: sync), allowMassDeletion: true).incoming.isEmpty)
    }
}
