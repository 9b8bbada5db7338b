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

/// The note port, counting the notes parsed: one by one, and all at once.
final class CountingNotes: NoteSource, @unchecked Sendable {
    let base: MemoryNotes
    private(set) var parsed: [String] = []
    private(set) var parsedAll = 0

    init(_ notes: [Note]) { base = MemoryNotes(all: notes) }

    func summaries() -> NoteSummaries { base.summaries() }
    func notes() -> (notes: [Note], problems: [Diagnostic]) {
        parsedAll += 1
        return base.notes()
    }
    func note(at path: String) throws -> Note {
        parsed.append(path)
        return try base.note(at: path)
    }
}

@Suite("Backlinks through the search cache")
struct NoteBacklinksTests {
    /// Notes linking to `target.md` (file name `target`, title "Deep Work", alias "DW") every way a link can
    /// name it, in an order that is not path order in the file, and notes that mention it without linking.
    static let texts: [String: String] = [
        "target.md": Fixture.text([("aliases", "[DW]")], "# Deep Work\n\nSee [[self]].\n"),
        "by-name.md": "# By name\n\n[[target]] and [[target#Part|here]].\n",
        "z/by-path.md": "# By path\n\n[[/target.md]]\n",
        "by-title.md": "# By title\n\n[[deep work]]\n",
        "by-alias.md": "# By alias\n\n[[DW]]\n",
        "m/by-markdown.md": "# By Markdown\n\n[it](../target.md#top) and [[Nowhere]]\n",
        "mention.md": "# Mention\n\nDeep work, target, DW: no link.\n",
        "other.md": "# Other\n\n[[by-name]] then [[Deep Work Later]]\n",
        "self.md": "# Self\n\n[[self]]\n",
    ]

    static func context(_ notes: CountingNotes, search: MemorySearch) -> AppContext {
        AppContext(
            notes: notes, ledger: MemoryLedger(timeZone: Fixture.zone), ids: MemoryNoteIDs(), config: Fixture.config,
            now: Fixture.now, search: search)
    }

    /// The fake cache's `links` column: each note's wiki link names and Markdown link destinations.
    static func links(of notes: [Note]) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: notes.map { ($0.path, $0.wikiLinks + $0.linkDestinations) })
    }

    @Test("backlinks found through the cache equal those of every note parsed, in the same order")
    func sameAsEveryNote() throws {
        let notes = Fixture.notes(Self.texts)
        let everyNote = LinkGraph(notes: notes)
        for note in notes {
            let search = MemorySearch()
            search.links = Self.links(of: notes)
            let counting = CountingNotes(notes)
            let links = try NoteLinks.load(Self.context(counting, search: search), note: note.path)
            #expect(links.backlinks == everyNote.backlinks(to: note.path), "\(note.path)")
            #expect(links.outgoing == everyNote.outgoing(from: note.path), "\(note.path)")
            #expect(counting.parsedAll == 0)
        }
    }

    @Test("only the notes whose links hold one of the note's names are parsed")
    func parsesCandidatesOnly() throws {
        let notes = Fixture.notes(Self.texts)
        let search = MemorySearch()
        search.links = Self.links(of: notes)
        let counting = CountingNotes(notes)
        let links = try NoteLinks.load(Self.context(counting, search: search), note: "target.md")
        #expect(
            links.backlinks.map(\.source) == [
                "by-alias.md", "by-name.md", "by-name.md", "by-title.md", "m/by-markdown.md", "z/by-path.md",
            ])
        #expect(search.linkNames == [["target", "Deep Work", "DW"]])
        #expect(search.freshened == 1)
        // The note itself (its outgoing links), then the candidates in path order: "other.md" is one
        // ("Deep Work Later" holds the title's words) and is resolved away; "mention.md" is not read.
        #expect(
            counting.parsed == [
                "target.md", "by-alias.md", "by-name.md", "by-title.md", "m/by-markdown.md", "other.md", "z/by-path.md",
            ])
    }

    @Test("when the cache cannot say, every note is parsed and the backlinks are the same")
    func fallsBackToEveryNote() throws {
        let notes = Fixture.notes(Self.texts)
        let counting = CountingNotes(notes)
        let links = try NoteLinks.load(Self.context(counting, search: MemorySearch()), note: "target.md")
        #expect(links.backlinks == LinkGraph(notes: notes).backlinks(to: "target.md"))
        #expect(counting.parsedAll == 1)
    }
}
