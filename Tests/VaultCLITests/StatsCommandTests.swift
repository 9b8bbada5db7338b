import Foundation
import Testing

/// `vault stats` end to end on a copy of ExampleVault.
@Suite("vault stats", .serialized)
struct StatsCommandTests {
    func exampleVault() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-stats-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    @Test("--json matches counts taken from the notes and the ledger directly")
    func jsonMatchesTheFiles() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let result = try vault.run(["stats", "--json", "--days", "365"])
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // Notes: every visible .md file.
        let files = try FileManager.default.subpathsOfDirectory(atPath: vault.root.path).filter {
            $0.hasSuffix(".md") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } && $0 != "README.md"
        }
        let notes = try #require(stats["notes"] as? [String: Any])
        #expect(notes["total"] as? Int == files.count)
        // Reviews: the rate lines of the ledger (all within the year before the reference date).
        let rateLines = vault.ledgerText().split(separator: "\n").filter { $0.contains("\trate\t") }
        let reviews = try #require(stats["reviews"] as? [String: Any])
        #expect(reviews["total"] as? Int == rateLines.count)
        let perDay = try #require(reviews["per_day"] as? [[String: Any]])
        #expect(perDay.count == 365)
        #expect(perDay.last?["cumulative"] as? Int == rateLines.count)
        // Decisions: keep and archive lines, counted per week in the last weeks.
        let decisions = vault.ledgerText().split(separator: "\n").filter {
            $0.contains("\tcurate\t") && !$0.hasSuffix("decision=undo")
        }
        let calendar = try #require((stats["calendar"] as? [String: Any])?["days"] as? [[String: Any]])
        #expect(calendar.reduce(0) { $0 + ($1["decisions"] as? Int ?? 0) } == decisions.count)
        #expect(calendar.reduce(0) { $0 + ($1["ratings"] as? Int ?? 0) } == rateLines.count)
        // Cards and study time against the commands that list them.
        let cards = try JSONSerialization.jsonObject(with: Data(try vault.run(["cards", "--json"]).stdout.utf8)) as? [Any]
        #expect((stats["cards"] as? [String: Any])?["total"] as? Int == cards?.count)
        let sessions = try JSONSerialization.jsonObject(with: Data(try vault.run(["session", "list", "--json"]).stdout.utf8)) as? [[String: Any]]
        let minutes = sessions?.reduce(0) { $0 + ($1["minutes"] as? Int ?? 0) }
        #expect((stats["study_time"] as? [String: Any])?["total_minutes"] as? Int == minutes)
        #expect(stats["streak"] as? Int == 48)
        #expect(JSONConventionTests.problems(stats) == [])
    }

    @Test("the dashboard fits the width and shades the calendar by characters without colour")
    func dashboard() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let result = try vault.run(["stats"], env: ["COLUMNS": "60"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.filter { $0.count > 60 })")
        #expect(result.stdout.contains("Streak 48 days"))
        #expect(lines.contains { $0.hasPrefix("Mon ") && $0.contains("█") })
        #expect(result.stdout.contains("less ·░▒▓█ more"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("--html is one self-contained page that renders in headless Chromium")
    func htmlRenders() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let page = vault.root.appendingPathComponent("report.html")
        let result = try vault.run(["stats", "--html", page.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://") && !html.contains("url("),
            "no script, no request")
        #expect(html.contains("prefers-color-scheme: dark"))
        let cells = (0...4).reduce(0) { $0 + html.components(separatedBy: "class=\"l\($1)\"").count - 1 }
        #expect(cells == 365, "one cell a day")
        #expect(html.contains("<title>2026-11-17: "))
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("chromium is missing in CI") }
            print("skipped: chromium is not installed; scripts/ensure-deps.sh installs it")
            return
        }
        let shot = vault.root.appendingPathComponent("report.png")
        let run = try VaultSandbox.exec(
            chromium,
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,1400",
             "--screenshot=\(shot.path)", page.absoluteString], in: vault.root)
        _ = run
        let png = try Data(contentsOf: shot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        // A blank page compresses to a few kilobytes; the charts do not.
        #expect(png.count > 40_000, "\(png.count) bytes: the page looks blank")
    }
}
