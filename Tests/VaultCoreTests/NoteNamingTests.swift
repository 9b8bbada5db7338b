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

    /// An Obsidian-shaped vault: a note, its translated copies carrying its name as an alias, a namesake in another folder.
    let obsidian = [
        note("en/User interface/Appearance.md", id: nil, title: "Appearance"),
        note("fr/Interface/Apparence.md", id: nil, title: "Apparence", aliases: ["Appearance"]),
        note("de/Oberfläche/Darstellung.md", id: nil, title: "Darstellung", aliases: ["Appearance"]),
        note("en/Editing/Callouts.md", id: nil, title: "Callouts"),
        note("fr/Édition/Encadrés.md", id: nil, title: "Encadrés", aliases: ["Callouts"]),
        note("en/Help/one-on-ones-are-high-leverage.md", id: nil, title: "One-on-ones are high leverage"),
        note("en/Help/Index.md", id: nil, title: "Start here"),
        note("fr/Aide/Index.md", id: nil, title: "Commencer ici"),
    ]

    @Test("a file name (with or without .md, any case) comes before titles and aliases")
    func fileNameFirst() throws {
        #expect(try NoteReference.resolve("Appearance", in: obsidian).get().path == "en/User interface/Appearance.md")
        #expect(
            try NoteReference.resolve("one-on-ones-are-high-leverage", in: obsidian).get().path
                == "en/Help/one-on-ones-are-high-leverage.md")
        #expect(
            try NoteReference.resolve("ONE-ON-ONES-ARE-HIGH-LEVERAGE.md", in: obsidian).get().path
                == "en/Help/one-on-ones-are-high-leverage.md")
    }

    @Test("a title comes before aliases: one note titled exactly so wins over copies that alias it")
    func titleBeforeAlias() throws {
        #expect(try NoteReference.resolve("callouts", in: obsidian).get().path == "en/Editing/Callouts.md")
        #expect(try NoteReference.resolve("Apparence", in: obsidian).get().path == "fr/Interface/Apparence.md")
        #expect(try NoteReference.resolve("start here", in: obsidian).get().path == "en/Help/Index.md")
    }

    @Test("a file name shared by two notes is an ambiguity listing both paths")
    func sharedFileName() {
        #expect(
            NoteReference.resolve("index.md", in: obsidian)
                == .failure(.ambiguous("index.md", candidates: ["en/Help/Index.md", "fr/Aide/Index.md"])))
    }

    @Test("a prefix of a file name, title or alias names the one note it begins")
    func prefixes() throws {
        #expect(try NoteReference.resolve("one-on", in: obsidian).get().path == "en/Help/one-on-ones-are-high-leverage.md")
        #expect(try NoteReference.resolve("darst", in: obsidian).get().path == "de/Oberfläche/Darstellung.md")
        #expect(
            NoteReference.resolve("appea", in: obsidian)
                == .failure(
                    .ambiguous(
                        "appea", candidates: ["de/Oberfläche/Darstellung.md", "en/User interface/Appearance.md", "fr/Interface/Apparence.md"])))
    }
}
