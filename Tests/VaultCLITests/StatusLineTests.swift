import Foundation
import Testing

/// `vault status --line` end to end: the line, `--format`, and that it
/// writes the caches it lacks once (and nothing else), safely.
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

    /// The trace lines of the note catalog's load (`VAULT_TRACE`), without their times.
    func catalogTrace(_ result: VaultSandbox.Result) -> [String] {
        result.stderr.split(separator: "\n").compactMap { line in
            line.range(of: "ms  catalog: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// Runs `vault status --line` as a user who cannot write the vault:
    /// root writes through `chmod a-w`, so as root the line is run as nobody.
    func runReadOnly(_ vault: VaultSandbox) throws -> VaultSandbox.Result {
        guard geteuid() == 0 else { return try vault.run(["status", "--line"]) }
        return try VaultSandbox.exec(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", VaultSandbox.binary.path, "status", "--line"],
            environment: vault.environment(), in: vault.root)
    }

    // Issue 47, point 7: the line used to write nothing, so on a vault
    // without caches every prompt parsed every note again (280 ms at
    // 10,000 notes) until another command ran.
    @Test("the first line writes the caches it lacks and nothing else; the second finds them and writes nothing")
    func writesItsCachesOnce() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let before = listing(vault.root)
        let first = try vault.run(["status", "--line"], env: ["VAULT_TRACE": "1"])
        #expect(first.status == 0)
        #expect(first.stdout == "9 reviews · 10 cards · 1 palace · streak 48\n")
        #expect(catalogTrace(first).contains("written"), "\(first.stderr)")
        let written = listing(vault.root)
        // The cache folder is new, so `.vault` itself changed too; nothing else did.
        let outsideCache = { (lines: [String]) in
            lines.filter { !$0.contains("/.vault/cache") && !$0.hasPrefix(vault.root.path + "/.vault ") }
        }
        #expect(outsideCache(written) == outsideCache(before), "no file but the caches is touched")
        let added = Set(written).subtracting(before)
        #expect(!added.contains { $0.contains(".vault-tmp-") }, "\(added)")
        #expect(added.contains { $0.contains("/.vault/cache/notes.bin ") }, "\(added)")
        #expect(added.contains { $0.contains("/.vault/cache/ledger.bin ") }, "\(added)")
        let second = try vault.run(["status", "--line"], env: ["VAULT_TRACE": "1"])
        #expect(second.stdout == first.stdout)
        let trace = catalogTrace(second)
        #expect(trace.contains { $0.hasPrefix("unchanged, ") }, "\(second.stderr)")
        #expect(!trace.contains("written"), "\(second.stderr)")
        #expect(listing(vault.root) == written, "the second line found every cache and wrote none")
    }

    @Test("after vault init, the second status --line finds the catalog the first wrote")
    func afterInit() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-line-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let vault = VaultSandbox(root: root)
        defer { vault.cleanUp() }
        for n in 1...5 {
            try Data("---\ncreated: 2026-11-0\(n)\n---\n# Note \(n)\n\nQuestion \(n) :: Answer \(n)\n".utf8)
                .write(to: root.appendingPathComponent("note \(n).md"))
        }
        let initialised = try vault.run(["init", "--timezone", "UTC"])
        #expect(initialised.status == 0, "\(initialised.stderr)")
        let first = try vault.run(["status", "--line"], env: ["VAULT_TRACE": "1"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".vault/cache/notes.bin").path))
        let afterFirst = listing(root)
        let second = try vault.run(["status", "--line"], env: ["VAULT_TRACE": "1"])
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(catalogTrace(second).contains { $0.hasPrefix("unchanged, 5 reused") }, "\(second.stderr)")
        #expect(!catalogTrace(second).contains("written"), "\(second.stderr)")
        #expect(listing(root) == afterFirst)
    }

    @Test("a vault it cannot write still gets its line, with nothing on stderr and nothing written")
    func readOnlyVault() throws {
        let vault = try exampleVault()
        defer {
            _ = try? vault.sh("chmod -R u+w '\(vault.root.path)'")
            vault.cleanUp()
        }
        _ = try vault.sh("chmod -R a-w '\(vault.root.path)'")
        let before = listing(vault.root)
        for _ in 1...2 {
            let line = try runReadOnly(vault)
            #expect(line.status == 0)
            #expect(line.stderr == "")
            #expect(line.stdout == "9 reviews · 10 cards · 1 palace · streak 48\n")
            #expect(listing(vault.root) == before, "no cache, no temporary file left behind")
        }
    }

    @Test("two lines at once on a vault without caches both print it, and leave one good catalog")
    func twoAtOnce() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("vault-line-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let binary = VaultSandbox.binary.path
        _ = try vault.sh(
            "'\(binary)' status --line > '\(outputs.path)/1' 2>&1 & '\(binary)' status --line > '\(outputs.path)/2' 2>&1 & wait")
        for n in 1...2 {
            let text = try String(contentsOf: outputs.appendingPathComponent("\(n)"), encoding: .utf8)
            #expect(text == "9 reviews · 10 cards · 1 palace · streak 48\n", "run \(n): \(text)")
        }
        let written = listing(vault.root)
        #expect(!written.contains { $0.contains(".vault-tmp-") }, "\(written)")
        let third = try vault.run(["status", "--line"], env: ["VAULT_TRACE": "1"])
        #expect(third.stdout == "9 reviews · 10 cards · 1 palace · streak 48\n")
        #expect(catalogTrace(third).contains { $0.hasPrefix("unchanged, ") }, "\(third.stderr)")
        // The catalog both wrote is kept as it is. The card schedule memo (cards.bin) may be
        // written once more: it is keyed by the replay cache's generation, and each of the two
        // wrote ledger.bin with a generation of its own (CI saw the third run rewrite it).
        let settled = listing(vault.root)
        let catalog = { (files: [String]) in files.filter { $0.contains("/.vault/cache/notes.bin ") } }
        #expect(catalog(settled) == catalog(written) && !catalog(written).isEmpty, "\(written)")
        _ = try vault.run(["status", "--line"])
        #expect(listing(vault.root) == settled, "a fourth run writes nothing")
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
