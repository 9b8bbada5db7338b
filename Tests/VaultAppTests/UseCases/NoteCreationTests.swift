import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// One way to make a note, whoever asks (`vault new`, the editor's quick fix, the web):
/// the id from the generator, the checks, the path and the write through the files port.
@Suite("Note creation")
struct NoteCreationTests {
    static func creation(files: MemoryFiles = MemoryFiles(), ids: CountingIDs = CountingIDs()) -> NoteCreation {
        var config = Fixture.config
        config.newNotePath = "{yyyy}/{mm}/{slug}.md"
        return NoteCreation(Fixture.context([], config: config, files: files, newIDs: ids))
    }

    @Test("a note takes its id from the generator, now as created, the category as the config spells it")
    func fields() throws {
        let ids = CountingIDs()
        let note = try Self.creation(ids: ids).note(
            title: "Sleep well", category: "health", tags: ["sleep", "Sleep", "rest"], source: "Why We Sleep",
            sourceType: "BOOK")
        #expect(note.id == "00000000-0000-4000-8000-000000000001" && ids.count == 1)
        #expect(note.created == Fixture.now)
        #expect(note.category == "Health" && note.sourceType == "book")
        #expect(note.tags == Tag.merge(["sleep", "Sleep", "rest"]))
    }

    @Test("an unknown category or source type is refused before anything is written, from fields or from front matter")
    func checks() throws {
        let files = MemoryFiles()
        let creation = Self.creation(files: files)
        #expect(throws: AppError.unknownCategory("Cooking")) { try creation.note(title: "x", category: "Cooking") }
        #expect(throws: AppError.unknownSourceType("scroll")) { try creation.note(title: "x", sourceType: "scroll") }
        let note = try creation.note(title: "Pasta")
        #expect(throws: AppError.unknownCategory("Cooking")) {
            try creation.draft(note, frontMatter: ["category: Cooking"])
        }
        #expect(throws: AppError.unknownSourceType("scroll")) {
            try creation.draft(note, frontMatter: ["source_type: scroll"])
        }
        #expect(throws: AppError.emptyNote) { try creation.draft(try creation.note()) }
        do {
            _ = try creation.draft(note, frontMatter: ["tags: [unclosed"])
            Issue.record("front matter that does not read was taken")
        } catch AppError.badNewNote(let reason) {
            #expect(reason.hasPrefix("line "), "\(reason)")
        }
        #expect(files.all.isEmpty)
    }

    @Test("the draft is the note's text at new_note_path; create writes it beside a note of the same name")
    func draftAndCreate() throws {
        let files = MemoryFiles()
        let creation = Self.creation(files: files)
        let draft = try creation.draft(try creation.note(title: "Sleep well", body: "Eight hours.", category: "Health"))
        #expect(draft.path == "2026/11/sleep-well.md")
        #expect(
            draft.text.hasPrefix(
                "---\nid: 00000000-0000-4000-8000-000000000001\ncreated: 2026-11-18T10:00:00+01:00\ncategory: Health\n---\n# Sleep well\n"
            ))
        #expect(try creation.create(draft) == "2026/11/sleep-well.md")
        #expect(try creation.create(draft) == "2026/11/sleep-well-2.md")
        #expect(files.all["2026/11/sleep-well.md"] == Data(draft.text.utf8))
        // Front matter a person wrote replaces the fields, and is checked the same way.
        let typed = try creation.draft(
            try creation.note(title: "Typed"), frontMatter: ["category: Finance", "tags: [money]"])
        #expect(
            typed.text.contains("created: 2026-11-18T10:00:00+01:00\ncategory: Finance\ntags: [money]\n---\n# Typed\n"))
    }

    @Test("piped text: the first line titles it, unless its front matter has title:; a field set twice is refused; an id is replaced")
    func piped() throws {
        let files = MemoryFiles()
        let creation = Self.creation(files: files)
        let plain = try creation.draft(piped: "\n# Piped title\r\nbody\r\n", category: "health")
        #expect(plain.replacedID == nil)
        #expect(plain.draft.path == "2026/11/piped-title.md")
        #expect(plain.draft.text.hasSuffix("category: Health\n---\n# Piped title\n\nbody\n"))
        let titled = try creation.draft(
            piped: "\u{FEFF}---\ntitle: 'From: front matter'\nid: old-id\ntags: [x]\n---\nnot the title\n", sourceType: "book")
        #expect(titled.replacedID == "old-id")
        #expect(titled.draft.path == "2026/11/from-front-matter.md")
        #expect(
            titled.draft.text
                == "---\nid: 00000000-0000-4000-8000-000000000002\ncreated: 2026-11-18T10:00:00+01:00\ntitle: 'From: front matter'\ntags: [x]\nsource_type: book\n---\nnot the title\n",
            "\(titled.draft.text)")
        let kept = try creation.draft(piped: "---\ncreated: 2020-05-06\n---\nOld idea\n")
        #expect(kept.draft.text.hasPrefix("---\nid: 00000000-0000-4000-8000-000000000003\ncreated: 2020-05-06\n---\n# Old idea\n"))
        #expect(throws: AppError.givenTwice("tags")) { try creation.draft(piped: "---\ntags: [a]\n---\nX\n", tags: ["b"]) }
        #expect(throws: AppError.givenTwice("source_type")) {
            try creation.draft(piped: "---\nsource_type: book\n---\nX\n", sourceType: "link")
        }
        #expect(throws: AppError.emptyNote) { try creation.draft(piped: "---\ncategory: Health\n---\n\n") }
        #expect(throws: AppError.unknownCategory("Cooking")) { try creation.draft(piped: "---\ncategory: Cooking\n---\nX\n") }
        #expect(files.all.isEmpty, "a draft writes nothing")
    }
}
