import Foundation
import Testing

/// `vault import anki` against Anki itself: PyPI's `anki` (26.9.3) builds
/// packages in both formats with its own API (Tests/oracles/anki/make_packages.py),
/// and the built binary imports them. The venv is kept in
/// .build/anki-oracle-venv between runs; needs python3 and PyPI (CI has both).
@Suite("vault import anki against Anki's own packages", .serialized)
struct AnkiImportOracleTests {
    struct ExpectedCard: Decodable {
        var ord: Int
        /// Anki's card type: 0 new, 1 learning, 2 review, 3 relearning.
        var type: Int
        var queue: Int
        var ratings: Int
        var resets: Int
    }

    struct ExpectedNote: Decodable {
        var guid: String
        var type: String
        var cards: [ExpectedCard]
    }

    struct Expected: Decodable { var notes: [ExpectedNote] }

    struct ListedCard: Decodable {
        var note_path: String
        var kind: String
        var reviews: Int
        var state: String
    }

    /// The packages, made once per test run.
    static let packages: Result<URL, Error> = Result {
        let root = VaultRunner.packageRoot
        // The venv is shared with the export's oracle suite, and made under its lock.
        let python = try AnkiOracle.python()
        func run(_ program: String, _ arguments: [String]) throws -> VaultRunner.Result {
            try VaultRunner.exec(program, arguments, in: root)
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("vault-anki-oracle-\(UUID().uuidString)")
        let made = try run(python, [root.appendingPathComponent("Tests/oracles/anki/make_packages.py").path, out.path])
        guard made.status == 0 else { throw Failure("make_packages.py failed: \(made.stderr)") }
        return out
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ text: String) { description = text }
    }

    func expected(in folder: URL) throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
    }

    /// The `anki_guid` of each imported note, by path.
    func guids(in vault: FixtureVault) -> [String: String] {
        var found: [String: String] = [:]
        let anki = vault.url.appendingPathComponent("Anki")
        let walker = FileManager.default.enumerator(at: anki, includingPropertiesForKeys: nil)!
        for case let url as URL in walker where url.pathExtension == "md" {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("anki_guid: ") }) else { continue }
            var guid = String(line.dropFirst("anki_guid: ".count))
            if guid.hasPrefix("\""), guid.hasSuffix("\"") {
                guid = String(guid.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                    .replacingOccurrences(of: "\\\\", with: "\\")
            }
            found["Anki/" + String(url.path.dropFirst(anki.path.count + 1))] = guid
        }
        return found
    }

    @Test("each package lists exactly Anki's cards, with each card's rate events equal to its ratings", arguments: [
        "legacy.apkg", "current.apkg", "current.colpkg",
    ])
    func importsAnkisCards(package: String) throws {
        let folder = try Self.packages.get()
        let expected = try expected(in: folder)
        let vault = FixtureVault("cards")
        let imported = vault.vault("import", "anki", folder.appendingPathComponent(package).path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Due dates are recomputed from the history"))
        let listed = vault.vault("cards", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let cards = try JSONDecoder().decode([ListedCard].self, from: Data(listed.stdout.utf8)).filter {
            $0.note_path.hasPrefix("Anki/")
        }
        let guidOf = guids(in: vault)
        var byGuid: [String: [ListedCard]] = [:]
        for card in cards { byGuid[guidOf[card.note_path] ?? "?", default: []].append(card) }
        #expect(cards.count == expected.notes.reduce(0) { $0 + $1.cards.count })
        for note in expected.notes {
            let mine = byGuid[note.guid] ?? []
            #expect(mine.count == note.cards.count, "note \(note.guid) (\(note.type))")
            #expect(
                mine.map(\.reviews).sorted() == note.cards.map(\.ratings).sorted(), "rate events of note \(note.guid)")
        }
        // Anki's manual rows are card-reset events.
        let ledger = try FileManager.default.contentsOfDirectory(atPath: vault.url.appendingPathComponent(".vault/ledger").path)
            .filter { $0.hasSuffix(".log") }.map { vault.read(".vault/ledger/" + $0) }.joined()
        #expect(
            ledger.components(separatedBy: "\tcard-reset\t").count - 1 == expected.notes.flatMap(\.cards).reduce(0) { $0 + $1.resets })
        // A card Anki forgot after an answer is new again, as every card Anki holds new (and not held back).
        #expect(expected.notes.flatMap(\.cards).contains { $0.type == 0 && $0.ratings > 0 && $0.resets > 0 })
        #expect(
            cards.filter { $0.state == "new" }.count
                == expected.notes.flatMap(\.cards).filter { $0.type == 0 && $0.queue >= 0 }.count)
        // Anki's suspended card is suspended, its buried one buried (until tomorrow), and neither comes up today.
        #expect(cards.filter { $0.state == "suspended" }.count == expected.notes.flatMap(\.cards).filter { $0.queue == -1 }.count)
        #expect(cards.filter { $0.state == "buried" }.count == expected.notes.flatMap(\.cards).filter { $0.queue < -1 }.count)
        let due = vault.vault("cards", "--due", "--json")
        let dueCards = try JSONDecoder().decode([ListedCard].self, from: Data(due.stdout.utf8))
        #expect(!dueCards.contains { $0.state == "suspended" || $0.state == "buried" })
        #expect(!dueCards.isEmpty)
        let kinds = Dictionary(grouping: cards, by: \.kind).mapValues(\.count)
        #expect(kinds["reverse"] == 1)
        #expect(kinds["cloze"] == 2)
        // The image, byte for byte, beside the note that shows it.
        let image = try Data(contentsOf: vault.url.appendingPathComponent("Anki/Languages/French/eiffel.png"))
        #expect(image == (try Data(contentsOf: folder.appendingPathComponent("eiffel.png"))))
        // A second import changes no file.
        let before = vault.checksums()
        let again = vault.vault("import", "anki", folder.appendingPathComponent(package).path)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 new rate events"))
        #expect(vault.checksums() == before)
    }

    @Test("every refusal names the file and leaves the vault byte-identical", arguments: [
        ("refuse-not-zip.apkg", "is not a zip archive"),
        ("refuse-no-collection.apkg", "is not an Anki package"),
        ("refuse-newer-package.apkg", "an Anki package of version 9"),
        ("refuse-newer-schema.apkg", "a collection of schema version 99"),
        ("refuse-zip-bomb.apkg", "times its packed size"),
        ("refuse-media-name.apkg", "'../escape.png'"),
        ("refuse-corrupt.apkg", "cannot be read"),
    ])
    func refuses(package: String, reason: String) throws {
        let folder = try Self.packages.get()
        let vault = FixtureVault("cards")
        let before = vault.checksums()
        let path = folder.appendingPathComponent(package).path
        let result = vault.vault("import", "anki", path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(path) "), "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(vault.checksums() == before)
    }

    @Test("--dry-run says per deck what would be written and writes nothing")
    func dryRun() throws {
        let folder = try Self.packages.get()
        let vault = FixtureVault("cards")
        let before = vault.checksums()
        let result = vault.vault("import", "anki", folder.appendingPathComponent("current.apkg").path, "--dry-run")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  Geography → Anki/Geography/: 2 notes, 2 cards, 7 events, 0 media files\n"))
        #expect(result.stdout.contains("Total: 7 notes, 11 cards, 8 new rate events, 2 media files.\n"))
        #expect(vault.checksums() == before)
    }
}
