import Foundation
import Testing

/// Adopting an existing vault: decks, titles and nested vaults, end to end.
@Suite("Adopting an existing vault, end to end")
struct AdoptionTests {
    /// An Obsidian-shaped folder: highlights, Dataview fields, a table, and headings below the first block.
    static func obsidianFolder() -> FixtureVault {
        let folder = FixtureVault()
        folder.write(".obsidian/app.json", Data("{}".utf8))
        folder.write(
            "Plugins/Canvas.md",
            Data("Canvas is a core plugin.\n\n## Create a new canvas\n\nUse ==the ribbon== icon.\n".utf8))
        folder.write(
            "Meetings/2026-11-02 standup.md",
            Data("status:: done\nowner:: Lena\n\n| a | b |\n|---|---|\n| x :: y | z |\n".utf8))
        folder.write("Spanish/verbs.md", Data("---\ntags: [flashcards]\n---\nser ::: to be\n".utf8))
        folder.write("Spanish/off.md", Data("---\ntags: [flashcards]\ncards: false\n---\ntener :: to have\n".utf8))
        folder.write("Inbox/opt-in.md", Data("---\ncards: true\n---\nThe ==mitochondria== is the powerhouse.\n".utf8))
        folder.write("Release notes/v1.1.5.md", Data("- Fixed a bug.\n\n# Improved\n\n- Faster ==search==.\n".utf8))
        folder.write("pages/Spaced Repetition.md", Data("- term:: spacing\n  - nested ==bullet==\n- [[Canvas]]\n".utf8))
        return folder
    }

    @Test("in an adopted vault only tagged or opted-in notes hold cards; highlights and inline fields stay text")
    func cardsOnlyInDecks() throws {
        let folder = Self.obsidianFolder()
        let before = folder.checksums()
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        let after = folder.checksums()
        for (path, sum) in before { #expect(after[path] == sum, "\(path) changed") }
        #expect(folder.read(".vault/config.yml").contains("decks: []\n"))
        let listed = folder.vault("cards", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let paths = cards.compactMap { $0["note_path"] as? String }.sorted()
        #expect(paths == ["Inbox/opt-in.md", "Spanish/verbs.md", "Spanish/verbs.md"])
    }

    @Test("init in a vault whose notes carry #flashcards counts them and their cards instead of saying none holds any")
    func initCountsTaggedNotes() {
        let folder = FixtureVault()
        for n in 1...3 { folder.write("Decks/card \(n).md", Data("# Card \(n)\n\n#flashcards\n\nQuestion \(n) :: Answer \(n)\n".utf8)) }
        folder.write("Plain.md", Data("# Plain\n\nNo cards here.\n".utf8))
        let result = folder.vault("init", "--timezone", "UTC")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Found 4 existing notes; none was changed."), "\(result.stdout)")
        #expect(
            result.stdout.contains("3 notes already hold flashcards (#flashcards, 'cards: true' or a deck folder): 3 cards to study."),
            "\(result.stdout)")
        #expect(!result.stdout.contains("No note holds flashcards yet"), "\(result.stdout)")
    }

    @Test("after init on a vault copied without dates, status says why nothing is to review")
    func statusSaysWhyNothingToReview() throws {
        let folder = FixtureVault()
        let copiedAt = Date(timeIntervalSince1970: 1_794_999_960)
        for n in 1...24 {
            folder.write("Copied/note \(n).md", Data("Text of note \(n).\n".utf8))
            try FileManager.default.setAttributes(
                [.modificationDate: copiedAt.addingTimeInterval(Double(n))],
                ofItemAtPath: folder.url.appendingPathComponent("Copied/note \(n).md").path)
        }
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        var vault = folder.vault
        vault.environment["VAULT_NOW"] = "2026-11-22T20:00:00Z"
        let status = vault("status")
        #expect(status.status == 0, "\(status.stderr)")
        let lines = status.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("24 notes, 0 to review now") == true, "\(status.stdout)")
        #expect(
            lines.dropFirst().first?.hasPrefix(
                "24 notes have no created date (their file times say only when the vault was copied), so they come up in no review"
            ) == true, "\(status.stdout)")
    }

    @Test("an adopted note is titled by its opening heading or else its file name")
    func titles() throws {
        let folder = Self.obsidianFolder()
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        let listed = folder.vault("list", "--json")
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let titles = Dictionary(uniqueKeysWithValues: notes.map { ($0["path"] as! String, $0["title"] as! String) })
        #expect(titles["Plugins/Canvas.md"] == "Canvas")
        #expect(titles["Meetings/2026-11-02 standup.md"] == "2026-11-02 standup")
        #expect(titles["Release notes/v1.1.5.md"] == "v1.1.5")
        #expect(titles["pages/Spaced Repetition.md"] == "Spaced Repetition")
    }

    @Test("init in an empty folder makes the whole vault one deck")
    func emptyFolderIsOneDeck() {
        let folder = FixtureVault()
        let result = folder.vault("init", "--timezone", "UTC")
        #expect(result.status == 0)
        #expect(result.stdout.contains("The whole vault is one deck"))
        #expect(folder.read(".vault/config.yml").contains("decks: [/]\n"))
    }

    @Test("init inside or around a vault refuses and names it; --force nests, and the outer vault leaves it out")
    func nestedVaults() throws {
        let folder = FixtureVault()
        folder.write("outer.md", Data("# Outer\n".utf8))
        folder.write("Projects/inner.md", Data("# Inner\n".utf8))
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        let inside = folder.vault("init", "Projects", "--timezone", "UTC")
        #expect(inside.status == 1)
        #expect(inside.stderr.contains("is inside the vault at \(folder.url.path)"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Projects/.vault").path))
        #expect(folder.vault("init", "Projects", "--timezone", "UTC", "--force").status == 0)
        let listed = folder.vault("list")
        #expect(listed.stdout.contains("Outer"))
        #expect(!listed.stdout.contains("Inner"))

        let around = FixtureVault()
        around.write("Work/note.md", Data("# Note\n".utf8))
        #expect(around.vault("init", "Work", "--timezone", "UTC").status == 0)
        let refused = around.vault("init", "--timezone", "UTC")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("holds the vault at \(around.url.path)/Work"))
    }
}

/// An adopted git repository whose notes were written over three years.
@Suite("Baseline for an adopted vault, end to end")
struct BaselineTests {
    /// 60 notes without front matter, each committed on its own date from 2023-11 to 2026-11.
    static func oldRepository() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let sandbox = VaultSandbox(root: root)
        try sandbox.sh("git init -q .")
        var script = ""
        for i in 0..<60 {
            let day = 18 * i  // every 18 days from 2023-11-20
            script += "mkdir -p notes && printf 'Thought %d.\\n' > notes/thought-\(i).md && "
            script += "d=$(date -u -d \"2023-11-20 + \(day) days\" +%Y-%m-%dT12:00:00Z) && "
            script += "git add notes && GIT_AUTHOR_DATE=$d GIT_COMMITTER_DATE=$d git commit -q -m n\(i)\n"
        }
        try sandbox.sh(script)
        return sandbox
    }

    @Test("without a baseline, years of missed weeks fold into one line per level; after vault baseline none is missed")
    func baselineStartsFresh() throws {
        var sandbox = try Self.oldRepository()
        defer { sandbox.cleanUp() }
        sandbox.now = "2026-11-24T09:00:00Z"
        #expect(try sandbox.run(["init", "--timezone", "UTC"]).status == 0)
        let before = try sandbox.run(["status"])
        #expect(before.status == 0, "\(before.stderr)")
        let lines = before.stdout.split(separator: "\n")
        #expect(lines.count <= 25, "\(before.stdout)")
        #expect(before.stdout.contains("missed weekly reviews since 2023-W47"), "\(before.stdout)")
        #expect(!before.stdout.contains("missed   weekly   2024-W"), "\(before.stdout)")

        let recorded = try sandbox.run(["baseline"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.hasPrefix("Baseline 2026-11-24:"))
        let after = try sandbox.run(["status"])
        #expect(!after.stdout.contains("missed"), "\(after.stdout)")
        #expect(after.stdout.contains("Baseline 2026-11-24"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try sandbox.run(["status", "--json"]).stdout.utf8))
                as? [String: Any])
        #expect(json["baseline"] as? String == "2026-11-24")
        #expect(json["notes_to_review"] as? Int == 0)
        // Old periods stay reviewable by id.
        let old = try sandbox.run(["review", "weekly", "2023-W47", "--list"])
        #expect(old.stdout.contains("before baseline"), "\(old.stdout)")
    }

    @Test("init --baseline DATE records the baseline with the vault")
    func initWithBaseline() throws {
        var sandbox = try Self.oldRepository()
        defer { sandbox.cleanUp() }
        sandbox.now = "2026-11-24T09:00:00Z"
        let result = try sandbox.run(["init", "--baseline", "2026-01-01", "--timezone", "UTC"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Baseline 2026-01-01"))
        let status = try sandbox.run(["status"])
        #expect(!status.stdout.contains("2025-W"), "\(status.stdout)")
        #expect(status.stdout.contains("missed"), "2026's weeks are still missed: \(status.stdout)")
        let bare = FixtureVault()
        let today = bare.vault("init", "--baseline", "--timezone", "UTC")
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.contains("Baseline "))
    }
}

@Suite("Naming notes by title and alias, end to end")
struct NoteNamingTests {
    @Test("show and history accept a title or alias: exact first (any case), then a unique prefix")
    func byTitle() {
        let folder = FixtureVault("basic")
        let shown = folder.vault("show", "retrieval beats rereading")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Retrieval beats rereading"))
        #expect(folder.vault("show", "Caffeine has").stdout.hasPrefix("Caffeine has a quarter-life"))
        #expect(folder.vault("history", "2026-11-12 THOUGHT").status == 0)
        let none = folder.vault("show", "no such title")
        #expect(none.status == 1)
        #expect(none.stderr.contains("or a title"))
    }
}

@Suite("Tags and links, end to end")
struct TagsAndLinksTests {
    static func linked() -> FixtureVault {
        let folder = FixtureVault()
        folder.write(
            "Home.md",
            Data(
                "# Home\n\nSee [[Canvas]], [[Plugins/Canvas#Setup|the plugin]] and [[Missing note]].\n#area/sub\n".utf8)
        )
        folder.write("Plugins/Canvas.md", Data("# Canvas\n\nBack to [home](../Home.md). ![[diagram.png]] #area\n".utf8))
        return folder
    }

    @Test("links resolves wiki and Markdown links, lists backlinks and what leads nowhere")
    func links() throws {
        let folder = Self.linked()
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        let result = folder.vault("links", "Plugins/Canvas.md", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let outgoing = try #require(json["outgoing"] as? [[String: Any]])
        #expect(outgoing.map { $0["resolved"] as? String } == ["Home.md"])
        let back = try #require(json["backlinks"] as? [[String: Any]])
        #expect(back.map { $0["source"] as? String } == ["Home.md", "Home.md"])
        let home = folder.vault("links", "home")
        #expect(home.stdout.contains("Unresolved (1)\n  Missing note"), "\(home.stdout)")
    }

    @Test("check warns about a broken wiki link with its line; tags counts nested tags under their parents")
    func checkAndTags() {
        let folder = Self.linked()
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        let check = folder.vault("check")
        #expect(check.stdout.contains("Home.md:3:57: warning: [[Missing note]] links to no note"), "\(check.stdout)")
        let tags = folder.vault("tags")
        #expect(tags.stdout.hasPrefix("#area   2 (1)\n  #sub  1\n"), "\(tags.stdout)")
    }
}

@Suite("Errors are sentences after error:, usage mistakes keep exit 64")
struct ErrorChannelTests {
    @Test("init on a file says so in a sentence; an unknown option is a usage error")
    func errors() {
        let folder = FixtureVault()
        folder.write("somefile", Data("x".utf8))
        let onFile = folder.vault("init", "somefile")
        #expect(onFile.status == 1)
        #expect(
            onFile.stderr
                == "error: \(folder.url.path)/somefile is a file, not a folder; give a folder (new or holding notes) to make a vault.\n"
        )
        let under = folder.vault("init", "somefile/inner")
        #expect(under.status == 1)
        #expect(under.stderr == "error: cannot write \(folder.url.path)/somefile/inner: \(folder.url.path)/somefile is not a folder.\n")
        let usage = folder.vault("init", "--no-such-flag")
        #expect(usage.status == 64)
        #expect(!usage.stderr.contains("error: error"))
        let help = folder.vault("init", "--help")
        #expect(help.status == 0)
    }
}

@Suite("Links and special files stay out of the vault's business")
struct HostileFilesTests {
    @Test(
        "links out of the vault and up to it are not followed; a linked note is never written through; a FIFO blocks nothing"
    )
    func linksAndFIFOs() throws {
        let outside = FixtureVault()
        outside.write("secret.md", Data("---\ncreated: 2026-11-10\n---\n# Secret\n\nkey\n".utf8))
        let folder = FixtureVault()
        folder.write("real.md", Data("---\ncreated: 2026-11-10\n---\n# Real\n\nbody\n".utf8))
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("leak.md").path,
            withDestinationPath: outside.url.appendingPathComponent("secret.md").path)
        try fm.createSymbolicLink(atPath: folder.url.appendingPathComponent("up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("everything").path, withDestinationPath: "/")
        try fm.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("alias.md").path, withDestinationPath: "real.md")
        #expect(mkfifo(folder.url.appendingPathComponent("pipe.md").path, 0o644) == 0)
        try fm.createDirectory(
            at: folder.url.appendingPathComponent(".vault/ledger"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.url.appendingPathComponent(".vault/ledger/2027.log").path, 0o644) == 0)
        let before = outside.checksums()
        let listed = folder.vault("list")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("real.md") && listed.stdout.contains("alias.md"))
        #expect(!listed.stdout.contains("Secret"), "\(listed.stdout)")
        let check = folder.vault("check")
        #expect(
            check.stdout.contains("leak.md: warning: skipped: a symbolic link that leads outside the vault"),
            "\(check.stdout)")
        #expect(check.stdout.contains("up: warning: skipped: a symbolic link that leads outside the vault"))
        #expect(check.stdout.contains("pipe.md: warning: skipped: not a regular file"))
        #expect(check.stdout.contains(".vault/ledger/2027.log: error: not a regular file"), "\(check.stdout)")
        #expect(folder.vault("status").status == 0, "a FIFO ledger file blocks nothing")
        let review = folder.vault("--now", "2026-11-15T18:00:00Z", "review", "weekly", "--keep", "alias.md")
        #expect(review.status == 1)
        #expect(
            review.stderr.contains("alias.md is a symbolic link, and vault never writes through a link"),
            "\(review.stderr)")
        #expect(
            try fm.destinationOfSymbolicLink(atPath: folder.url.appendingPathComponent("alias.md").path) == "real.md")
        #expect(outside.checksums() == before)
    }
}

@Suite("Clean terminal output")
struct TerminalInjectionTests {
    @Test("escape sequences in titles, bodies and file names never reach stdout as ESC bytes")
    func noEscapes() throws {
        let folder = FixtureVault()
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        let osc52 = "\u{1B}]52;c;ZXZpbA==\u{7}"
        folder.write(
            "evil\u{1B}[2J.md",
            Data(
                "---\ncreated: 2026-11-10\ntags: [x\u{1B}]0;title\u{7}]\n---\n# Title \(osc52)\n\nBody \u{1B}[2J text\n"
                    .utf8))
        for args in [["list"], ["show", "evil\u{1B}[2J.md"], ["search", "text"], ["check"], ["tags"]] {
            let result = folder.vault.run(args)
            #expect(!result.stdout.utf8.contains(0x1B), "\(args): \(result.stdout.debugDescription)")
            #expect(!result.stderr.utf8.contains(0x1B), "\(args): \(result.stderr.debugDescription)")
        }
        #expect(folder.vault("list").stdout.contains("Title \\e]52;c;ZXZpbA==\\u{7}"))
        let json =
            try JSONSerialization.jsonObject(with: Data(folder.vault("list", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(json?.first?["title"] as? String == "Title \(osc52)", "JSON stays exact")
    }

    @Test("a vault copied without dates (every file modified in one minute) floods no review; check folds its warning")
    func copiedVaultFloodsNoReview() throws {
        let folder = FixtureVault()
        let copiedAt = Date(timeIntervalSince1970: 1_794_999_960)  // 2026-11-18 09:46:00 UTC, a Wednesday
        for n in 1...25 { folder.write("Copied/note \(n).md", Data("Text of note \(n).\n".utf8)) }
        folder.write("Written.md", Data("Written that Monday.\n".utf8))
        for n in 1...25 {
            try FileManager.default.setAttributes(
                [.modificationDate: copiedAt.addingTimeInterval(Double(n))],
                ofItemAtPath: folder.url.appendingPathComponent("Copied/note \(n).md").path)
        }
        try FileManager.default.setAttributes(
            [.modificationDate: copiedAt.addingTimeInterval(-2 * 86_400)],
            ofItemAtPath: folder.url.appendingPathComponent("Written.md").path)
        #expect(folder.vault("init", "--timezone", "UTC").status == 0)
        var vault = folder.vault
        vault.environment["VAULT_NOW"] = "2026-11-22T20:00:00Z"
        let listed = vault("review", "weekly", "2026-W47", "--list", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Written.md"))
        #expect(!listed.stdout.contains("Copied/"), "\(listed.stdout)")
        let checked = vault("check")
        #expect(checked.stdout.components(separatedBy: "copied-file-time").count - 1 <= 4, "\(checked.stdout)")
        #expect(checked.stdout.contains("and 22 more"), "\(checked.stdout)")
        #expect(checked.stdout.contains("Written.md: warning: the note has no created date"), "\(checked.stdout)")
    }
}
