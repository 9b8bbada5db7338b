import Foundation
import Testing

/// Settings that stay (issue 36, point 7) end to end on ExampleVault:
/// `study:`, `review_day:` and `vault cards --tier FOLDER=TIER`.
@Suite("Settings that stay")
struct SettingsThatStayTests {
    func exampleVault(config extra: String = "") throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-settings-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        let vault = VaultSandbox(root: root)
        if !extra.isEmpty {
            let config = try vault.read(".vault/config.yml")
            try vault.write(".vault/config.yml", config + extra)
        }
        return vault
    }

    @Test("study.daily_limit and study.preset set the day's limit; --exam still wins, --limit is a batch within it")
    func savedLimit() throws {
        let exam = try exampleVault(config: "study:\n  preset: exam\n")
        defer { exam.cleanUp() }
        func limit(_ vault: VaultSandbox, _ extra: [String] = []) throws -> Int? {
            let json = try #require(try vault.json(["study", "--list", "--json"] + extra) as? [String: Any])
            return json["daily_limit"] as? Int
        }
        #expect(try limit(exam) == 50)
        #expect(try limit(exam, ["--limit", "7"]) == 50, "--limit is seven cards now; the day's limit stays")
        let batch = try #require(try exam.json(["study", "--list", "--json", "--limit", "3"]) as? [String: Any])
        #expect((batch["cards"] as? [Any])?.count == 3)
        let saved = try exampleVault(config: "study:\n  daily_limit: 12\n  preset: exam\n")
        defer { saved.cleanUp() }
        #expect(try limit(saved) == 12)
        #expect(try limit(saved, ["--exam"]) == 50)
        let bad = try exampleVault(config: "study:\n  daily_limit: 0\n")
        defer { bad.cleanUp() }
        let refused = try bad.run(["study", "--list"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'study' has a daily_limit that is not a number of cards (1 to 10000)."), "\(refused.stderr)")
    }

    @Test("review_day weekly: thursday moves the due week and the calendar's rule; period ids stay ISO weeks")
    func reviewDay() throws {
        let vault = try exampleVault(config: "review_day:\n  weekly: thursday\n  monthly: 15\n")
        defer { vault.cleanUp() }
        let status = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        let periods = try #require(status["periods"] as? [[String: Any]])
        let weekly = periods.compactMap { line -> String? in
            guard let review = line["review"] as? [String: Any], review["level"] as? String == "weekly",
                line["role"] as? String == "due"
            else { return nil }
            return review["period"] as? String
        }
        // Wednesday 18 November 2026: week 46's review falls on Thursday the 19th, so week 45 is the due one.
        #expect(weekly == ["2026-W45"])
        let calendar = try vault.run(["calendar", "--out", "-"])
        #expect(calendar.stdout.contains("RRULE:FREQ=WEEKLY;BYDAY=TH\r\n"))
        #expect(calendar.stdout.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=15\r\n"))
        #expect(calendar.stdout.contains("DTSTART;TZID=Europe/Berlin:20261119T180000\r\n"), "the next weekly review: Thursday")
    }

    @Test("cards --tier FOLDER=reviewing says how many, then names each card moved, one tier event each")
    func folderTiers() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let before = vault.ledgerText()
        let dry = try vault.run(["cards", "--tier", "2026/10=reviewing", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout == "3 cards under 2026/10 would move to reviewing (1 already there); nothing recorded (--dry-run).\n")
        #expect(vault.ledgerText() == before)
        let moved = try vault.run(["cards", "--tier", "2026/10=reviewing"])
        #expect(moved.status == 0)
        let lines = moved.stdout.split(separator: "\n")
        #expect(lines.first == "3 cards under 2026/10 moved to reviewing (1 already there).")
        #expect(lines.count == 4 && lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.contains("2026/10/") })
        let old = Set(before.split(separator: "\n"))
        let added = vault.ledgerText().split(separator: "\n").filter { !old.contains($0) && !$0.hasPrefix("#") }
        #expect(added.count == 3 && added.allSatisfy { $0.contains("\ttier\t") && $0.hasSuffix("tier=reviewing") })
        let other = try vault.run(["cards", "--tier", "2026/08=reviewing"])
        #expect(other.status == 1)
        #expect(other.stderr.contains("placed by their scheduler"))
        let usage = try vault.run(["cards", "--tier", "2026/10=reviewing", "--json"])
        #expect(usage.status == 64)
    }
}
