import Foundation
import Testing

/// The one venv of the Anki oracles (PyPI's anki 26.9.3 in .build/anki-oracle-venv).
enum AnkiOracle {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ text: String) { description = text }
    }

    /// The venv's python, with anki installed (scripts/oracle-python.sh makes it on first use).
    static func python() throws -> String {
        try VaultRunner.oraclePython(venv: "anki-oracle-venv", ["anki=anki==26.9.3"])
    }

    /// Runs Tests/oracles/anki/roundtrip.py with `arguments`, Anki's days in `zone`.
    static func roundtrip(_ arguments: [String], zone: String = "Europe/Berlin") throws {
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = zone
        let script = VaultRunner.packageRoot.appendingPathComponent("Tests/oracles/anki/roundtrip.py").path
        let result = try VaultRunner.exec(
            try python(), [script] + arguments, environment: env, in: VaultRunner.packageRoot)
        guard result.status == 0 else {
            throw Failure("roundtrip.py \(arguments.first ?? "") failed: \(result.stderr)")
        }
    }
}

/// `vault export anki` and the way back, against Anki itself (PyPI's anki 26.9.3
/// through Tests/oracles/anki/roundtrip.py): the example vault exported and
/// imported into a fresh collection (`col.import_anki_package`), studied with
/// Anki's own scheduler (`col.sched.answer_card`), exported from Anki
/// (`col.export_anki_package`) and imported into the vault again.
@Suite("vault export anki and the way back, against Anki", .serialized)
struct AnkiExportOracleTests {
    struct AnkiRevlog: Decodable {
        var id: Int64
        var ease: Int
        var ivl: Int
        var factor: Int
        var type: Int
    }

    struct AnkiCard: Decodable {
        var ord: Int
        var type: Int
        var queue: Int
        var due: String?
        var ivl: Int
        var reps: Int
        var question: String
        var answer: String
        var revlog: [AnkiRevlog]
    }

    struct AnkiNote: Decodable {
        var guid: String
        var type: String
        var fields: [String]
        var tags: [String]
        var cards: [AnkiCard]
    }

    struct Imported: Decodable {
        var new: Int
        var updated: Int
        var duplicate: Int
        var conflicting: Int
    }

    struct Inspected: Decodable {
        var notes: [AnkiNote]
        var card_count: Int
        var note_count: Int
        var revlog_count: Int
        var imported: Imported
    }

    struct VaultCard: Decodable {
        var id: String
        var kind: String
        var note_path: String
        var question: String
        var answer: String
        var reviews: Int
        var state: String
        var due: String?
        var last_review: String?
        var is_new: Bool
    }

    struct Studied: Decodable {
        var answered: [[String: AnyCodable]]
        var revlog_ids: [Int64]
    }

    struct AnyCodable: Decodable {
        init(from decoder: Decoder) throws {}
    }

    static let now = "2026-11-18T09:00:00Z"

    /// A copy of ExampleVault.
    func exampleVault() throws -> FixtureVault {
        let vault = FixtureVault()
        try FileManager.default.removeItem(at: vault.url)
        try FileManager.default.copyItem(
            at: VaultRunner.packageRoot.appendingPathComponent("ExampleVault"), to: vault.url)
        return vault
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vault-anki-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func inspect(_ package: URL, in folder: URL) throws -> Inspected {
        let out = folder.appendingPathComponent(package.lastPathComponent + ".json")
        try AnkiOracle.roundtrip(["inspect", package.path, out.path])
        return try JSONDecoder().decode(Inspected.self, from: Data(contentsOf: out))
    }

    func cards(_ vault: FixtureVault, now: String? = now) throws -> [VaultCard] {
        var runner = vault.vault
        if let now { runner.environment["VAULT_NOW"] = now }
        let listed = runner("cards", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        return try JSONDecoder().decode([VaultCard].self, from: Data(listed.stdout.utf8))
    }

    /// The calendar date of an ISO 8601 moment in Berlin (the example vault's zone).
    static func berlinDate(_ iso: String) -> String {
        let parser = ISO8601DateFormatter()
        let date = parser.date(from: iso)!
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Europe/Berlin")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    func ledgerLines(_ vault: FixtureVault) throws -> [String] {
        let folder = vault.url.appendingPathComponent(".vault/ledger")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".log") }.sorted()
            .flatMap { vault.read(".vault/ledger/" + $0).split(separator: "\n").map(String.init) }
    }

    func noteChecksums(_ vault: FixtureVault) -> [String: String] {
        vault.checksums().filter { $0.key.hasSuffix(".md") && !$0.key.hasPrefix(".vault/") }
    }

    @Test(
        "the example vault in Anki: every card, every review as a revlog row, the same due dates and intervals",
        arguments: [false, true])
    func exampleVaultInAnki(legacy: Bool) throws {
        let vault = try exampleVault()
        let work = try folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent(legacy ? "legacy.apkg" : "current.apkg")
        var runner = vault.vault
        runner.environment["VAULT_NOW"] = Self.now
        let exported = runner.run(["export", "anki", package.path] + (legacy ? ["--legacy"] : []))
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(
            exported.stdout.contains("Total: 12 notes, 20 cards, 82 reviews, 0 media files.\n"), "\(exported.stdout)")
        let anki = try inspect(package, in: work)
        let mine = try cards(vault)
        #expect(anki.imported.new == 12 && anki.imported.conflicting == 0)
        #expect(anki.card_count == mine.count)
        #expect(anki.revlog_count == mine.reduce(0) { $0 + $1.reviews })
        let ankiCards = anki.notes.flatMap(\.cards)
        // Card by card (as multisets: Anki's card ids are not the vault's): answers, new or not, due date, interval.
        func key(_ reviews: Int, _ due: String?, _ ivl: Int) -> String { "\(reviews) \(due ?? "new") \(ivl)" }
        let ankiKeys = ankiCards.map { key($0.revlog.count, $0.type == 0 ? nil : $0.due, $0.type == 0 ? 0 : $0.ivl) }
            .sorted()
        let vaultKeys = mine.map { card -> String in
            guard !card.is_new, let due = card.due, let last = card.last_review else {
                return key(card.reviews, nil, 0)
            }
            let days = Int(
                (ISO8601DateFormatter().date(from: due)!.timeIntervalSince(ISO8601DateFormatter().date(from: last)!)
                    / 86_400)
                    .rounded(.down))
            return key(card.reviews, Self.berlinDate(due), max(1, days))
        }.sorted()
        #expect(ankiKeys == vaultKeys)
        // Revlog rows as Anki writes them: ratings 1-4, types learning/review/relearning, fsrs factors 100-1100 or an ease.
        let rows = ankiCards.flatMap(\.revlog)
        #expect(rows.allSatisfy { (1...4).contains($0.ease) && (0...2).contains($0.type) && $0.factor > 0 })
        #expect(rows.contains { $0.type == 0 } && rows.contains { $0.type == 1 })
        // Note types and decks: a cloze note per cloze paragraph, a reversed note for a ::: card; decks from folders.
        #expect(Set(anki.notes.map(\.type)) == ["Basic (vault)", "Basic and reversed (vault)", "Cloze (vault)"])
        #expect(Set(ankiCards.map(\.ivl)).count > 3)
        #expect(
            anki.notes.allSatisfy {
                $0.guid.hasPrefix("vault") && $0.fields.count == 3 && $0.fields[2].contains(".md · ")
            })
        #expect(Set(anki.notes.flatMap { $0.cards.map(\.ivl) }).contains(37))
    }

    @Test(
        "three cards answered in Anki come home as exactly three rate events, no note changed; a second import adds nothing"
    )
    func reviewsComeHome() throws {
        let vault = try exampleVault()
        let work = try folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("vault.apkg")
        let back = work.appendingPathComponent("studied.apkg")
        var runner = vault.vault
        runner.environment["VAULT_NOW"] = Self.now
        #expect(runner.run(["export", "anki", package.path]).status == 0)
        let report = work.appendingPathComponent("studied.json")
        try AnkiOracle.roundtrip(["study", package.path, back.path, report.path, "3"])
        let studied = try JSONDecoder().decode(Studied.self, from: Data(contentsOf: report))
        #expect(studied.revlog_ids.count == 3)
        let notes = noteChecksums(vault)
        let before = try ledgerLines(vault)
        let imported = vault.vault("import", "anki", back.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("3 new rate events"), "\(imported.stdout)")
        #expect(!imported.stdout.contains("Imported into"), "no note of the package is a note of its own")
        let added = try ledgerLines(vault).filter { !before.contains($0) }
        #expect(added.count == 3)
        #expect(added.allSatisfy { $0.split(separator: "\t")[3] == "rate" })
        #expect(Set(added.map { Int64($0.split(separator: "\t")[2])! }) == Set(studied.revlog_ids))
        #expect(noteChecksums(vault) == notes, "no note changed")
        #expect(!vault.checksums().keys.contains { $0.hasPrefix("Anki/") })
        // The answered cards now carry one more review each.
        let after = try cards(vault, now: nil)
        #expect(after.reduce(0) { $0 + $1.reviews } == 82 + 3)
        let ledger = vault.checksums().filter { $0.key.hasPrefix(".vault/ledger/") }
        let again = vault.vault("import", "anki", back.path)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing new"), "\(again.stdout)")
        #expect(vault.checksums().filter { $0.key.hasPrefix(".vault/ledger/") } == ledger)
        #expect(noteChecksums(vault) == notes)
    }

    @Test(
        "a card whose text was changed in Anki is named and kept as the vault has it; --theirs writes Anki's and trashes the vault's"
    )
    func textChangedInAnki() throws {
        let vault = try exampleVault()
        let work = try folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("vault.apkg")
        var runner = vault.vault
        runner.environment["VAULT_NOW"] = Self.now
        #expect(runner.run(["export", "anki", package.path]).status == 0)
        let anki = try inspect(package, in: work)
        let basic = try #require(anki.notes.first { $0.type == "Basic (vault)" && $0.fields[1].count > 10 })
        let edited = work.appendingPathComponent("edited.apkg")
        try AnkiOracle.roundtrip(["edit", package.path, edited.path, basic.guid, "1", "An answer written in Anki"])
        let path = String(basic.fields[2].split(separator: "·")[0]).trimmingCharacters(in: .whitespaces)
        let notes = noteChecksums(vault)
        let kept = vault.vault("import", "anki", edited.path)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("Changed in Anki, kept as the vault has it"), "\(kept.stdout)")
        #expect(kept.stdout.contains("  \(path):"), "\(kept.stdout)")
        #expect(noteChecksums(vault) == notes, "the vault's text stays")
        let theirs = vault.vault("import", "anki", edited.path, "--theirs")
        #expect(theirs.status == 0, "\(theirs.stderr)")
        #expect(vault.read(path).contains("An answer written in Anki"))
        #expect(noteChecksums(vault).filter { $0.key != path } == notes.filter { $0.key != path })
        let trashed = try FileManager.default.subpathsOfDirectory(
            atPath: vault.url.appendingPathComponent(".vault/trash").path)
        #expect(trashed.contains { $0.hasSuffix((path as NSString).lastPathComponent) })
        // The card is still one card of the note, with its history (the answer changed, not the question).
        let after = try cards(vault, now: nil)
        #expect(after.contains { $0.note_path == path && $0.answer == "An answer written in Anki" && $0.reviews > 0 })
    }

    @Test("Set due date in Anki keeps its review cards review cards, due on the day Anki set")
    func setDueDate() throws {
        let vault = FixtureVault("cards")
        let work = try folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("set-due.apkg")
        let report = work.appendingPathComponent("set-due.json")
        try AnkiOracle.roundtrip(["set-due", package.path, report.path], zone: "UTC")
        struct Report: Decodable {
            struct Card: Decodable {
                var due: String
                var type: Int
            }
            var cards: [Card]
            var manual: [[Int64]]
        }
        let expected = try JSONDecoder().decode(Report.self, from: Data(contentsOf: report))
        #expect(expected.cards.allSatisfy { $0.type == 2 })
        #expect(
            expected.manual.count == 3 && expected.manual.allSatisfy { $0[1] > 0 },
            "Anki logs Set due date with the card's factor")
        let imported = vault.vault("import", "anki", package.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let mine = try cards(vault, now: nil).filter { $0.note_path.hasPrefix("Anki/") }
        #expect(mine.count == 3)
        #expect(mine.allSatisfy { $0.state == "review" && $0.reviews == 4 }, "\(mine.map(\.state))")
        #expect(mine.map { String($0.due!.prefix(10)) }.sorted() == expected.cards.map(\.due).sorted())
        let ledger = try ledgerLines(vault)
        #expect(
            ledger.filter { $0.contains("\tcard-reset\t") && $0.contains("reset=reschedule") && $0.contains("\tdue=") }
                .count == 3)
        #expect(!ledger.contains { $0.contains("reset=forget") })
        let history = vault.vault("history", mine[0].note_path)
        #expect(history.stdout.contains("given a due date by hand → due"), "\(history.stdout)")
    }

    @Test(
        "an HTML table answer keeps its card; a sound is an embed; <br> is a line break; a type-in note is a basic card"
    )
    func fieldsThatLostTheirCards() throws {
        let vault = FixtureVault("cards")
        let work = try folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("shapes.apkg")
        try AnkiOracle.roundtrip(["table", package.path], zone: "UTC")
        let imported = vault.vault("import", "anki", package.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stdout.contains("found no card"), "\(imported.stdout)")
        #expect(
            imported.stdout.contains("Total: 4 notes, 5 cards, 5 new rate events, 1 media file."), "\(imported.stdout)")
        let mine = try cards(vault, now: nil).filter { $0.note_path.hasPrefix("Anki/") }
        #expect(mine.count == 5 && mine.allSatisfy { $0.reviews == 1 })
        let table = try #require(mine.first { $0.question == "Which shapes have how many sides?" })
        #expect(table.answer.contains("| Triangle | 3 |"))
        let greeting = try #require(mine.first { $0.question == "How does one greet in French?" })
        #expect(vault.read(greeting.note_path).contains("Bonjour ![[bonjour.mp3]]"))
        #expect(
            FileManager.default.fileExists(atPath: vault.url.appendingPathComponent("Anki/Shapes/bonjour.mp3").path))
        #expect(mine.contains { $0.kind == "reverse" && $0.question == "deux\nlignes" && $0.answer == "two\nlines" })
        let typed = try #require(mine.first { $0.question == "Capital of Italy?" })
        #expect(typed.kind == "basic" && typed.answer == "Rome")
        #expect(vault.read(typed.note_path).contains("Capital of Italy? :: Rome\n"))
    }
}
