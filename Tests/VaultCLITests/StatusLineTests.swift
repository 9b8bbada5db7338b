import Foundation
import Testing

/// `vault status --line` end to end: the line, `--format`, and that it
/// writes nothing, not even the caches a plain `vault status` writes.
@Suite("vault status --line")
struct StatusLineTests {
    func exampleVault() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-line-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    /// Every path under `root` with its size and modification time.
    func listing(_ root: URL) -> [String] {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])
        var lines: [String] = []
        while let url = walker?.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            lines.append("\(url.path) \(values?.fileSize ?? -1) \(values?.contentModificationDate?.timeIntervalSince1970 ?? 0)")
        }
        return lines.sorted()
    }

    @Test("the line on ExampleVault, its --format, and the same counts as status --json")
    func line() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let line = try vault.run(["status", "--line"])
        #expect(line.status == 0)
        #expect(line.stderr == "")
        #expect(line.stdout == "9 reviews · 10 cards · 1 palace · streak 48\n")
        let format = try vault.run(["status", "--format", "{reviews}r {cards}c {palaces}p {locations}l {streak}d {{x}}"])
        #expect(format.stdout == "9r 10c 1p 2l 48d {x}\n")
        let json = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect(json["notes_to_review"] as? Int == 9)
        #expect(json["streak"] as? Int == 48)
    }

    @Test("the format's own ESC colours are printed as given, not as \\e (issue 48)")
    func formatColours() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let format = try vault.run(["status", "--format", "\u{1B}[33m{cards}\u{1B}[0m cards"])
        #expect(format.status == 0)
        #expect(format.stdout == "\u{1B}[33m10\u{1B}[0m cards\n", "\(format.stdout.debugDescription)")
    }

    @Test("nothing is written: no cache in a vault without one, and none in a read-only vault")
    func writesNothing() throws {
        let vault = try exampleVault()
        defer {
            _ = try? vault.sh("chmod -R u+w '\(vault.root.path)'")
            vault.cleanUp()
        }
        let before = listing(vault.root)
        #expect(try vault.run(["status", "--line"]).stdout == "9 reviews · 10 cards · 1 palace · streak 48\n")
        #expect(listing(vault.root) == before, "no cache, no device file, no watcher")
        _ = try vault.sh("chmod -R a-w '\(vault.root.path)'")
        let readOnly = try vault.run(["status", "--line"])
        #expect(readOnly.status == 0)
        #expect(readOnly.stderr == "")
        #expect(readOnly.stdout == "9 reviews · 10 cards · 1 palace · streak 48\n")
        #expect(listing(vault.root) == before)
        // A plain status writes its caches; the line then reads them and still writes nothing.
        _ = try vault.sh("chmod -R u+w '\(vault.root.path)'")
        #expect(try vault.run(["status"]).status == 0)
        let cached = listing(vault.root)
        #expect(cached.contains { $0.contains("/.vault/cache/notes.bin ") })
        #expect(try vault.run(["status", "--line"]).stdout == "9 reviews · 10 cards · 1 palace · streak 48\n")
        #expect(listing(vault.root) == cached)
    }

    @Test("an unknown placeholder, or --json with --line, is a usage error naming the flag")
    func usageErrors() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let unknown = try vault.run(["status", "--format", "{due}"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr.hasPrefix("error: --format names {due}, which is no count; use {reviews}, {cards}"), "\(unknown.stderr)")
        let both = try vault.run(["status", "--json", "--line"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("error: --json and --line (or --format) cannot be used together."), "\(both.stderr)")
    }
}

/// Milestones and insights end to end on ExampleVault (issue 36, point 6).
@Suite("Milestones end to end")
struct MilestonesCLITests {
    @Test("stats --json lists milestones and insights; status names one on its day")
    func milestones() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-milestones-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        let vault = VaultSandbox(root: root)
        defer { vault.cleanUp() }
        let stats = try #require(try vault.json(["stats", "--json"]) as? [String: Any])
        let milestones = try #require(stats["milestones"] as? [[String: Any]])
        // ExampleVault's first week of answers, 2026-10-01 to 10-07, had every answer right (issue 49's perfect streak).
        #expect(
            milestones.map { $0["title"] as? String } == [
                "3 days in a row with every answer right", "7-day streak", "7 days in a row with every answer right",
                "30-day streak", "10 hours of Statistics",
            ])
        #expect(milestones.map { $0["day"] as? String } == ["2026-10-03", "2026-10-07", "2026-10-07", "2026-10-30", "2026-11-13"])
        #expect(milestones.allSatisfy { $0["is_new"] as? Bool == false })
        let insights = try #require(stats["insights"] as? [String: Any])
        #expect(insights["best_hour"] as? Int == 9)
        #expect((insights["by_hour"] as? [[String: Any]])?.count == 24)
        let text = try vault.run(["stats"])
        #expect(text.stdout.contains("Milestones\n  2026-11-13  10 hours of Statistics\n  2026-10-30  30-day streak\n"))
        #expect(text.stdout.contains("Insights  best hour 09:00 (95% recalled, 42 answers)"))
        let onTheDay = try vault.run(["status"], env: ["VAULT_NOW": "2026-11-13T20:00:00Z"])
        #expect(onTheDay.stdout.contains("\nMilestone reached today: 10 hours of Statistics\n"))
        let json = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect(json["milestones_today"] as? [String] == [])
        #expect(!(try vault.run(["status"]).stdout.contains("Milestone")))
    }
}
