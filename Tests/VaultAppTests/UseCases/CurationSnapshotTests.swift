import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Curation snapshot")
struct CurationSnapshotTests {
    @Test("it reads the notes and replays the ledger into the board")
    func boardFromLedger() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .archive))
        let snapshot = CurationSnapshot.load(Fixture.context(Fixture.weekNotes, ledger: ledger))
        #expect(snapshot.notes.map(\.path) == ["a.md", "b.md", "d.md", "plain.md"])
        #expect(snapshot.replay.eventCount == 2)
        let cycles = Dictionary(uniqueKeysWithValues: snapshot.board.items.map { ($0.note.path, $0.cycle) })
        #expect(cycles == ["a.md": .weekly, "b.md": .daily, "d.md": .daily, "plain.md": .daily])
        #expect(snapshot.board.items.filter(\.archived).map(\.note.path) == ["b.md"])
        #expect(snapshot.today == VaultDate.dayNumber(of: Fixture.now, in: Fixture.zone))
    }

    @Test("flashcards are counted only when asked for, from the cards' schedules")
    func flashcardCounts() {
        let cards = [
            Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?"),
            Fixture.card("c2", "a.md", noteID: Fixture.idA, question: "Two?", position: 1),
        ]
        let context = Fixture.context(Fixture.weekNotes, cards: cards)
        #expect(CurationSnapshot.load(context).flashcards == nil)
        #expect(CurationSnapshot.load(context).cardSchedules == nil)
        let counted = CurationSnapshot.load(context, countingFlashcards: true)
        #expect(counted.flashcards?.new == 2)
        #expect(counted.flashcards?.due == 0)
        #expect(counted.cardSchedules.map { Set($0.keys) } == ["c1", "c2"])
    }

    @Test("full notes given replace the source's summaries, and carry no cards")
    func fullNotes() {
        let context = Fixture.context(
            Fixture.weekNotes, cards: [Fixture.card("c1", "a.md", question: "One?")])
        let only = Fixture.weekNotes.filter { $0.path == "d.md" }
        let snapshot = CurationSnapshot.load(context, notes: only)
        #expect(snapshot.notes.map(\.path) == ["d.md"])
        #expect(snapshot.cards.isEmpty)
    }

    @Test("a reference resolves by id prefix or path; an unknown one is named in the error")
    func resolve() throws {
        let snapshot = CurationSnapshot.load(Fixture.context(Fixture.weekNotes))
        #expect(try snapshot.resolve("aaaaaaaa").path == "a.md")
        #expect(try snapshot.resolve("plain.md").id == nil)
        #expect(throws: AppError.noteNotFound("zzzz")) { try snapshot.resolve("zzzz") }
    }
}
