import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Note history")
struct NoteHistoryTests {
    @Test("only the events naming the note's id are listed, whatever the id's case, oldest first")
    func events() throws {
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(CurationEvent(time: Fixture.now.addingTimeInterval(60), note: Fixture.idA.uppercased(), period: week46, decision: .archive))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .keep))
        let history = try NoteHistory.load(Fixture.context(Fixture.weekNotes, ledger: ledger), note: "a.md")
        #expect(history.note.id == Fixture.idA)
        #expect(history.events.map { $0["decision"] } == ["keep", "archive"])
    }

    @Test("a note without an id has no history; an ambiguous prefix is refused")
    func noIDAndAmbiguous() throws {
        var texts = Fixture.weekTexts
        texts["a2.md"] = Fixture.text([("id", "aaaaaaaa-1111-4000-8000-000000000009"), ("created", "2026-11-10T09:00:00")])
        let context = Fixture.context(Fixture.notes(texts))
        #expect(try NoteHistory.load(context, note: "plain.md").events.isEmpty)
        #expect(throws: AppError.self) { try NoteHistory.load(context, note: "aaaaaaaa") }
        #expect(try NoteHistory.load(context, note: "aaaaaaaa-1111").note.path == "a2.md")
    }
}
