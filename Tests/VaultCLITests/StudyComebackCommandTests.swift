import Foundation
import Testing

/// Issue 36 end to end: long-overdue cards coming back, batches all day,
/// `--overdue`, `--weak`, `--cram` (listed and scripted), leeches,
/// `cards --leeches [--json]`, `--unsuspend`, and their counts in status, check and stats.
@Suite("vault study: overdue cards, batches, leeches, weak and cram")
struct StudyComebackCommandTests {
    /// 30 fsrs cards in `deck/facts.md` and one tiers card in `tiers/t.md`.
    func makeVault(study: String = "") throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-comeback-\(UUID().uuidString)")
        let sandbox = VaultSandbox(root: root)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        try sandbox.write(
            ".vault/config.yml",
            "version: 1\ntimezone: UTC\ndecks: [/]\nschedulers:\n  folders:\n    tiers/: tiers\n" + study)
        try sandbox.write(
            "deck/facts.md", "# Facts\n\n" + (1...30).map { "Fact \($0) :: answer \($0)\n" }.joined(separator: "\n"))
        try sandbox.write("tiers/t.md", "# T\n\nHard word :: meaning\n")
        return sandbox
    }

    func ids(_ vault: VaultSandbox, under folder: String) throws -> [String] {
        let cards = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]])
        return cards.filter { ($0["note_path"] as? String)?.hasPrefix(folder) == true }.compactMap {
            $0["id"] as? String
        }
    }

    /// Every fact card answered good twice on 1 October: in review, due in early October.
    func answerFacts(_ vault: VaultSandbox) throws -> [String] {
        let facts = try ids(vault, under: "deck/")
        for moment in ["2026-10-01T08:00:00Z", "2026-10-01T08:20:00Z"] {
            let rated = try vault.run(["study", "--now", moment] + facts.flatMap { ["--rate", "\($0)=good"] })
            #expect(rated.status == 0, "\(rated.stderr)")
        }
        return facts
    }

    @Test("after a break, 20 long-overdue cards come back a day; --overdue takes all 30; status says the rest wait")
    func overdueComeBack() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        _ = try answerFacts(vault)
        let listed = try vault.run(["study", "--list", "--limit", "50", "deck"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(
            listed.stdout.hasSuffix(
                "20 cards to study (20 due, 0 new); 0 of 30 answered today; 10 long-overdue cards wait their turn (vault study --overdue takes them now).\n"
            ), "\(listed.stdout)")
        #expect(!listed.stdout.contains(" overdue "), "they come back in their own group, not the overdue one")
        let status = try vault.run(["status"])
        #expect(
            status.stdout.contains(
                "21 flashcards to study today (20 due, 1 new); 10 long-overdue cards wait their turn (vault study --overdue takes them now)  vault study"
            ), "\(status.stdout)")
        let all = try vault.run(["study", "--list", "--overdue"])
        #expect(all.stdout.hasSuffix("30 cards to study (30 due, 0 new); 0 of 30 answered today.\n"), "\(all.stdout)")
        let json = try #require(try vault.json(["study", "--list", "--json", "--limit", "50"]) as? [String: Any])
        #expect((json["set_aside"] as? [Any])?.count == 10)
        // A config share of 5 a day.
        try vault.write(
            ".vault/config.yml",
            try vault.read(".vault/config.yml") + "study:\n  overdue_per_day: 5\n")
        let five = try vault.run(["study", "--list", "deck"])
        #expect(
            five.stdout.hasSuffix(
                "5 cards to study (5 due, 0 new); 0 of 30 answered today; 25 long-overdue cards wait their turn (vault study --overdue takes them now).\n"
            ), "\(five.stdout)")
    }

    @Test("--limit is a batch after earlier answers; the daily limit caps the day and says it is reached")
    func batches() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let facts = try ids(vault, under: "deck/")
        let first = try vault.run(["study", "--rate", "\(facts[0])=good", "--rate", "\(facts[1])=good"])
        #expect(first.status == 0, "\(first.stderr)")
        let batch = try vault.run(["study", "--list", "--limit", "2"])
        #expect(
            batch.stdout.hasSuffix(
                "2 cards to study (0 due, 2 new); 2 of 30 answered today; 29 more after this batch.\n"),
            "\(batch.stdout)")
        let rest = try vault.run(["study"] + facts[2..<30].flatMap { ["--rate", "\($0)=easy"] })
        #expect(rest.status == 0, "\(rest.stderr)")
        let done = try vault.run(["study", "--list", "--limit", "2"])
        #expect(
            done.stdout
                == "0 cards to study (0 due, 0 new); 30 of 30 answered today; the daily limit of 30 is reached (3 more wait for tomorrow).\n",
            "\(done.stdout)")
    }

    @Test("a leech after leech_lapses lapses: listed with lapses and accuracy, counted, suspended, unsuspended")
    func leeches() throws {
        let vault = try makeVault(study: "study:\n  leech_lapses: 2\n  leech_action: suspend\n")
        defer { vault.cleanUp() }
        let word = try #require(try ids(vault, under: "tiers/").first)
        for step in [
            ["--rate", "\(word)=correct", "--tier", "\(word)=reviewing"],
            ["--rate", "\(word)=wrong", "--tier", "\(word)=reviewing"], ["--rate", "\(word)=wrong"],
        ] {
            let ran = try vault.run(["study"] + step)
            #expect(ran.status == 0, "\(ran.stderr)")
        }
        let listed = try vault.run(["cards", "--leeches"])
        #expect(
            listed.stdout.contains(word) && listed.stdout.contains("tiers/t.md:3") && listed.stdout.contains("33%")
                && listed.stdout.contains("suspended"), "\(listed.stdout)")
        #expect(
            listed.stdout.hasSuffix("1 leech (cards failed 2 times or more after reaching review), 1 suspended.\n"),
            "\(listed.stdout)")
        let json = try #require(try vault.json(["cards", "--leeches", "--json"]) as? [[String: Any]])
        #expect(json.count == 1)
        #expect(json.first?["lapses"] as? Int == 2)
        #expect(json.first?["suspended"] as? Bool == true)
        #expect((json.first?["accuracy"] as? Double).map { abs($0 - 1.0 / 3) < 0.01 } == true)
        let status = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect(status["leech_flashcards"] as? Int == 1)
        #expect(try vault.run(["status"]).stdout.contains("; 1 leech (vault cards --leeches)"))
        #expect(
            try vault.run(["check"]).stdout.contains(
                "1 leech: failed 2 times or more after reaching review (vault cards --leeches)."))
        #expect(
            !(try vault.run(["study", "--list", "--weak", "--limit", "50"]).stdout.contains(word)),
            "suspended: out of study")
        #expect(!(try vault.run(["study", "--list", "--cram", "tiers"]).stdout.contains(word)), "not even crammed")
        let refused = try vault.run(["cards", "--unsuspend", try ids(vault, under: "deck/")[0]])
        #expect(refused.status == 1 && refused.stderr.contains("is not suspended"), "\(refused.stderr)")
        let back = try vault.run(["cards", "--unsuspend", word])
        #expect(back.stdout == "\(word): back in study (tiers/t.md:3).\n", "\(back.stdout) \(back.stderr)")
        #expect(vault.ledgerText().contains("unsuspend"))
        #expect(try vault.run(["study", "--list", "--weak", "--limit", "50"]).stdout.contains(word))
    }

    @Test(
        "--weak lists answered cards weakest first; --cram every card hardest first; cram answers leave schedules alone"
    )
    func weakAndCram() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let facts = try answerFacts(vault)
        let failed = try vault.run(["study", "--now", "2026-10-20T08:00:00Z", "--rate", "\(facts[4])=again"])
        #expect(failed.status == 0, "\(failed.stderr)")
        let weak = try vault.run(["study", "--list", "--weak", "deck", "--limit", "3"])
        let weakLines = weak.stdout.split(separator: "\n")
        #expect(weakLines.first?.contains(facts[4]) == true, "the lapsed card first: \(weak.stdout)")
        #expect(
            weak.stdout.hasSuffix(
                "3 cards to study, weakest first; 0 of 30 answered today; 27 more after this batch.\n"),
            "\(weak.stdout)")
        let cram = try vault.run(["study", "--list", "--cram", "--limit", "2"])
        #expect(
            cram.stdout.hasSuffix(
                "2 cards to cram, hardest first (answers change no schedule); 29 more after this batch.\n"),
            "\(cram.stdout)")
        #expect(cram.stdout.split(separator: "\n").first?.contains("tiers/t.md:3") == true, "never answered: first")
        let before = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]])
        let crammed = try vault.run(["study", "--cram", "--rate", "\(facts[0])=again"])
        #expect(
            crammed.stdout == "\(facts[0]) again: crammed (the schedule is unchanged)\n",
            "\(crammed.stdout) \(crammed.stderr)")
        #expect(vault.ledgerText().contains("\tcram\t") || vault.ledgerText().contains(" cram "), "a cram event")
        let after = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]])
        #expect(NSArray(array: before).isEqual(to: after), "no schedule changed")
        let stats = try #require(try vault.json(["stats", "--json"]) as? [String: Any])
        #expect((stats["cards"] as? [String: Any])?["cramming"] as? Int == 1)
        #expect(try vault.run(["stats"]).stdout.contains("cramming: 1 answers in 30 days (no schedule changed)"))
        let both = try vault.run(["study", "--weak", "--cram", "--list"])
        #expect(both.status == 64)
    }
}
