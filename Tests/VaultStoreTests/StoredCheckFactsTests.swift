import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// The catalog keeps each note's check facts as their bytes and decodes
/// them only when asked (``StoredCheckFacts``): bytes that were never
/// decoded must be written back exactly, whatever else is rewritten.
@Suite("Stored check facts")
struct StoredCheckFactsTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// 40 notes with links, embeds, Markdown links and the three keys on varied lines.
    static func vault() -> TempFolder {
        let dir = TempFolder()
        try! FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        for n in 0..<40 {
            let keys = ["id: note-\(n)", "category: C\(n % 3)", "source_type: book"].prefix(n % 4)
            let front =
                keys.isEmpty
                ? "" : "---\n" + (n % 2 == 0 ? "tags: [x]\n" : "") + keys.joined(separator: "\n") + "\n---\n"
            dir.write(
                "notes/n\(n).md",
                front + "# Note \(n)\n\nSee [[n\((n + 1) % 40)]], [[missing \(n)|alias]] and ![[n\(n / 2)#part]].\n"
                    + (n % 5 == 0 ? "A [markdown](n\(n + 1).md) link and [[Ünïcødé \(n)]].\n" : ""))
        }
        return dir
    }

    /// Every note's facts from a full parse, in path order.
    static func parsedFacts(_ dir: TempFolder) -> [String: NoteCheckFacts] {
        let layout = VaultLayout(root: dir.url)
        let notes = NoteLoader(layout: layout, timeZone: utc).load(VaultScanner(layout: layout).scan().files)
        return Dictionary(uniqueKeysWithValues: notes.map { ($0.path, NoteCheckFacts($0)) })
    }

    /// Each note's facts as the stored file holds them (its bytes), by path.
    static func storedBytes(_ catalog: NoteCatalog) throws -> [String: [UInt8]] {
        let stored = try #require(CatalogFile.read(catalog.url, timeZoneID: utc.identifier))
        let entries = stored.entries
        return Dictionary(
            uniqueKeysWithValues: entries.files.indices.map { i in
                (entries.files[i].path, entries.facts.withBytes(of: i) { Array($0) })
            })
    }

    @Test("facts loaded undecoded survive an edit, an added note and a rewrite of every chunk, byte for byte")
    func undecodedFactsRoundTrip() throws {
        let dir = Self.vault()
        let layout = VaultLayout(root: dir.url)
        let catalog = NoteCatalog(layout: layout, timeZone: Self.utc)
        _ = catalog.load()  // rebuilt: every note parsed, the file written
        let before = try Self.storedBytes(catalog)

        // A load that never decodes the facts, while one note's links change: its entry is replaced in place.
        dir.write("notes/n7.md", "---\nid: note-7\ncategory: New\n---\n# Seven\n\n[[elsewhere]] [[n1]] [[n2]] [[n3]]\n")
        let edited = catalog.load()
        #expect(edited.report.outcome == .updated && edited.report.parsed == ["notes/n7.md"])
        let afterEdit = try Self.storedBytes(catalog)
        for (path, bytes) in before where path != "notes/n7.md" {
            #expect(afterEdit[path] == bytes, "\(path)'s facts changed although the note did not")
        }
        #expect(afterEdit["notes/n7.md"] != before["notes/n7.md"])

        // An added note moves every entry: the whole file is encoded again from the entries.
        dir.write("notes/a-first.md", "# First\n\n[[n0]] [[nowhere]]\n")
        let added = catalog.load()
        #expect(added.report.outcome == .updated && added.report.added == 1)
        let afterAdd = try Self.storedBytes(catalog)
        for (path, bytes) in afterEdit {
            #expect(afterAdd[path] == bytes, "\(path)'s facts changed although the note did not")
        }

        // A fresh load, decoding every note's facts: each is what a full parse gives.
        let parsed = Self.parsedFacts(dir)
        let loaded = NoteCatalog(layout: layout, timeZone: Self.utc).load()
        #expect(loaded.report.outcome == .unchanged)
        #expect(loaded.facts.count == 41 && loaded.notes.count == 41)
        for (i, note) in loaded.notes.enumerated() {
            #expect(loaded.facts[i] == parsed[note.path], "\(note.path)")
        }
        #expect(loaded.facts[loaded.notes.firstIndex { $0.path == "notes/n7.md" }!].categoryLine == 3)
    }

    @Test("a kept catalog's chunks, reused or encoded again, hold the facts a full parse gives")
    func keptChunksRoundTrip() throws {
        let dir = Self.vault()
        let layout = VaultLayout(root: dir.url)
        var catalog = NoteCatalog(layout: layout, timeZone: Self.utc)
        catalog.kept = KeptCatalog()
        _ = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        for n in [3, 30] {
            dir.write("notes/n\(n).md", "# Changed \(n)\n\n[[n\(n + 2)]] [[gone \(n)]]\n")
        }
        let edited = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        #expect(edited.report.parsed == ["notes/n3.md", "notes/n30.md"])
        let parsed = Self.parsedFacts(dir)
        for (i, note) in edited.notes.enumerated() {
            #expect(edited.facts[i] == parsed[note.path], "\(note.path), kept")
        }
        let reread = NoteCatalog(layout: layout, timeZone: Self.utc).load()
        #expect(reread.report.outcome == .unchanged)
        for (i, note) in reread.notes.enumerated() {
            #expect(reread.facts[i] == parsed[note.path], "\(note.path), read from the file")
        }
    }

    @Test("replacing a note's facts with longer or shorter ones leaves the others' in place")
    func replaceKeepsOthers() {
        let facts = (0..<5).map { n in
            NoteCheckFacts(
                wikiLinks: (0..<n).map { "link \($0)" }, noteLinks: n == 2 ? ["a.md"] : [], idLine: n == 0 ? nil : n,
                categoryLine: n == 3 ? 7 : nil, sourceTypeLine: n == 4 ? 0 : nil)
        }
        var stored = StoredCheckFacts(facts)
        #expect(stored.decoded() == facts)
        let longer = NoteCheckFacts(wikiLinks: ["a much longer link target than before", "two"], idLine: 40)
        stored.replace(1, with: longer)
        #expect(stored.decoded() == [facts[0], longer] + facts[2...])
        stored.replace(3, with: NoteCheckFacts())
        #expect(stored.decoded() == [facts[0], longer, facts[2], NoteCheckFacts(), facts[4]])
        var copy = StoredCheckFacts()
        for i in 0..<stored.count { copy.append(i, of: stored) }
        #expect(copy.bytes == stored.bytes && copy.ends == stored.ends)
    }

    @Test("many notes' facts replaced at once are what replacing them one by one gives")
    func replaceMany() {
        let facts = (0..<40).map { n in
            NoteCheckFacts(wikiLinks: (0..<(n % 7)).map { "note \(n) link \($0)" }, idLine: n % 3 == 0 ? nil : n)
        }
        let positions = [3, 0, 17, 39, 18]
        let new = positions.map { n in
            NoteCheckFacts(wikiLinks: Array(repeating: "replaced \(n)", count: n % 4), categoryLine: n)
        }
        var oneByOne = StoredCheckFacts(facts)
        for (i, one) in zip(positions, new) { oneByOne.replace(i, with: one) }
        var atOnce = StoredCheckFacts(facts)
        atOnce.replace(positions, with: new)
        #expect(atOnce.bytes == oneByOne.bytes && atOnce.ends == oneByOne.ends)
        var expected = facts
        for (i, one) in zip(positions, new) { expected[i] = one }
        #expect(atOnce.decoded() == expected)
    }
}
