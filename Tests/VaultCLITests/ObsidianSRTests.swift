import Foundation
import Testing

/// A vault kept with Obsidian's Spaced Repetition plugin, end to end: adopted untouched with
/// every card and stored schedule, studied on, written back, and shared with a second clone
/// where the plugin goes on (Tests/VaultCLITests/Fixtures/obsidian-sr).
@Suite("Obsidian Spaced Repetition vaults, end to end", .serialized)
struct ObsidianSRTests {
    static func cards(_ vault: VaultSandbox) throws -> [[String: Any]] {
        let result = try vault.run(["cards", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    static func card(_ cards: [[String: Any]], question: String) -> [String: Any]? {
        cards.first { $0["question"] as? String == question }
    }

    /// Every file of the vault but `.vault/` and `.git/`, with its bytes.
    static func files(_ root: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let url as URL in walk {
            let path = String(url.path.dropFirst(root.path.count + 1))
            guard !path.hasPrefix(".vault/"), !path.hasPrefix(".git/"), let data = try? Data(contentsOf: url) else {
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                found[path] = data
            }
        }
        return found
    }

    @Test("init adopts the vault: says what it found, changes no note, keeps every stored schedule")
    func adopt() throws {
        let vault = try VaultSandbox(fixture: "obsidian-sr")
        defer { vault.cleanUp() }
        let before = Self.files(vault.root)
        let initialized = try vault.run(["init", "--timezone", "UTC"])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(initialized.stdout.contains("Found the Spaced Repetition plugin 1.15.4"))
        #expect(
            initialized.stdout.contains(
                "4 notes in #flashcards, #quiz decks, 21 cards, 11 with a stored schedule kept, 10 new; 1 note review (#review), 1 scheduled; of 7 notes none was changed."
            ))
        let after = Self.files(vault.root)
        for (path, data) in before { #expect(after[path] == data, "\(path) changed") }
        let config = try String(contentsOf: vault.root.appendingPathComponent(".vault/config.yml"), encoding: .utf8)
        #expect(config.contains("obsidian_sr:\n  plugin_version: \"1.15.4\"\n  flashcard_tags: [\"#flashcards\", \"#quiz\"]"))
        #expect(config.contains("schedulers:\n  default: osr\n  osr:\n    base_ease: 250"))

        let cards = try Self.cards(vault)
        #expect(cards.count == 22)
        let essay = try #require(Self.card(cards, question: "Essay on memory"))
        #expect(essay["kind"] as? String == "note")
        #expect(essay["due"] as? String == "2026-11-16T00:00:00Z")
        #expect(essay["interval"] as? Int == 4)
        #expect(essay["deck"] as? String == "review")
        let oldest = try #require(Self.card(cards, question: "The smallest unit of life?"))
        #expect(oldest["scheduler"] as? String == "osr")
        #expect(oldest["due"] as? String == "2026-11-15T00:00:00Z")
        #expect(oldest["interval"] as? Int == 10)
        #expect(oldest["ease_factor"] as? Double == 2.5)
        #expect(oldest["is_new"] as? Bool == false)
        #expect(oldest["deck"] as? String == "flashcards/biology")
        #expect(oldest["last_review"] as? String == "2026-11-05T00:00:00Z")
        let reverse = try #require(Self.card(cards, question: "holds the DNA"))
        #expect(reverse["is_new"] as? Bool == true)
        let acid = try #require(Self.card(cards, question: "pH of pure water"))
        #expect(acid["deck"] as? String == "flashcards/chemistry/acids")
        #expect(acid["interval"] as? Int == 12)
        #expect(Self.card(cards, question: "Catalyst")?["answer"] as? String == "speeds up a reaction without being used up")
        let fsrs = try #require(Self.card(cards, question: "Speed of light in vacuum"))
        #expect(fsrs["due"] as? String == "2026-11-20T10:00:00Z")
        #expect(fsrs["ease_factor"] as? Double == 2.58)
        #expect(!cards.contains { ($0["note_path"] as? String)?.hasPrefix("Private/") == true })
        #expect(!cards.contains { ($0["note_path"] as? String)?.hasPrefix("Inbox/") == true })

        let queue = try vault.run(["study", "--list"])
        #expect(queue.status == 0)
        #expect(queue.stdout.contains("overdue    916ccd68fc0d  Biology/Cells.md:7         2026-11-15  The smallest unit of life?"))
        #expect(queue.stdout.contains("overdue    227b92bb6e58  Reviews/Essay.md:1         2026-11-16  Essay on memory"))
        #expect(queue.stdout.contains("13 cards to study (6 due, 7 new)"))
    }

    @Test("answers follow the plugin's algorithm; with write_back they rewrite only the question's comment")
    func studyAndWriteBack() throws {
        let vault = try VaultSandbox(fixture: "obsidian-sr")
        defer { vault.cleanUp() }
        #expect(try vault.run(["init", "--timezone", "UTC"]).status == 0)
        let cells = vault.root.appendingPathComponent("Biology/Cells.md")
        let original = try String(contentsOf: cells, encoding: .utf8)
        let good = try vault.run(["study", "--rate", "916ccd=good"])
        #expect(good.stdout == "916ccd68fc0d good: osr review, due in 3 weeks (2026-12-13T00:00:00Z)\n")
        #expect(try String(contentsOf: cells, encoding: .utf8) == original)

        let configURL = vault.root.appendingPathComponent(".vault/config.yml")
        let config = try String(contentsOf: configURL, encoding: .utf8)
        try config.replacingOccurrences(of: "  write_back: false", with: "  write_back: true")
            .write(to: configURL, atomically: true, encoding: .utf8)
        let easy = try vault.run(["study", "--rate", "dd75a2=easy", "--rate", "43356b=hard"])
        #expect(easy.status == 0, "\(easy.stderr)")
        #expect(easy.stderr == "")
        let expected = original.replacingOccurrences(
            of: "Organelle that makes proteins::ribosome\n",
            with: "Organelle that makes proteins::ribosome\n<!--SR:!2026-11-22,4,270-->\n"
        ).replacingOccurrences(of: "!2026-11-10,3,210", with: "!2026-11-20,2,190")
        #expect(try String(contentsOf: cells, encoding: .utf8) == expected)
        // A note review: the days it is overdue count (due 11-16, answered 11-18: (4 + 2/2) × 2.5 = 12.5 → 13).
        let essay = vault.root.appendingPathComponent("Reviews/Essay.md")
        let review = try #require(Self.card(try Self.cards(vault), question: "Essay on memory")?["id"] as? String)
        #expect(try vault.run(["study", "--rate", "\(review)=good"]).status == 0)
        #expect(
            try String(contentsOf: essay, encoding: .utf8)
                == "---\ntags: [review]\nsr-due: 2026-12-01\nsr-interval: 13\nsr-ease: 250\n---\n# Essay on memory\n\nA note reviewed as a whole.\n")
        // The comments now hold what the ledger says: both agree.
        let cards = try Self.cards(vault)
        #expect(Self.card(cards, question: "Organelle that makes proteins")?["due"] as? String == "2026-11-22T00:00:00Z")
        #expect(Self.card(cards, question: "The cell membrane encloses the […].")?["interval"] as? Int == 2)
    }

    @Test("two machines and the plugin on one vault: a comment the plugin writes later wins, the same on both")
    func twoMachinesAndThePlugin() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vault-osr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        var laptop = try VaultSandbox(fixture: "obsidian-sr")
        try FileManager.default.moveItem(at: laptop.root, to: base.appendingPathComponent("laptop"))
        laptop = VaultSandbox(root: base.appendingPathComponent("laptop"))
        #expect(try laptop.run(["init", "--timezone", "UTC"]).status == 0)
        let configURL = laptop.root.appendingPathComponent(".vault/config.yml")
        try String(contentsOf: configURL, encoding: .utf8).replacingOccurrences(
            of: "  write_back: false", with: "  write_back: true"
        ).write(to: configURL, atomically: true, encoding: .utf8)
        try laptop.sh("git init -q --bare -b main ../remote.git")
        try laptop.sh("git init -q -b main && git add -A && git commit -qm adopted && git remote add origin ../remote.git && git push -q -u origin main")
        try laptop.sh("git clone -q remote.git phone", in: base)
        var phone = VaultSandbox(root: base.appendingPathComponent("phone"))

        // Three cards studied on the laptop, written back into the notes, synced.
        laptop.now = "2026-11-18T09:00:00Z"
        let studied = try laptop.run(["study", "--rate", "916ccd=good", "--rate", "e6e950=hard", "--rate", "dbf5ee=good"])
        #expect(studied.status == 0, "\(studied.stderr)")
        #expect(try laptop.run(["sync"]).status == 0)
        phone.now = "2026-11-18T10:00:00Z"
        #expect(try phone.run(["sync"]).status == 0)
        #expect(try Self.cards(phone).map(NSDictionary.init) == (try Self.cards(laptop)).map(NSDictionary.init))

        // On the phone, Obsidian's plugin reviews "Was ist ein Wert?" on 2026-11-20 (Good: its interval
        // 1 × 1.9 = 1.9 → 2 days) and writes its comment; the phone's git brings it to the laptop.
        let deutsch = phone.root.appendingPathComponent("Languages/Deutsch.md")
        let text = try String(contentsOf: deutsch, encoding: .utf8)
        let written = try #require(text.range(of: "<!--SR:!2026-11-19,1,190-->"), "laptop wrote: \(text)")
        try text.replacingCharacters(in: written, with: "<!--SR:!2026-11-22,2,190-->")
            .write(to: deutsch, atomically: true, encoding: .utf8)
        try phone.sh("git commit -qam 'Obsidian: reviewed on mobile' && git push -q")
        laptop.now = "2026-11-21T08:00:00Z"
        phone.now = "2026-11-21T08:00:00Z"
        #expect(try laptop.run(["sync"]).status == 0)
        let onLaptop = try Self.cards(laptop)
        let onPhone = try Self.cards(phone)
        #expect(onLaptop.map(NSDictionary.init) == onPhone.map(NSDictionary.init))
        let wert = try #require(Self.card(onLaptop, question: "Was ist ein Wert?"))
        #expect(wert["due"] as? String == "2026-11-22T00:00:00Z")
        #expect(wert["interval"] as? Int == 2)
        #expect(wert["reviews"] as? Int == 1)
        // The laptop's own answers stand where the plugin wrote nothing newer.
        #expect(Self.card(onLaptop, question: "The smallest unit of life?")?["due"] as? String == "2026-12-13T00:00:00Z")
    }

    @Test("a data.json that is not JSON: vault init says so once, naming the file, and takes nothing")
    func pluginDataNotJSON() throws {
        let vault = try VaultSandbox(fixture: "obsidian-sr")
        defer { vault.cleanUp() }
        let data = vault.root.appendingPathComponent(".obsidian/plugins/obsidian-spaced-repetition/data.json")
        try Data(##"{"settings": {"flashcardTags": ["#flashcards"],"##.utf8).write(to: data)
        let initialized = try vault.run(["init", "--timezone", "UTC"])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(
            initialized.stderr.contains(
                ".obsidian/plugins/obsidian-spaced-repetition/data.json: it is not JSON ("), "\(initialized.stderr)")
        #expect(initialized.stderr.contains("the plugin's settings are not taken. Fix the file and run `vault check --fix`"))
        #expect(initialized.stderr.components(separatedBy: "not taken").count == 2, "said once: \(initialized.stderr)")
        #expect(initialized.stdout.contains("Found 7 existing notes; none was changed."), "\(initialized.stdout)")
        let config = try String(contentsOf: vault.root.appendingPathComponent(".vault/config.yml"), encoding: .utf8)
        #expect(!config.contains("obsidian_sr:"))
    }

    @Test("a data.json that appears later: vault check says so, --fix takes its settings")
    func pluginLater() throws {
        let vault = try VaultSandbox(fixture: "obsidian-sr")
        defer { vault.cleanUp() }
        let plugin = vault.root.appendingPathComponent(".obsidian")
        let aside = vault.root.deletingLastPathComponent().appendingPathComponent("obsidian-\(UUID().uuidString)")
        try FileManager.default.moveItem(at: plugin, to: aside)
        #expect(try vault.run(["init", "--timezone", "UTC"]).status == 0)
        // Without the plugin's settings the notes tagged #flashcards are read in vault's own syntax:
        // `a::b` with no spaces is no card there, and no stored schedule is read.
        let before = try Self.cards(vault)
        #expect(before.count < 21)
        #expect(!before.contains { $0["scheduler"] as? String == "osr" })
        try FileManager.default.moveItem(at: aside, to: plugin)
        let check = try vault.run(["check"])
        #expect(
            check.stdout.contains(
                ".obsidian/plugins/obsidian-spaced-repetition/data.json: warning: the Spaced Repetition plugin keeps this vault's flashcards, but .vault/config.yml has no obsidian_sr: section"
            ), "\(check.stdout)")
        let fixed = try vault.run(["check", "--fix"])
        #expect(fixed.stdout.contains("Took the Spaced Repetition plugin's settings"), "\(fixed.stdout)\(fixed.stderr)")
        #expect(!fixed.stdout.contains("obsidian-sr-settings"))
        let config = try String(contentsOf: vault.root.appendingPathComponent(".vault/config.yml"), encoding: .utf8)
        #expect(config.contains("obsidian_sr:\n"))
        #expect(config.contains("default: osr"))
        #expect(try Self.cards(vault).count == 22)
        #expect(!(try vault.run(["check"])).stdout.contains("Spaced Repetition"))
    }

    @Test("vault import obsidian-sr writes a data.json store's schedules into the notes, once")
    func importDataStore() throws {
        let vault = try VaultSandbox(fixture: "obsidian-sr")
        defer { vault.cleanUp() }
        #expect(try vault.run(["init", "--timezone", "UTC"]).status == 0)
        let note = vault.root.appendingPathComponent("Store.md")
        try "#flashcards/store\n\nStored::elsewhere\n^sr-data-id-q1\n".write(to: note, atomically: true, encoding: .utf8)
        let dataURL = vault.root.appendingPathComponent(".obsidian/plugins/obsidian-spaced-repetition/data.json")
        var data = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dataURL)) as? [String: Any])
        data["scheduleData"] = [
            "version": 1, "noteSchedules": [:] as [String: Any],
            "cardSchedules": [
                "q1": [["algorithm": "SM-2-OSR", "scheduleData": ["dueDate": "2026-11-25", "interval": 7, "ease": 250]]],
                "gone": [["algorithm": "SM-2-OSR", "scheduleData": ["dueDate": "2026-11-26", "interval": 3, "ease": 250]]],
            ],
        ]
        try JSONSerialization.data(withJSONObject: data).write(to: dataURL)
        let dry = try vault.run(["import", "obsidian-sr", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout == "Would write 1 schedule comment (1 card schedule) into 1 note; nothing written.\n  Store.md\n")
        #expect(dry.stderr.contains("1 schedule in .obsidian/plugins/obsidian-spaced-repetition/data.json names no question of the notes (gone)"))
        #expect(try String(contentsOf: note, encoding: .utf8) == "#flashcards/store\n\nStored::elsewhere\n^sr-data-id-q1\n")
        let done = try vault.run(["import", "obsidian-sr"])
        #expect(done.stdout.hasPrefix("Wrote 1 schedule comment (1 card schedule) into 1 note.\n"))
        #expect(
            try String(contentsOf: note, encoding: .utf8)
                == "#flashcards/store\n\nStored::elsewhere\n<!--SR:!2026-11-25,7,250-->\n^sr-data-id-q1\n")
        let stored = try #require(Self.card(try Self.cards(vault), question: "Stored"))
        #expect(stored["due"] as? String == "2026-11-25T00:00:00Z")
        #expect(stored["answer"] as? String == "elsewhere")
        let again = try vault.run(["import", "obsidian-sr"])
        #expect(again.stdout.contains("Wrote 0 schedule comments (0 card schedules) into 0 notes."))
        #expect(again.stdout.contains("1 question already had a comment in its note; the note's was kept."))
    }

    @Test("a schedule group vault cannot read is a warning of vault check, with its line")
    func unreadableGroup() throws {
        let vault = try VaultSandbox(fixture: "obsidian-sr")
        defer { vault.cleanUp() }
        #expect(try vault.run(["init", "--timezone", "UTC"]).status == 0)
        try "#flashcards\n\nBad::group <!--SR:!someday,3,250-->\n".write(
            to: vault.root.appendingPathComponent("Bad.md"), atomically: true, encoding: .utf8)
        let check = try vault.run(["check"])
        #expect(
            check.stdout.contains(
                "Bad.md:3: warning: the schedule group 'someday,3,250': its date 'someday' is not a date; the card counts as new until the comment is fixed or the card is answered."
            ), "\(check.stdout)")
        #expect(Self.card(try Self.cards(vault), question: "Bad")?["is_new"] as? Bool == true)
    }

    @Test("with write_back, an answer taken back on the study screen puts its comment back as it was")
    func undoPutsTheCommentBack() throws {
        let vault = try VaultSandbox(fixture: "obsidian-sr")
        defer { vault.cleanUp() }
        #expect(try vault.run(["init", "--timezone", "UTC"]).status == 0)
        let configURL = vault.root.appendingPathComponent(".vault/config.yml")
        try String(contentsOf: configURL, encoding: .utf8)
            .replacingOccurrences(of: "  write_back: false", with: "  write_back: true")
            .write(to: configURL, atomically: true, encoding: .utf8)
        let before = Self.files(vault.root)
        let session = TmuxSession(vault: vault)
        defer { session.stop() }
        try session.start("study")
        // A card with a comment of its own, a note review (front matter), one whose sibling is
        // new, and a new card without a comment: each answered, then all four taken back.
        for card in 1...4 {
            try session.waitFor("Card \(card) of")
            try session.keys("Space")
            try session.waitFor("3 good")
            try session.keys("3")
        }
        try session.waitFor("Card 5 of")
        #expect(Self.files(vault.root) != before, "the answers were written back")
        for card in (1...4).reversed() {
            try session.keys("u")
            try session.waitFor("Card \(card) of")
        }
        #expect(try session.screen().contains("Took back the last answer"))
        try session.keys("q")
        try session.waitFor("EXIT=0")
        let after = Self.files(vault.root)
        for (path, data) in before where after[path] != data {
            Issue.record("\(path) differs:\n\(String(decoding: after[path] ?? Data(), as: UTF8.self))")
        }
        #expect(after.keys.sorted() == before.keys.sorted())
    }
}
