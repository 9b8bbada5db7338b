import Foundation
import Testing

@Suite("vault check, end to end")
struct CheckCommandTests {
    @Test("a warning repeated word for word over many notes is shown three times, then counted; --json lists each")
    func repeatedWarningsFolded() throws {
        let fixture = FixtureVault("basic")
        for i in 1...14 { fixture.write("undated/note-\(i).md", Data("# Undated \(i)\n".utf8)) }
        let json = fixture.vault("check", "--json")
        let problems = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        let undated = problems.filter { $0["code"] as? String == "no-created-date" }.count
        #expect(undated >= 14)
        let lines = fixture.vault("check").stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("warning: the note has no created date") }.count == 3)
        #expect(
            lines.contains(
                "… and \(undated - 3) more with the same warning (no-created-date); `vault check --json` lists each one."),
            "\(lines)")
        let warnings = problems.filter { $0["severity"] as? String == "warning" }.count
        #expect(lines.last?.contains(" \(warnings) warnings in ") == true, "the summary counts every one: \(lines.last ?? "")")
    }

    @Test("hostile files are each reported by path, nothing crashes, and no file changes")
    func hostileFiles() throws {
        let fixture = FixtureVault("basic")
        fixture.write("x.md", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]))
        fixture.write("latin1.md", Data("---\ncreated: 2026-11-01\n---\n# Caf".utf8) + Data([0xE9, 0x0A]))
        let big =
            "---\ncreated: 2026-11-01\n---\n# Big\n\n"
            + String(repeating: "lorem ipsum dolor sit amet #big\n", count: 170_000)
        fixture.write("big.md", Data(big.utf8))
        try FileManager.default.createSymbolicLink(
            atPath: fixture.url.appendingPathComponent("2026/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.url.appendingPathComponent("dangling.md").path, withDestinationPath: "nowhere.md")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.url.appendingPathComponent("self.md").path, withDestinationPath: "self.md")
        fixture.write("bad.md", Data("---\nid: 1\ntags: [a, b\n---\n# Still readable\n".utf8))
        let before = fixture.checksums()

        let result = fixture.vault("check")
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func reported(_ prefix: String) -> Bool { lines.contains { $0.hasPrefix(prefix) } }
        #expect(reported("x.md:3: error: the file holds binary data (a NUL byte at offset 8)"))
        #expect(reported("latin1.md:4: error: the file is not valid UTF-8"))
        #expect(reported("big.md: warning: the note is 5.2 MB"))
        #expect(reported("2026/loop: warning: skipped: this link points back to a folder that contains it"))
        #expect(reported("bad.md:3: error: malformed front matter"))
        #expect(reported("bad.md: warning: the note has no created date"))
        #expect(reported("dangling.md: warning: skipped: it points to nothing"))
        #expect(reported("self.md: warning: skipped: it is a symbolic link loop"))
        #expect(!lines.contains { $0.contains("broken link") }, "a dangling symbolic link is no note's broken [[link]]")
        // A binary file is not a note: no date warning for it.
        #expect(!reported("x.md: warning"))
        #expect(lines.last == "3 errors, 5 warnings in 8 notes.")
        #expect(fixture.checksums() == before)

        let json = fixture.vault("check", "--json")
        #expect(json.status == 1)
        let problems = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        #expect(
            Set(problems.map { $0["code"] as! String }) == [
                "binary-file", "invalid-utf8", "large-note", "symlink-loop", "front-matter", "no-created-date",
                "broken-symlink",
            ])
        #expect(fixture.checksums() == before)
        // The readable parts of the broken notes are still listed.
        #expect(fixture.vault("list").stdout.contains("Still readable"))
    }

    @Test("each broken link at its own line and column; escaped, code and comments hold none; a summary counts them")
    func brokenLinksExact() throws {
        let fixture = FixtureVault("basic")
        let help = (1...56).map { line -> String in
            switch line {
            case 1: return "---\ncreated: 2026-11-01\n---\n# Help"
            case 33, 34, 35, 47, 53, 55: return "| x | [[Interpret]] |"
            case 10: return "\\[\\[Three laws of motion\\]\\] and `[[In code]]` and %%[[Hidden]]%% and <!-- [[Commented]] -->"
            case 12: return "```\n[[Fenced]]\n```"
            case 20: return "Twice on a line: [[Gone]] then 🙂 [[Gone|again]] and ![[Lost embed]]"
            default: return "Line \(line)."
            }
        }
        // Lines 1 and 12 hold more than one line: the file's line numbers are counted below.
        let text = help.joined(separator: "\n") + "\n"
        fixture.write("help.md", Data(text.utf8))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ needle: String) -> [Int] {
            lines.enumerated().filter { $0.element.contains(needle) }.map { $0.offset + 1 }
        }
        let result = fixture.vault("check")
        let out = result.stdout.split(separator: "\n").map(String.init)
        let broken = out.filter { $0.contains("links to no note") }
        let interpret = line("[[Interpret]]")
        #expect(interpret.count == 6)
        #expect(
            broken.filter { $0.contains("[[Interpret]]") }
                == interpret.map { "help.md:\($0):7: warning: [[Interpret]] links to no note; create the note or correct the name." })
        let gone = try #require(line("Twice on a line").first)
        #expect(broken.contains("help.md:\(gone):18: warning: [[Gone]] links to no note; create the note or correct the name."))
        #expect(broken.contains("help.md:\(gone):34: warning: [[Gone]] links to no note; create the note or correct the name."))
        #expect(broken.contains("help.md:\(gone):53: warning: [[Lost embed]] links to no note; create the note or correct the name."))
        #expect(broken.count == 9, "\(broken)")
        for quiet in ["Three laws", "In code", "Hidden", "Commented", "Fenced"] {
            #expect(!result.stdout.contains(quiet), "\(quiet) is no link")
        }
        #expect(out.last?.hasSuffix("; 9 broken links in 1 note.") == true, "\(out.last ?? "")")
        let json = fixture.vault("check", "--json")
        let problems = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        let links = problems.filter { $0["code"] as? String == "broken-link" }
        #expect(links.map { $0["line"] as? Int } == ([gone, gone, gone] + interpret).map { Optional($0) })
        #expect(links.map { $0["column"] as? Int } == [18, 34, 53, 7, 7, 7, 7, 7, 7])
        #expect(problems.filter { $0["code"] as? String != "broken-link" }.allSatisfy { $0["column"] is NSNull })
    }

    @Test("a warm check (the note catalog kept, notes edited since) says word for word what a check parsing every note says")
    func warmCheckIsExact() throws {
        let fixture = FixtureVault("basic")
        fixture.write(
            "links.md",
            Data(
                "---\nid: 7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11\ncreated: 2026-11-01\ncategory: Cooking\nsource_type: zine\n---\n# Links\n\nTo [[Nowhere]] and [gone](gone.md) and ![[Lost]].\n"
                    .utf8))
        fixture.write("stable.md", Data("---\ncreated: 2026-11-02\n---\n# Stable\n\nSee [[Also nowhere]].\n".utf8))
        let first = fixture.vault("check", "--json")
        let catalog = fixture.url.appendingPathComponent(".vault/cache/notes.bin")
        #expect(FileManager.default.fileExists(atPath: catalog.path), "the first check writes the note catalog")
        // Unchanged: the catalog answers, and says what the first check said.
        #expect(fixture.vault("check", "--json").stdout == first.stdout)
        // Edited since the catalog was written: the note is parsed again,
        // its new link, its moved keys and its new id are where they are now.
        fixture.write(
            "links.md",
            Data(
                "---\ncreated: 2026-11-01\n\ncategory: Baking\nid: 7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11\n---\n# Links\n\n\nNow [[Elsewhere]] and [gone](gone.md).\n"
                    .utf8))
        let warm = fixture.vault("check")
        let warmJSON = fixture.vault("check", "--json")
        #expect(warm.stdout.contains("links.md:10:5: warning: [[Elsewhere]] links to no note; create the note or correct the name."), "\(warm.stdout)")
        #expect(!warm.stdout.contains("[[Nowhere]]"))
        #expect(warm.stdout.contains("links.md:4: warning: category 'Baking' is not in .vault/config.yml"), "\(warm.stdout)")
        #expect(warm.stdout.contains("links.md:5: error: id 7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11 is also used by"), "\(warm.stdout)")
        #expect(warm.stdout.contains("stable.md:6:5: warning: [[Also nowhere]] links to no note"), "\(warm.stdout)")
        try FileManager.default.removeItem(at: catalog)
        let cold = fixture.vault("check")
        #expect(cold.stdout == warm.stdout)
        #expect(cold.status == warm.status)
        #expect(fixture.vault("check", "--json").stdout == warmJSON.stdout)
    }

    @Test("a note with CRLF line endings: a link in its front matter is not reported at the front matter's line")
    func crlfFrontMatterSkipped() {
        let fixture = FixtureVault("basic")
        fixture.write(
            "crlf.md",
            Data("---\r\ncreated: 2026-11-01\r\nrelated: \"[[Gone]]\"\r\n---\r\n# CRLF\r\n\r\nSee [[Gone]].\r\n".utf8))
        let result = fixture.vault("check")
        let broken = result.stdout.split(separator: "\n").filter { $0.contains("links to no note") }
        #expect(broken == ["crlf.md:7:5: warning: [[Gone]] links to no note; create the note or correct the name."], "\(result.stdout)")
    }

    @Test("a clean vault passes with exit 0")
    func clean() {
        let result = FixtureVault("basic").vault("check")
        #expect(result.status == 0)
        #expect(result.stdout == "No problems in 4 notes.\n")
    }

    @Test("a key written twice in config.yml is a warning naming both lines; the last is used")
    func duplicateConfigKey() throws {
        let fixture = FixtureVault("basic")
        let config = fixture.read(".vault/config.yml")
        let lines = config.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix("timezone:") }) + 1
        fixture.write(".vault/config.yml", Data((config + (config.hasSuffix("\n") ? "" : "\n") + "timezone: UTC\n").utf8))
        let last = config.split(separator: "\n", omittingEmptySubsequences: true).count + 1
        let result = fixture.vault("check")
        #expect(
            result.stdout.contains(
                ".vault/config.yml:\(last): warning: 'timezone' is written twice (lines \(first) and \(last)); the last is used. Remove one."
            ), "\(result.stdout)")
    }

    @Test("unknown categories and duplicate ids are reported with lines")
    func semanticProblems() {
        let fixture = FixtureVault("basic")
        fixture.write(
            "dup.md",
            Data(
                "---\nid: 7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11\ncreated: 2026-11-01\ncategory: Cooking\n---\n# Dup\n"
                    .utf8))
        let result = fixture.vault("check")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "2026/11/systems.md:2: error: id 7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11 is also used by dup.md; give one of them a new id."
            ))
        #expect(result.stdout.contains("dup.md:4: warning: category 'Cooking' is not in .vault/config.yml"))
    }
}

@Suite("Categories and source types, end to end")
struct CategoryCommandTests {
    @Test("rename rewrites only the category line of affected notes; --dry-run changes nothing")
    func rename() {
        let fixture = FixtureVault("basic")
        let before = fixture.checksums()
        let dry = fixture.vault("category", "rename", "health", "Wellbeing", "--dry-run")
        #expect(dry.stdout == "Would: Rename Health to Wellbeing: 1 note.\n  would rewrite 2026/11/sleep.md\n")
        #expect(fixture.checksums() == before)

        let original = fixture.read("2026/11/sleep.md")
        let result = fixture.vault("category", "rename", "health", "Wellbeing")
        #expect(result.status == 0)
        #expect(result.stdout == "Rename Health to Wellbeing: 1 note.\n  rewrote 2026/11/sleep.md\n")
        #expect(
            fixture.read("2026/11/sleep.md")
                == original.replacingOccurrences(of: "category: Health", with: "category: Wellbeing"))
        let after = fixture.checksums()
        for path in before.keys where path != "2026/11/sleep.md" && path != ".vault/config.yml" {
            #expect(after[path] == before[path], "\(path) changed")
        }
        #expect(
            fixture.vault("category", "list").stdout == """
                ■ Learning      #fb923c  1 note
                ■ Productivity  #137fec  1 note
                ■ Wellbeing     #10b981  1 note

                """)
    }

    @Test("rm leaves notes uncategorised; add and color change the config")
    func removeAddColor() {
        let fixture = FixtureVault("basic")
        #expect(
            fixture.vault("category", "rm", "Learning").stdout
                == "Remove Learning: 1 note.\n  rewrote 2026/10/retrieval.md\n")
        #expect(!fixture.read("2026/10/retrieval.md").contains("category:"))
        #expect(
            fixture.vault("category", "add", "Cooking", "--color", "#AABBCC").stdout
                == "Added category Cooking (#aabbcc).\n")
        #expect(fixture.vault("category", "color", "cooking", "#112233").stdout == "Cooking is now #112233.\n")
        let dup = fixture.vault("category", "add", "cooking")
        #expect(dup.status == 1)
        #expect(dup.stderr == "error: the category 'cooking' already exists.\n")
        let badColor = fixture.vault("category", "color", "Cooking", "blue")
        #expect(badColor.status == 64)
        #expect(fixture.vault("category", "list", "--json").stdout.contains("\"color\" : \"#112233\""))
        #expect(fixture.vault("check").status == 0)
    }

    @Test("source types: add, list with counts, rm rewrites notes")
    func sourceTypes() {
        let fixture = FixtureVault("basic")
        #expect(fixture.vault("source-type", "add", "Course").stdout == "Added source type course.\n")
        #expect(fixture.vault("source-type", "list").stdout.hasSuffix("other    0 notes\ncourse   0 notes\n"))
        let rm = fixture.vault("source-type", "rm", "book")
        #expect(
            rm.stdout
                == "Remove source type book: 2 notes.\n  rewrote 2026/10/retrieval.md\n  rewrote 2026/11/systems.md\n")
        #expect(!fixture.read("2026/11/systems.md").contains("source_type"))
        #expect(fixture.read("2026/11/systems.md").contains("source: Atomic Habits\n"))
    }
}
