import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Note removal")
struct NoteRemovalTests {
    let files = Fixture.files(Fixture.weekTexts)
    let trash = MemoryTrash()
    let ledger = MemoryLedger(timeZone: Fixture.zone)

    func removal(at now: Date = Fixture.now) -> NoteRemoval {
        trash.files = files
        let cards = [
            Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?"),
            Fixture.card("c2", "a.md", noteID: Fixture.idA, question: "Two?", position: 1),
            Fixture.card("c3", "b.md", noteID: Fixture.idB, question: "Three?"),
        ]
        return NoteRemoval(Fixture.context(Fixture.weekNotes, cards: cards, ledger: ledger, now: now, files: files, trash: trash))
    }

    @Test("the plan counts the events naming the note (any case) and its cards")
    func plan() throws {
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA.uppercased(), period: week46, decision: .undo))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .keep))
        let plan = try removal().plan("a.md")
        #expect(plan.note.id == Fixture.idA)
        #expect(plan.events == 2)
        #expect(plan.cards == 2)
        let plain = try removal().plan("plain.md")
        #expect(plain.events == 0 && plain.cards == 0)
        #expect(ledger.events.count == 3, "planning writes nothing")
    }

    @Test("remove moves the note into the trash, found again by path, file name or id prefix, and restored")
    func removeFindRestore() throws {
        let removal = removal()
        let trashed = try removal.remove(try removal.plan("a.md"))
        #expect(trash.contents() == [trashed])
        #expect(trash.data(of: trashed) == Data(Fixture.weekTexts["a.md"]!.utf8))
        #expect(files.all["a.md"] == nil, "moved, not copied")
        #expect(try removal.trashed("a.md") == trashed)
        #expect(try removal.trashed(".vault/trash/" + trashed) == trashed)
        #expect(try removal.trashed("aaaaaaaa") == trashed)
        #expect(try removal.restore(trashed) == "a.md")
        #expect(trash.contents().isEmpty)
    }

    @Test("a reference that matches two trashed notes is ambiguous; one that matches none is not found")
    func ambiguousAndMissing() throws {
        _ = try removal().remove(try removal().plan("a.md"))
        _ = try removal(at: Fixture.now.addingTimeInterval(60)).remove(try removal().plan("a.md"))
        #expect(trash.contents().count == 2)
        #expect(throws: AppError.ambiguousNote("a.md", candidates: trash.contents())) { try removal().trashed("a.md") }
        #expect(throws: AppError.noteNotFound("zzzz (in .vault/trash)")) { try removal().trashed("zzzz") }
        #expect(throws: AppError.noteNotFound("nosuch")) { try removal().plan("nosuch") }
    }

    @Test("a trashed note's place being taken is the trash's error")
    func restoreFails() {
        #expect(throws: (any Error).self) { try removal().restore("never trashed.md") }
    }
}
