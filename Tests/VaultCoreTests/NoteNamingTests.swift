import Foundation
import Testing

@testable import VaultCore

@Suite("Naming a note on the command line")
struct NoteNamingReferenceTests {
    static func note(_ path: String, id: String?, title: String, aliases: [String] = []) -> NoteSummary {
        NoteSummary(
            path: path, id: id, title: title, tags: [], category: nil, source: nil, sourceType: nil,
            sourceTypeInferred: false, aliases: aliases, created: nil, createdOrigin: .unknown, diagnostics: [])
    }

    let notes = [
        note("a.md", id: "abcd1234-0000", title: "Spaced repetition", aliases: ["SRS"]),
        note("b.md", id: nil, title: "Spacing effect"),
        note("c.md", id: "ffff0000-0000", title: "Canvas"),
    ]

    @Test("paths and ids come before titles; then an exact title or alias in any case; then a unique prefix")
    func order() throws {
        #expect(try NoteReference.resolve("b", in: notes).get().path == "b.md")
        #expect(try NoteReference.resolve("abcd", in: notes).get().path == "a.md")
        #expect(try NoteReference.resolve("srs", in: notes).get().path == "a.md")
        #expect(try NoteReference.resolve("CANVAS", in: notes).get().path == "c.md")
        #expect(try NoteReference.resolve("spacing e", in: notes).get().path == "b.md")
        #expect(NoteReference.resolve("spac", in: notes) == .failure(.ambiguous("spac", candidates: ["a.md", "b.md"])))
        #expect(NoteReference.resolve("nothing", in: notes) == .failure(.notFound("nothing")))
    }
}
