import Foundation
import Testing

/// `vault stats` end to end on a copy of ExampleVault.
@Suite("vault stats", .serialized)
struct StatsCommandTests {
    /// A copy of ExampleVault, still named so (the report's title is the vault folder's name).
    func exampleVault() throws -> VaultSandbox {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vault-stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let root = parent.appendingPathComponent("ExampleVault")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    @Test("--json matches counts taken from the notes and the ledger directly")
    func jsonMatchesTheFiles() throws {
        let vault = try exampleVault()
        defer { try? FileManager.default.removeItem(at: vault.root.deletingLastPathComponent()) }
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

    /// Every visible note of the vault under `folder`: its vault path and front matter lines (`key: value`).
    func noteFiles(_ vault: VaultSandbox, under folder: String = "") throws -> [(path: String, fields: [String: String])] {
        try FileManager.default.subpathsOfDirectory(atPath: vault.root.path).filter {
            $0.hasSuffix(".md") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } && $0 != "README.md"
                && $0.hasPrefix(folder)
        }.map { path in
            let text = try String(contentsOf: vault.root.appendingPathComponent(path), encoding: .utf8)
            // One example note has CRLF line ends ("\r\n" is one Character).
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            var fields: [String: String] = [:]
            if lines.first == "---" {
                for line in lines.dropFirst().prefix(while: { $0 != "---" }) {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return (path, fields)
        }
    }

    /// The tallies of a `[{name, count}]` list as a dictionary.
    func tallies(_ value: Any?) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: ((value as? [[String: Any]]) ?? []).map { ($0["name"] as! String, $0["count"] as! Int) })
    }

    @Test("cycles, categories and the funnel match the ledger's decisions and the notes' front matter")
    func cyclesMatchTheLedger() throws {
        let vault = try exampleVault()
        defer { try? FileManager.default.removeItem(at: vault.root.deletingLastPathComponent()) }
        let result = try vault.run(["stats", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let notes = try #require(stats["notes"] as? [String: Any])
        let files = try noteFiles(vault)
        // The decision in force per note and level: the last curate line (the example ledger is in time order, no undo).
        var decision: [String: [String: String]] = [:]
        for line in vault.ledgerText().split(separator: "\n") where line.contains("\tcurate\t") {
            var f: [String: String] = [:]
            for field in line.split(separator: "\t") where field.contains("=") {
                let kv = field.split(separator: "=", maxSplits: 1)
                f[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
            }
            decision[f["note"]!, default: [:]][f["level"]!] = f["decision"]
        }
        var cycles = ["daily": 0, "weekly": 0, "monthly": 0, "yearly": 0, "archived": 0]
        var decided = ["weekly": 0, "monthly": 0, "yearly": 0]
        var kept = ["weekly": 0, "monthly": 0, "yearly": 0]
        // A memory palace's notes are not curated: they have no cycle.
        for file in files where file.fields["loci"] == nil {
            let d = file.fields["id"].flatMap { decision[$0] } ?? [:]
            let cycle =
                d["weekly"] == "archive" ? "archived" : d["yearly"] == "keep" ? "yearly" : d["monthly"] == "keep" ? "monthly"
                : d["weekly"] == "keep" ? "weekly" : "daily"
            cycles[cycle]! += 1
            for (level, value) in d {
                decided[level]! += 1
                if value == "keep" { kept[level]! += 1 }
            }
        }
        #expect(tallies(notes["per_cycle"]) == cycles)
        #expect(cycles["archived"]! > 0 && cycles["monthly"]! > 0, "the example vault has notes at several cycles")
        var categories: [String: Int] = [:]
        for file in files { categories[file.fields["category"].flatMap { $0.isEmpty ? nil : $0 } ?? "(none)", default: 0] += 1 }
        #expect(tallies(notes["per_category"]) == categories)
        let funnel = try #require(notes["funnel"] as? [[String: Any]])
        for step in funnel {
            let level = step["level"] as! String
            #expect(step["decided"] as? Int == decided[level], "\(level)")
            #expect(step["kept"] as? Int == kept[level], "\(level)")
        }
    }

    @Test("under a FOLDER, notes, cards and reviews are that folder's")
    func folder() throws {
        let vault = try exampleVault()
        defer { try? FileManager.default.removeItem(at: vault.root.deletingLastPathComponent()) }
        let cards = try #require(
            try JSONSerialization.jsonObject(with: Data(try vault.run(["cards", "--json"]).stdout.utf8)) as? [[String: Any]])
        // The folder with the most cards, so that the narrowing shows.
        let folders = Dictionary(grouping: cards) { ($0["note_path"] as! String).split(separator: "/").prefix(2).joined(separator: "/") }
        let (folder, inFolder) = try #require(folders.max { $0.value.count < $1.value.count })
        #expect(inFolder.count < cards.count)
        let result = try vault.run(["stats", folder, "--json", "--days", "365"])
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let notes = try #require(stats["notes"] as? [String: Any])
        #expect(notes["total"] as? Int == (try noteFiles(vault, under: folder + "/")).count)
        #expect(tallies(notes["per_cycle"]).values.reduce(0, +) == notes["total"] as? Int)
        #expect((stats["cards"] as? [String: Any])?["total"] as? Int == inFolder.count)
        let ids = Set(inFolder.map { $0["id"] as! String })
        let rates = vault.ledgerText().split(separator: "\n").filter { line in
            line.contains("\trate\t") && line.split(separator: "\t").contains { $0.hasPrefix("card=") && ids.contains(String($0.dropFirst(5))) }
        }
        #expect(rates.count > 0)
        #expect((stats["reviews"] as? [String: Any])?["total"] as? Int == rates.count)
    }

    @Test("the dashboard fits the width and shades the calendar by characters without colour")
    func dashboard() throws {
        let vault = try exampleVault()
        defer { try? FileManager.default.removeItem(at: vault.root.deletingLastPathComponent()) }
        let result = try vault.run(["stats"], env: ["COLUMNS": "60"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.filter { $0.count > 60 })")
        #expect(result.stdout.contains("Streak 48 days"))
        #expect(lines.contains { $0.hasPrefix("Mon ") && $0.contains("█") })
        #expect(result.stdout.contains("less ·░▒▓█ more"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("--html without a file name writes stats.html in the current folder, also before another option")
    func htmlWithoutFileName() throws {
        let vault = try exampleVault()
        defer { try? FileManager.default.removeItem(at: vault.root.deletingLastPathComponent()) }
        let page = vault.root.appendingPathComponent("stats.html")
        for arguments in [["stats", "--html"], ["stats", "--html", "--days", "60"]] {
            try? FileManager.default.removeItem(at: page)
            let result = try vault.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasSuffix("/stats.html\n"), "\(arguments)")
            #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"), "\(arguments)")
        }
    }

    @Test("--html: month names on the calendar stand two weeks apart (a first month shown for a week gives way)",
        arguments: ["2026-11-26T09:00:00Z", "2026-11-18T09:00:00Z", "2026-03-02T09:00:00Z"])
    func calendarMonthNames(now: String) throws {
        let vault = try exampleVault()
        defer { try? FileManager.default.removeItem(at: vault.root.deletingLastPathComponent()) }
        let page = vault.root.appendingPathComponent("report.html")
        let result = try vault.run(["stats", "--html", page.path], env: ["VAULT_NOW": now])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let xs = html.matches(of: /<text x="([0-9.]+)" y="12">[A-Z][a-z]{2}<\/text>/).map { Double($0.output.1)! }
        #expect(xs.count >= 12, "\(now)")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 >= 32 }, "\(now): \(xs)")
    }

    @Test("--html is one self-contained page that renders in headless Chromium")
    func htmlRenders() throws {
        let vault = try exampleVault()
        defer { try? FileManager.default.removeItem(at: vault.root.deletingLastPathComponent()) }
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
        #expect(html.contains("<h1>ExampleVault</h1>"))
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("chromium is missing in CI") }
            print("skipped: chromium is not installed; scripts/ensure-deps.sh installs it")
            return
        }
        let shot = vault.root.appendingPathComponent("report.png")
        let requests = try pageRequests(chromium, page, screenshot: shot, in: vault.root)
        #expect(requests == [], "the page asked for \(requests)")
        let png = try Data(contentsOf: shot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        // A blank page compresses to a few kilobytes; the charts do not.
        #expect(png.count > 40_000, "\(png.count) bytes: the page looks blank")
        // The check sees a request when there is one: the same page with one image from the network.
        let leaky = vault.root.appendingPathComponent("leaky.html")
        try html.replacingOccurrences(of: "</body>", with: "<img src=\"https://example.com/pixel.png\"></body>")
            .write(to: leaky, atomically: true, encoding: .utf8)
        let leaked = try pageRequests(chromium, leaky, screenshot: vault.root.appendingPathComponent("leaky.png"), in: vault.root)
        #expect(leaked == ["https://example.com/pixel.png"])
        // `STATS_SCREENSHOT=docs/stats-report.png swift test --filter htmlRenders` makes the README's picture.
        if let out = ProcessInfo.processInfo.environment["STATS_SCREENSHOT"] {
            let target = URL(fileURLWithPath: out, relativeTo: VaultSandbox.packageRoot)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: shot, to: target)
        }
    }

    /// Renders `page` in headless Chromium at 1280 px into `screenshot`,
    /// and returns the URLs (other than file:) that the page asked for, from
    /// Chromium's net log. Chromium's own background requests are turned
    /// off, and no host name resolves, so nothing leaves the machine.
    func pageRequests(_ chromium: String, _ page: URL, screenshot: URL, in folder: URL) throws -> [String] {
        let netLog = folder.appendingPathComponent("net-\(UUID().uuidString).json")
        var arguments = [
            "--headless", "--disable-gpu", "--hide-scrollbars", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=1280,2400", "--log-net-log=\(netLog.path)",
            "--screenshot=\(screenshot.path)", page.absoluteString,
        ]
        if getuid() == 0 { arguments.insert("--no-sandbox", at: 1) }
        let run = try VaultSandbox.exec(chromium, arguments, in: folder)
        #expect(run.status == 0, "chromium: \(run.stderr)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: netLog)) as? [String: Any])
        let types = try #require((log["constants"] as? [String: Any])?["logEventTypes"] as? [String: Int])
        let start = try #require(types["URL_REQUEST_START_JOB"])
        let events = (log["events"] as? [[String: Any]]) ?? []
        return events.compactMap { event in
            guard event["type"] as? Int == start, let params = event["params"] as? [String: Any],
                let url = params["url"] as? String, !url.hasPrefix("file:"),
                (params["network_isolation_key"] as? String)?.hasPrefix("file://") == true
            else { return nil }
            return url
        }
    }
}
