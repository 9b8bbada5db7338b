import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Note links")
struct NoteLinksTests {
    @Test("outgoing links in reading order, resolved by title or left unresolved; backlinks from other notes")
    func links() throws {
        let links = try NoteLinks.load(Fixture.context(Fixture.weekNotes), note: "aaaa")
        #expect(links.note.path == "a.md")
        #expect(links.outgoing.map(\.target) == ["Beta", "Nowhere"])
        #expect(links.outgoing.map(\.resolved) == ["b.md", nil])
        #expect(links.backlinks.map(\.source) == ["b.md"])
        let plain = try NoteLinks.load(Fixture.context(Fixture.weekNotes), note: "plain.md")
        #expect(plain.outgoing.isEmpty && plain.backlinks.isEmpty)
    }

    @Test("a reference that names no note is refused")
    func notFound() {
        #expect(throws: AppError.noteNotFound("nosuch")) {
            try NoteLinks.load(Fixture.context(Fixture.weekNotes), note: "nosuch")
        }
    }
}
