import Foundation
import Testing

/// `vault cards` end to end: the built binary on a temporary vault.
@Suite("vault cards")
struct CardsCommandTests {
    func run(_ arguments: [String], in vault: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = VaultRunner(directory: vault, environment: ["VAULT_NOW": "2026-11-18T09:00:00Z"]).run(arguments)
        return (result.status, result.stdout, result.stderr)
    }

    func makeVault() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-cards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("languages"), withIntermediateDirectories: true)
        try "version: 1\ntimezone: UTC\ndecks: [/]\nschedulers:\n  folders:\n    languages/: sm2\n".write(
            to: root.appendingPathComponent(".vault/config.yml"), atomically: true, encoding: .utf8)
        try "---\nid: n-geo\n---\n# Geo\n\nCapital of France :: Paris\n\n```\nnot :: a card\n```\n".write(
            to: root.appendingPathComponent("geo.md"), atomically: true, encoding: .utf8)
        try "Guten Tag\n?\nGood day\n".write(
            to: root.appendingPathComponent("languages/de.md"), atomically: true, encoding: .utf8)
        return root
    }

    @Test("lists each card with its note, line and the scheduler of its folder")
    func table() throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let result = try run(["cards"], in: vault)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].contains("geo.md:6") && lines[1].contains("fsrs") && lines[1].hasSuffix("Capital of France"))
        #expect(lines[2].contains("languages/de.md:1") && lines[2].contains("sm2") && lines[2].hasSuffix("Guten Tag"))
        #expect(lines[3] == "2 cards.")
    }

    @Test("--json prints one object per card with its id, kind and state")
    func json() throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let result = try run(["cards", "--due", "--json"], in: vault)
        #expect(result.status == 0)
        let objects = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(objects?.count == 2)
        #expect(objects?.first?["note"] as? String == "n-geo")
        #expect(objects?.first?["state"] as? String == "new")
        #expect((objects?.first?["id"] as? String)?.count == 12)
        #expect(objects?.last?["scheduler"] as? String == "sm2")
        #expect(objects?.last?["answer"] as? String == "Good day")
    }

    @Test("study --list shows the queue in reading order with the daily limit, and study without --list refuses")
    func studyList() throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let result = try run(["study", "--list", "--exam"], in: vault)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("1  learning") && lines[0].hasSuffix("geo.md:6           new  Capital of France"))
        #expect(lines[1].hasSuffix("languages/de.md:1  new  Guten Tag"))
        #expect(lines[2] == "2 cards to study (0 due, 2 new); 0 of 50 answered today.")
        let refused = try run(["study"], in: vault)
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr.hasPrefix("error: the interactive study screen needs a terminal"))
        #expect(refused.stderr.contains("`vault study --list`"))
    }

    @Test("study --rate records the rating in the ledger and the card's schedule moves on")
    func studyRate() throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let listed = try run(["cards", "--json"], in: vault)
        let objects = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        let id = try #require(objects?.first?["id"] as? String)
        #expect(objects?.first?["state"] as? String == "new")
        let rated = try run(["study", "--rate", "\(id)=good"], in: vault)
        #expect(rated.status == 0, "\(rated.stderr)")
        let ledger = try FileManager.default.contentsOfDirectory(
            atPath: vault.appendingPathComponent(".vault/ledger").path)
        #expect(ledger.count == 1)
        let text = try String(
            contentsOf: vault.appendingPathComponent(".vault/ledger").appendingPathComponent(ledger[0]), encoding: .utf8
        )
        #expect(text.contains("\trate\t"))
        #expect(text.contains("card=\(id)"))
        let after = try run(["cards", "--json"], in: vault)
        let card = (try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])?
            .first { $0["id"] as? String == id }
        #expect(card?["state"] as? String == "learning")
        let unknown = try run(["study", "--rate", "zzzz=good"], in: vault)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: no card has the id 'zzzz'"))
    }

    @Test("a rating event that cannot be read is reported by vault check at its ledger file and line")
    func unreadableRatingPlaced() throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let objects = try JSONSerialization.jsonObject(with: Data(try run(["cards", "--json"], in: vault).stdout.utf8))
        let id = try #require((objects as? [[String: Any]])?.first?["id"] as? String)
        #expect(try run(["study", "--rate", "\(id)=good"], in: vault).status == 0)
        let folder = vault.appendingPathComponent(".vault/ledger")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let file = folder.appendingPathComponent(name)
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("\trate\t") }) + 1
        try text.replacingOccurrences(of: "rating=good", with: "rating=9").write(to: file, atomically: true, encoding: .utf8)
        let check = try run(["check"], in: vault)
        #expect(check.stdout.contains(".vault/ledger/\(name):\(line): error: the rating event "), "\(check.stdout)")
    }

    @Test("status counts the cards due today and the streak of days with ratings")
    func statusFlashcardsAndStreak() throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(at: vault) }
        let listed = try JSONSerialization.jsonObject(with: Data(try run(["cards", "--json"], in: vault).stdout.utf8))
        let ids = try #require((listed as? [[String: Any]])?.compactMap { $0["id"] as? String })
        #expect(ids.count == 2)
        // Both cards answered on the 16th and 17th: the sm2 card (q4) comes back after 1 day, then 6.
        for moment in ["2026-11-16T08:00:00Z", "2026-11-17T08:00:00Z"] {
            let rated = try run(
                ["study", "--now", moment, "--rate", "\(ids[0])=good", "--rate", "\(ids[1])=q4"], in: vault)
            #expect(rated.status == 0, "\(rated.stderr)")
        }
        let status = try run(["status", "--json"], in: vault)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(json["streak"] as? Int == 2)
        #expect(json["best_streak"] as? Int == 2)
        #expect(json["new_flashcards"] as? Int == 0)
        #expect(json["set_aside_flashcards"] as? Int == 0)
        // The fsrs card rated good twice is due on the 24th, the sm2 card (q4, q4: 1 then 6 days) on the 23rd.
        #expect(json["due_flashcards"] as? Int == 0)
        // On the 27th the fsrs card is 3 days late (still due), the sm2 card 4 (set aside: out of the
        // overdue group, and back today as one of the day's 20).
        let later = try run(["status", "--now", "2026-11-27T09:00:00Z"], in: vault)
        #expect(later.stdout.contains("2 flashcards to study today (2 due, 0 new)  "), "\(later.stdout)")
        let queued = try run(["study", "--now", "2026-11-27T09:00:00Z", "--list"], in: vault)
        #expect(queued.stdout.contains("2 cards to study (2 due, 0 new); 0 of 30 answered today."), "\(queued.stdout)")
        #expect(later.stdout.contains("Streak: 0 days (best 2)"))
    }
}
