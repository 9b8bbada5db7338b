import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Moving a folder's cards to a tier")
struct FolderTierMoveUseCaseTests {
    static let cards = [
        Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?"),
        Fixture.card("c2", "b.md", noteID: Fixture.idB, question: "Two?"),
    ]

    func context(_ ledger: MemoryLedger, tiers: Bool = true) -> AppContext {
        var config = Fixture.config
        if tiers { config.schedulers = SchedulerConfig(defaultSettings: .tiers(promotionStreak: 5)) }
        return Fixture.context(Fixture.weekNotes, cards: Self.cards, ledger: ledger, config: config)
    }

    @Test("every card under the folder gets one tier event; a dry run records none; a second run moves nothing")
    func moves() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let studying = Studying(context(ledger))
        let dry = try studying.moveFolder("/=reviewing", dryRun: true)
        #expect(dry.moving.count == 2)
        #expect(ledger.history().events.isEmpty)
        let move = try studying.moveFolder("/=reviewing", dryRun: false)
        #expect(move.moving.map(\.card.id) == ["c1", "c2"])
        let events = ledger.history().events
        #expect(events.map(\.kind) == ["tier", "tier"])
        #expect(events.map { $0["tier"] } == ["reviewing", "reviewing"])
        let again = try Studying(context(ledger)).moveFolder("/=reviewing", dryRun: false)
        #expect(again.moving.isEmpty && again.alreadyThere == 2)
        #expect(ledger.history().events.count == 2)
    }

    @Test("a folder without cards, a tier that is none, or cards another scheduler places are refused, nothing recorded")
    func refusals() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        #expect(throws: AppError.noCardsInFolder("nope")) { try Studying(context(ledger)).moveFolder("nope=reviewing", dryRun: false) }
        #expect(throws: VaultCoreError.self) { try Studying(context(ledger)).moveFolder("/=sideways", dryRun: false) }
        #expect(throws: VaultCoreError.self) { try Studying(context(ledger)).moveFolder("reviewing", dryRun: false) }
        #expect(throws: VaultCoreError.self) { try Studying(context(ledger, tiers: false)).moveFolder("/=reviewing", dryRun: false) }
        #expect(ledger.history().events.isEmpty)
    }
}
