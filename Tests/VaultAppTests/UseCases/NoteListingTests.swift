import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Note listing")
struct NoteListingTests {
    func snapshot(undated: Bool = false) throws -> CurationSnapshot {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .archive))
        var texts = Fixture.weekTexts
        if undated { texts["undated.md"] = "# Undated\n" }
        return CurationSnapshot.load(Fixture.context(Fixture.notes(texts), ledger: ledger))
    }

    @Test("archived notes are hidden unless asked for")
    func archivedHidden() throws {
        let hidden = NoteListing(try snapshot(), includeArchived: false)
        #expect(hidden.hiddenPaths == ["b.md"])
        #expect(hidden.notes().map(\.path) == ["d.md", "plain.md", "a.md"])
        #expect(hidden.groups(.daily).flatMap { $0.items.map(\.note.path) } == ["d.md", "plain.md", "a.md"])
        let all = NoteListing(try snapshot(), includeArchived: true)
        #expect(all.hiddenPaths.isEmpty)
        #expect(all.notes().map(\.path) == ["d.md", "plain.md", "b.md", "a.md"])
        #expect(all.visibleItems.count == 4)
    }

    @Test("notes without a created date come last")
    func undatedLast() throws {
        let listing = NoteListing(try snapshot(undated: true), includeArchived: true)
        #expect(listing.notes().map(\.path).last == "undated.md")
        #expect(listing.notes().map(\.path).first == "d.md")
    }
}
