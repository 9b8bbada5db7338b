import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Studying: listing, schedules and queue")
struct StudyingUseCaseTests {
    static let cards = [
        Fixture.card("c1", "deck/a.md", noteID: Fixture.idA, question: "One?"),
        Fixture.card("c2", "deck/a.md", noteID: Fixture.idA, question: "Two?", position: 1),
        Fixture.card("c3", "other/b.md", noteID: Fixture.idB, question: "Three?"),
    ]

    /// Card c1 answered easy a minute ago: due days later.
    func studying() throws -> Studying {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating("c1", note: Fixture.idA, at: Fixture.now.addingTimeInterval(-60), .easy))
        return Studying(Fixture.context([], cards: Self.cards, ledger: ledger))
    }

    @Test("the cards are the note source's; schedules replay the ledger's answers")
    func schedules() throws {
        let studying = try studying()
        #expect(studying.cards.map(\.id) == ["c1", "c2", "c3"])
        let schedules = studying.schedules()
        #expect(schedules["c1"]?.isNew == false)
        #expect(schedules["c1"]?.reviews == 1)
        #expect(schedules["c2"]?.isNew == true)
        #expect(try #require(schedules["c1"]?.due) > Fixture.now)
    }

    @Test("the listing holds every card; due only, the cards to study now, in queue order")
    func listing() throws {
        let studying = try studying()
        #expect(studying.listing(dueOnly: false).cards.map(\.0.id) == ["c1", "c2", "c3"])
        let due = studying.listing(dueOnly: true)
        #expect(Set(due.cards.map(\.0.id)) == ["c2", "c3"])
        #expect(due.queue?.entries.map(\.card.id) == due.cards.map(\.0.id))
        #expect(studying.listing(dueOnly: false).queue == nil)
    }

    @Test("the queue keeps to the folder and the limit; a folder without cards is refused")
    func queue() throws {
        let studying = try studying()
        let schedules = studying.schedules()
        #expect(studying.queue(StudyOptions(folder: "deck"), schedules: schedules).entries.map(\.card.id) == ["c2"])
        let limited = studying.queue(StudyOptions(daily: 2), schedules: schedules)
        #expect(limited.studiedToday == 1, "the card answered a minute ago counts against the limit")
        #expect(limited.entries.count == 1)
        // A batch (`--limit 2`) is two cards now, whatever was answered earlier (issue 36).
        #expect(studying.queue(StudyOptions(limit: 2), schedules: schedules).entries.count == 2)
        #expect(studying.queue(StudyOptions(mode: .due), schedules: schedules).entries.isEmpty)
        #expect(throws: AppError.noCardsInFolder("dekc")) { try studying.checkFolder(StudyOptions(folder: "dekc")) }
        try studying.checkFolder(StudyOptions(folder: "deck"))
    }
}
