import Foundation
import Testing

/// Issue 49 at the command line: study presets and days, learning cards
/// back the same day, the status's study time and tip, the card tree, the
/// session report's average, review records and the stats' reminders.
@Suite("Study days, status lines and the rest, end to end")
struct StudyDaysAndStatusTests {
    func setting(_ vault: VaultSandbox, _ yaml: String) throws {
        try vault.write(".vault/config.yml", try vault.read(".vault/config.yml") + yaml)
    }

    @Test(
        "limits_by_day: the day's own limit is daily_limit in --list --json; a day off queues nothing and reminds of no card"
    )
    func daysOff() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        try setting(vault, "study:\n  preset: intensive\n  limits_by_day:\n    wednesday: 0\n    thursday: 3\n")
        let wednesday = try #require(try vault.json(["study", "--list", "--json"]) as? [String: Any])
        #expect(wednesday["daily_limit"] as? Int == 0 && (wednesday["cards"] as? [Any])?.isEmpty == true)
        #expect((wednesday["deferred"] as? Int ?? 0) > 0)
        let list = try vault.run(["study", "--list"])
        #expect(list.stdout.contains("today is a day off from study (study.limits_by_day)"), "\(list.stdout)")
        let status = try vault.run(["status"])
        #expect(status.stdout.contains("; today is a day off from study (study.limits_by_day)  vault study"))
        let remind = try vault.run(["remind", "--dry-run", "--force"])
        #expect(remind.stdout.contains("today is a day off from study · "), "\(remind.stdout)")
        #expect(!remind.stdout.contains("cards now?"), "no card offered")
        let thursday = try #require(
            try vault.json(["study", "--list", "--json", "--now", "2026-11-19T09:00:00Z"]) as? [String: Any])
        #expect(thursday["daily_limit"] as? Int == 3)
        let friday = try #require(
            try vault.json(["study", "--list", "--json", "--now", "2026-11-20T09:00:00Z"]) as? [String: Any])
        #expect(friday["daily_limit"] as? Int == 50, "no limit of its own: the intensive preset's")
        #expect(
            (try vault.json(["study", "--list", "--json", "--exam"]) as? [String: Any])?["daily_limit"] as? Int == 50)
        try vault.write(
            ".vault/config.yml",
            try vault.read(".vault/config.yml").replacingOccurrences(of: "wednesday: 0", with: "someday: 0"))
        let bad = try vault.run(["status"])
        #expect(bad.status == 1 && bad.stderr.contains("'study.limits_by_day' names 'someday', which is not a weekday"))
    }

    @Test("a tiers learning card answered today comes back after 10 minutes while the folder holds few learning cards")
    func learningAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-learning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let vault = VaultSandbox(root: root)
        defer { vault.cleanUp() }
        #expect(try vault.run(["init", "--timezone", "UTC"]).status == 0)
        try setting(vault, "schedulers:\n  default: tiers\n")
        try vault.write("deck/words.md", "---\ncreated: 2026-11-01\n---\n# Words\n\nUno :: one\n\nDos :: two\n")
        let cards = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]]).compactMap {
            $0["id"] as? String
        }
        try #require(cards.count == 2)
        #expect(try vault.run(["study", "--rate", "\(cards[0])=correct", "--now", "2026-11-18T09:00:00Z"]).status == 0)
        func queued(_ now: String) throws -> [String] {
            let listed = try #require(try vault.json(["study", "--list", "--json", "--now", now]) as? [String: Any])
            return (listed["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        #expect(try queued("2026-11-18T09:05:00Z") == [cards[1]], "five minutes on: not yet")
        #expect(try Set(queued("2026-11-18T09:15:00Z")) == Set(cards), "ten minutes on: back today")
        let status = try #require(
            try vault.json(["status", "--json", "--now", "2026-11-18T09:15:00Z"]) as? [String: Any])
        #expect(status["due_flashcards"] as? Int == 1, "the status counts it as study does")
    }

    @Test("status shows the study time, the latest sessions and the tip; --json has them")
    func statusLines() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        let text = try vault.run(["status"]).stdout
        #expect(
            text.contains(
                "\nStudy time: 14h 55m in all; latest: Spanish 35m yesterday, Statistics 50m 2 days ago, Spanish 30m 4 days ago\nTip: "
            ))
        let json = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect(json["study_minutes_total"] as? Int == 895)
        let latest = try #require(json["latest_sessions"] as? [[String: Any]])
        #expect(latest.map { $0["subject"] as? String } == ["Spanish", "Statistics", "Spanish"])
        #expect(latest.first?["start"] as? String == "2026-11-17T07:30:00+01:00")
        let tip = try #require(json["tip"] as? String)
        #expect(text.contains("Tip: \(tip)\n"))
        #expect(json["study_day_off"] as? Bool == false)
    }

    @Test("cards --tree counts per folder as --json and --due count them")
    func cardTree() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        let tree = try #require(try vault.json(["cards", "--tree", "--json"]) as? [[String: Any]])
        let all = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]])
        let due = try #require(try vault.json(["cards", "--due", "--json"]) as? [[String: Any]])
        #expect(tree.first?["folder"] as? String == "/" && tree.first?["cards"] as? Int == all.count)
        #expect(tree.first?["due"] as? Int == due.count)
        #expect(tree.first?["new"] as? Int == all.filter { $0["is_new"] as? Bool == true }.count)
        for row in tree.dropFirst() {
            let folder = try #require(row["folder"] as? String)
            #expect(
                row["cards"] as? Int == all.filter { ($0["note_path"] as? String ?? "").hasPrefix(folder) }.count,
                "\(folder)")
        }
        let text = try vault.run(["cards", "--tree"]).stdout
        #expect(
            text.hasPrefix("FOLDER") && text.contains("\n/ ") && text.contains("\n  2026/ ")
                && text.contains("\n    11/ "))
    }

    @Test("the session report's average per subject; a review's record; the stats' reminders and insights")
    func records() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        let report = try #require(try vault.json(["session", "report", "--all", "--json"]) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        for row in rows {
            let (minutes, sessions) = (row["minutes"] as? Int ?? 0, row["sessions"] as? Int ?? 1)
            #expect(row["average_minutes"] as? Int == Int((Double(minutes) / Double(sessions)).rounded()))
        }
        #expect(
            try vault.run(["session", "report", "--all"]).stdout.contains("SUBJECT     SESSIONS  TIME     AVERAGE"))
        let listing = try #require(
            try vault.json(["review", "weekly", "2026-W46", "--list", "--json"]) as? [String: Any])
        let period = try #require(listing["period"] as? [String: Any])
        let decisions = (listing["notes"] as? [[String: Any]] ?? []).compactMap { $0["decision"] as? String }
        #expect(period["kept"] as? Int == decisions.filter { $0 == "keep" }.count)
        #expect(period["archived"] as? Int == decisions.filter { $0 == "archive" }.count)
        #expect(period["started"] is String && period["completed"] is NSNull)
        let monthly = try #require(
            try vault.json(["review", "monthly", "2026-10", "--list", "--json"]) as? [String: Any])
        #expect(
            (monthly["period"] as? [String: Any])?["completed"] is String,
            "9 of 9 decided: completed at the last decision")
        // Reminders answered: one studied, one skipped, one ignored (raised two days ago), one waiting.
        try vault.write(
            ".vault/local/reminders",
            "2026-11-18T08:00:00Z\t2\t-\t-\tvault: 2 cards now?\n2026-11-17T08:00:00Z\t2\tstudy\t-\tvault: 2 cards now?\n2026-11-17T09:00:00Z\t1\tskip\t-\tvault: 1 card now?\n2026-11-16T08:00:00Z\t1\t-\t-\tvault: 1 card now?\n"
        )
        let stats = try #require(try vault.json(["stats", "--json"]) as? [String: Any])
        let reminders = try #require(stats["reminders"] as? [String: Any])
        #expect(reminders["total"] as? Int == 4 && reminders["study"] as? Int == 1 && reminders["skip"] as? Int == 1)
        #expect(reminders["ignored"] as? Int == 1 && reminders["pending"] as? Int == 1)
        let insights = try #require(stats["insights"] as? [String: Any])
        #expect(insights["by_sitting_length"] is [Any] && insights["hardest_cards"] is [Any])
        #expect(
            try vault.run(["stats"]).stdout.contains(
                "Reminders  4 in 30 days: 1 studied, 0 snoozed, 1 skipped, 1 ignored, 1 waiting"))
    }
}
