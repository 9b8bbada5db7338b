import Foundation
import Testing

/// `vault export json` and `vault export html` end to end.
@Suite("vault export", .serialized)
struct ExportTests {
    func exampleVault() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-export-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    @Test(
        "export json: every note (ids as vault list --json --archived gives them), its cycle and cards, every event, the config"
    )
    func json() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        // A subject without a category, and remind: settings, to see them in the export.
        try vault.write(
            ".vault/config.yml",
            try vault.read(".vault/config.yml")
                + "  - name: Chess\n    color: \"#000000\"\nremind:\n  days_off: [sunday, saturday]\n  batch: 4\n")
        let result = try vault.run(["export", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let notes = try #require(document["notes"] as? [[String: Any]])
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(try vault.run(["list", "--json", "--archived"]).stdout.utf8))
                as? [[String: Any]])
        #expect(notes.count == listed.count)
        #expect(Set(notes.map { "\($0["path"]!) \($0["id"]!)" }) == Set(listed.map { "\($0["path"]!) \($0["id"]!)" }))
        let cards = notes.flatMap { ($0["cards"] as? [[String: Any]]) ?? [] }
        let listedCards =
            try JSONSerialization.jsonObject(with: Data(try vault.run(["cards", "--json"]).stdout.utf8)) as? [Any]
        #expect(cards.count == listedCards?.count)
        #expect(
            notes.contains { $0["archived"] as? Bool == true } && notes.contains { $0["cycle"] as? String == "monthly" }
        )
        let events = try #require(document["events"] as? [[String: Any]])
        let lines = vault.ledgerText().split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(events.count == lines.count)
        let config = try #require(document["config"] as? [String: Any])
        #expect(config["timezone"] as? String == "Europe/Berlin")
        let subjects = try #require(config["subjects"] as? [[String: Any]])
        #expect(subjects.map { $0["category"] is NSNull } == [false, false, true], "no category is null, not \"\"")
        let remind = try #require(config["remind"] as? [String: Any])
        #expect(remind["quiet_hours"] as? String == "23:00-09:00" && remind["min_interval"] as? Int == 30)
        #expect(remind["days_off"] as? [String] == ["saturday", "sunday"] && remind["batch"] as? Int == 4)
        let schedulers = try #require(config["schedulers"] as? [String: Any])
        #expect(schedulers["default"] as? String == "fsrs")
        #expect(
            (schedulers["folders"] as? [[String: String]])?.map { $0["folder"]! + "=" + $0["scheduler"]! } == [
                "2026/07/=sm2", "2026/09/=ladder", "2026/10/=tiers",
            ])
        #expect(JSONConventionTests.problems(document) == [])
        let file = vault.root.appendingPathComponent("../export-\(UUID().uuidString).json").standardizedFileURL
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(
            try vault.run(["export", "json", file.path]).stdout.hasPrefix(
                "Wrote \(notes.count) notes and \(events.count) events"))
    }

    /// Every relative href and src of every page of `site`, with the page it is on.
    func links(in site: URL) throws -> [(page: URL, target: String)] {
        var found: [(URL, String)] = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: site.path) where path.hasSuffix(".html") {
            let page = site.appendingPathComponent(path)
            let html = try String(contentsOf: page, encoding: .utf8)
            let regex = try NSRegularExpression(pattern: "(?:href|src)=\"([^\"]*)\"")
            for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                found.append((page, String(html[Range(match.range(at: 1), in: html)!])))
            }
        }
        return found
    }

    @Test(
        "export html: every relative link resolves to a file, wiki links lead to pages, raw HTML is escaped, files are copied"
    )
    func site() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        try vault.write(
            "2026/11/hostile.md",
            """
            ---
            created: 2026-11-17T10:00:00+01:00
            tags: [security]
            ---
            # Hostile

            <script>alert(1)</script> and <img src=x onerror=alert(2)>

            See [[Retrieval beats rereading]], [[no such note]] and [the 1:1 note](one-on-ones-are-high-leverage.md).

            ![[diagram.png]] ![a chart](diagram.png)

            [a section](one-on-ones-are-high-leverage.md#grove), [from the root](/2026/11/diagram.png),
            [a lost file](nowhere.pdf), ![a lost image](../gone.png), [above the vault](../../../x.png),
            [a made-up page](fake.html), [the web](https://example.com/a?b=1&c=2), [mail](mailto:a@example.com)

            """)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(
            to: vault.root.appendingPathComponent("2026/11/diagram.png"))
        let site = vault.root.deletingLastPathComponent().appendingPathComponent("site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try vault.run(["export", "html", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        for (page, target) in try links(in: site) {
            if target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") { continue }
            #expect(!target.hasPrefix("/"), "absolute link \(target) in \(page.path)")
            let file = target.split(separator: "#").first.map(String.init)?.removingPercentEncoding ?? target
            let resolved = page.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
            #expect(
                FileManager.default.fileExists(atPath: resolved.path),
                "\(page.lastPathComponent): \(target) leads nowhere")
        }
        let hostile = try String(contentsOf: site.appendingPathComponent("2026/11/hostile.html"), encoding: .utf8)
        #expect(!hostile.contains("<script") && !hostile.contains("onerror"), "raw HTML is escaped")
        #expect(hostile.contains("href=\"../07/retrieval-beats-rereading.html\""))
        #expect(hostile.contains("href=\"#unresolved\">no such note</a>"))
        #expect(hostile.contains("href=\"one-on-ones-are-high-leverage.html\""))
        #expect(hostile.contains("src=\"diagram.png\""))
        #expect(
            hostile.contains("href=\"one-on-ones-are-high-leverage.html#grove\">a section</a>"), "the fragment is kept")
        #expect(hostile.contains("href=\"diagram.png\">from the root</a>"), "vault-rooted becomes relative")
        for lost in ["a lost file", "above the vault", "a made-up page"] {
            #expect(hostile.contains("href=\"#unresolved\">\(lost)</a>"), "\(lost)")
        }
        #expect(hostile.contains("src=\"#unresolved\" alt=\"a lost image\""))
        #expect(hostile.contains("href=\"https://example.com/a?b=1&amp;c=2\">the web</a>"))
        #expect(hostile.contains("href=\"mailto:a@example.com\">mail</a>"))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("2026/11/diagram.png").path))
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        for tab in ["daily", "weekly", "monthly", "yearly"] {
            #expect(index.contains("<section class=\"tab\" id=\"\(tab)\">"))
        }
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("tags/security.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("categories/leadership.html").path))
        // A folder that is not empty is refused.
        let again = try vault.run(["export", "html", site.path])
        #expect(again.status == 1 && again.stderr.contains("not empty"))
    }

    @Test("the index and a note page render in headless Chromium")
    func screenshots() throws {
        guard
            let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("chromium is missing in CI") }
            print("skipped: chromium is not installed")
            return
        }
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let site = vault.root.deletingLastPathComponent().appendingPathComponent("site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(try vault.run(["export", "html", site.path]).status == 0)
        for page in ["index.html", "2026/11/one-on-ones-are-high-leverage.html"] {
            let shot = site.appendingPathComponent(page + ".png")
            _ = try VaultSandbox.exec(
                chromium,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000",
                    "--screenshot=\(shot.path)",
                    site.appendingPathComponent(page).absoluteString,
                ], in: site)
            let png = try Data(contentsOf: shot)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 30_000, "\(page): \(png.count) bytes")
        }
    }
}
