import Foundation
import Testing

/// End-to-end tests of the note commands on the built binary.
@Suite("Note commands, end to end")
struct NoteCommandsTests {
    @Test("list prints notes newest first with date, id, title, category, tags and path")
    func list() {
        let fixture = FixtureVault("basic")
        let result = fixture.vault("list")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                2026-11-16  7f0c2a52  You do not rise to the level of your goals   Productivity  #habits #systems            2026/11/systems.md
                2026-11-12  --------  2026-11-12 thought                                         #tags                       inbox/2026-11-12 thought.md
                2026-11-10  2b9e4c1d  Caffeine has a quarter-life of twelve hours  Health        #sleep                      2026/11/sleep.md
                2026-10-05  c3d4e5f6  Retrieval beats rereading                    Learning      #memory #spaced-repetition  2026/10/retrieval.md
                4 notes

                """)
    }

    @Test("list --json gives every field, source types inferred from URLs marked")
    func listJSON() throws {
        let fixture = FixtureVault("basic")
        let result = fixture.vault("list", "--json")
        #expect(result.status == 0)
        let notes = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        #expect(
            notes.map { $0["path"] as! String } == [
                "2026/11/systems.md", "inbox/2026-11-12 thought.md", "2026/11/sleep.md", "2026/10/retrieval.md",
            ])
        let sleep = notes[2]
        #expect(sleep["source_type"] as? String == "video")
        #expect(sleep["source_type_inferred"] as? Bool == true)
        #expect(sleep["created"] as? String == "2026-11-10T21:15:00+01:00")
        #expect(sleep["wiki_links"] as? [String] == ["You do not rise to the level of your goals"])
        #expect(notes[0]["extra"] as? [String: String] == ["mood": "curious"])
        #expect(notes[1]["created_from"] as? String == "file-name")
        #expect(notes[3]["tags"] as? [String] == ["memory", "spaced-repetition"])
    }

    @Test("show renders the note for the terminal, by id prefix, with its cycle and last review")
    func show() {
        let fixture = FixtureVault("basic")
        let result = fixture.vault("show", "7f0c")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                You do not rise to the level of your goals
                ■ Productivity  ·  Atomic Habits (book)
                #habits #systems
                2026-11-16  2026/11/systems.md
                mood: curious
                cycle daily · not reviewed yet

                You fall to the level of your systems. #habits

                • Make it obvious
                • Make it easy

                """)
    }

    @Test("show of an unknown note fails with a sentence on stderr")
    func showUnknown() {
        let result = FixtureVault("basic").vault("show", "nothing-like-this")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "error: no note matches 'nothing-like-this'; give a path, an id, an id prefix of 4 or more characters, or a title (see `vault list`).\n"
        )
    }

    @Test("new writes a note with an id, the moment from --now, and the flags")
    func newNote() {
        let fixture = FixtureVault("basic")
        let result = fixture.vault(
            "new", "Spacing beats cramming\nSpread reviews out.", "--category", "learning", "--tag", "memory", "--tag",
            "study", "--source", "Make It Stick", "--type", "book", "--now", "2026-11-18T09:00:00Z")
        #expect(result.status == 0)
        #expect(result.stdout == "2026/11/spacing-beats-cramming.md\n")
        let text = fixture.read("2026/11/spacing-beats-cramming.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("id: ") && lines[1].count == 40)
        #expect(
            Array(lines.dropFirst(2)) == [
                "created: 2026-11-18T10:00:00+01:00", "category: Learning", "tags: [memory, study]",
                "source: Make It Stick", "source_type: book", "---", "# Spacing beats cramming", "",
                "Spread reviews out.", "",
            ])
        // The same title again gets the next free name, never overwriting.
        #expect(fixture.vault("new", "Spacing beats cramming").stdout == "2026/11/spacing-beats-cramming-2.md\n")
    }

    @Test("new refuses an unknown category and writes nothing")
    func newUnknownCategory() {
        let fixture = FixtureVault("basic")
        let before = fixture.checksums()
        let result = fixture.vault("new", "x", "--category", "Cooking")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: there is no category 'Cooking'"))
        #expect(fixture.checksums() == before)
    }

    @Test("new without text uses $EDITOR and saves nothing when the editor fails")
    func newWithEditor() throws {
        let fixture = FixtureVault("basic")
        let script = fixture.url.appendingPathComponent("fake-editor.sh")
        try "#!/bin/sh\nprintf 'Edited title\\n\\nFrom the editor.\\n' > \"$1\"\n".write(
            to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        var runner = fixture.vault
        // Through sh: exec of a script just written can fail with ETXTBSY while a test running beside holds its fd.
        runner.environment["EDITOR"] = "sh " + script.path
        runner.environment["VAULT_NOW"] = "2026-11-18T09:00:00Z"
        #expect(runner("new").stdout == "2026/11/edited-title.md\n")
        #expect(fixture.read("2026/11/edited-title.md").hasSuffix("# Edited title\n\nFrom the editor.\n"))
        let before = fixture.checksums()
        let failed = fixture.vault("new")  // EDITOR=false
        #expect(failed.status == 1)
        #expect(failed.stderr == "error: the editor 'false' did not exit cleanly; nothing was saved.\n")
        #expect(fixture.checksums() == before)
    }

    @Test("new's scratch file is 0600 in a folder only its owner opens (0700), gone after the save, and a refused text moves to the user's state folder")
    func newScratchIsPrivate() throws {
        let fixture = FixtureVault("basic")
        let temporary = fixture.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let report = fixture.url.appendingPathComponent("scratch-seen")
        let script = fixture.url.appendingPathComponent("mode-editor.sh")
        try """
            #!/bin/sh
            printf '%s %s %s\\n' "$(stat -c %a "$1")" "$(stat -c %a "$(dirname "$1")")" "$1" > '\(report.path)'
            printf 'Private title\\n\\nBody.\\n' > "$1"
            cp "$1" "$1~"

            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        var runner = fixture.vault
        runner.environment["EDITOR"] = "sh " + script.path
        runner.environment["TMPDIR"] = temporary.path
        runner.environment["XDG_STATE_HOME"] = fixture.url.appendingPathComponent("state").path
        runner.environment["VAULT_NOW"] = "2026-11-18T09:00:00Z"
        let result = runner("new")
        #expect(result.status == 0, "\(result.stderr)")
        let seen = try String(contentsOf: report, encoding: .utf8).split(separator: " ").map(String.init)
        #expect(seen.count == 3 && seen[0] == "600" && seen[1] == "700", "\(seen)")
        #expect(seen[2].hasPrefix(temporary.path + "/vault-new-"))
        // The file, the editor's backup beside it and the private folder are all gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        // A refused text leaves the shared temporary folder too, for the user's own state folder.
        try "#!/bin/sh\nprintf -- '---\\ncategory: Nosuch\\n---\\n# Refused\\n' > \"$1\"\n".write(
            to: script, atomically: true, encoding: .utf8)
        let refused = runner("new")
        #expect(refused.status == 1)
        let unsaved = fixture.url.appendingPathComponent("state/vault/unsaved")
        let kept = try FileManager.default.contentsOfDirectory(atPath: unsaved.path)
        #expect(kept.count == 1 && kept[0].hasPrefix("vault-new-"), "\(kept)")
        #expect(refused.stderr.contains("warning: your text is kept in \(unsaved.path)/vault-new-"), "\(refused.stderr)")
        let mode = { (path: String) in
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
        }
        #expect(mode(unsaved.path) == 0o700 && mode(unsaved.appendingPathComponent(kept[0]).path) == 0o600)
        #expect(try String(contentsOf: unsaved.appendingPathComponent(kept[0]), encoding: .utf8).contains("# Refused"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test("the editor's template has front matter slots; what is written there is front matter, not body")
    func newWithTemplate() throws {
        let fixture = FixtureVault("basic")
        let script = fixture.url.appendingPathComponent("fill-template.sh")
        try """
            #!/bin/sh
            sed -i 's/^category: $/category: Health/; s/^tags: \\[\\]$/tags: [sleep, rest]/; s/^# $/# Sleep well/' "$1"
            printf 'Eight hours.\\n' >> "$1"
            cp "$1" "$1.seen"

            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        var runner = fixture.vault
        // Through sh: exec of a script just written can fail with ETXTBSY while a test running beside holds its fd.
        runner.environment["EDITOR"] = "sh " + script.path
        runner.environment["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("vault-state-\(UUID().uuidString)").path
        runner.environment["VAULT_NOW"] = "2026-11-18T09:00:00Z"
        let result = runner("new")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2026/11/sleep-well.md\n")
        let note = fixture.read("2026/11/sleep-well.md")
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "---" && lines[1].hasPrefix("id: ") && lines[2].hasPrefix("created: 2026-11-18T"))
        #expect(Array(lines[3...]) == ["category: Health", "tags: [sleep, rest]", "---", "# Sleep well", "", "Eight hours.", ""])
        let listed = runner("list", "--json").stdout
        #expect(listed.contains("\"category\" : \"Health\""))
        // A category the vault does not have is refused, and nothing is saved.
        try "#!/bin/sh\nsed -i 's/^category: $/category: Cooking/; s/^# $/# Pasta/' \"$1\"\n".write(
            to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let before = fixture.checksums()
        let refused = runner("new")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("warning: your text is kept in "))
        #expect(refused.stderr.contains("error: there is no category 'Cooking'"))
        #expect(fixture.checksums() == before)
    }

    @Test("a hostile new_note_path is refused at load, naming the key and line; nothing is written anywhere")
    func hostileNewNotePath() throws {
        let vault = try VaultSandbox(fixture: "basic")
        defer { vault.cleanUp() }
        let target = vault.root.appendingPathComponent("../../escaped-escape-attempt.md").standardizedFileURL
        let config = try vault.read(".vault/config.yml")
        for (pattern, words) in [
            ("../../escaped-{slug}.md", "goes out of the vault"), ("\"\"", "is empty"), (".hidden/{slug}.md", "has a hidden part"),
        ] {
            let lines = config.split(separator: "\n").filter { !$0.hasPrefix("new_note_path:") }.joined(separator: "\n")
            try vault.write(".vault/config.yml", lines + "\nnew_note_path: \(pattern)\n")
            let result = try vault.run(["new", "Escape attempt"])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("error: .vault/config.yml:") && result.stderr.contains("'new_note_path' \(words)"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(!(try FileManager.default.subpathsOfDirectory(atPath: vault.root.path)).contains { $0.contains("escape") })
    }

    @Test("a bad VAULT_NOW is an error naming the value")
    func badNow() {
        var runner = FixtureVault("basic").vault
        runner.environment["VAULT_NOW"] = "next tuesday"
        let result = runner("list")
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: 'next tuesday' (from --now or VAULT_NOW) is not a moment; write it as 2026-11-18T09:00:00Z.\n"
        )
    }

    @Test("the vault is found from a subfolder, VAULT_DIR or --vault, and its absence is explained")
    func discovery() {
        let fixture = FixtureVault("basic")
        let sub = VaultRunner(directory: fixture.url.appendingPathComponent("2026/11"))
        #expect(sub("list").stdout.hasSuffix("4 notes\n"))
        let elsewhere = FixtureVault()
        var byEnv = elsewhere.vault
        byEnv.environment["VAULT_DIR"] = fixture.url.path
        #expect(byEnv("list").stdout.hasSuffix("4 notes\n"))
        #expect(elsewhere.vault("list", "--vault", fixture.url.path).stdout.hasSuffix("4 notes\n"))
        // Global options may also stand before the subcommand.
        #expect(elsewhere.vault("--vault", fixture.url.path, "check").stdout == "No problems in 4 notes.\n")
        #expect(elsewhere.vault("--vault=\(fixture.url.path)", "--now", "2026-11-18", "list").status == 0)
        let none = elsewhere.vault("list")
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("error: no vault found in "))
    }

    @Test("a usage mistake gets the argument parser's message and exit code")
    func usageError() {
        let result = FixtureVault("basic").vault("list", "--no-such-flag")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown option '--no-such-flag'"))
    }
}

@Suite("Vault set-up commands, end to end")
struct InitCommandTests {
    @Test("init adopts a folder of notes, changing none, and refuses to run twice")
    func initAdopts() {
        let folder = FixtureVault()
        folder.write("Daily/2026-11-18.md", Data("# Today\r\n".utf8))
        folder.write(".obsidian/workspace.json", Data("{}".utf8))
        let before = folder.checksums()
        let result = folder.vault("init", "--timezone", "Europe/Berlin")
        #expect(result.status == 0)
        #expect(
            result.stdout
                == """
                Initialized a vault in \(folder.url.path) (time zone Europe/Berlin).
                  wrote .vault/config.yml
                  wrote .gitignore
                  wrote .gitattributes
                Found 1 existing notes; none was changed.
                No note holds flashcards yet: list deck folders under 'decks:' in .vault/config.yml, tag notes #flashcards, or write 'cards: true' in a note's front matter.

                """.replacingOccurrences(of: "1 existing notes", with: "1 existing note"))
        let after = folder.checksums()
        for (path, sum) in before { #expect(after[path] == sum, "\(path) changed") }
        #expect(folder.read(".gitattributes") == ".vault/ledger/*.log merge=union\n")
        let again = folder.vault("init")
        #expect(again.status == 1)
        #expect(again.stderr.hasSuffix("is already a vault (it has .vault/config.yml); nothing was changed.\n"))
    }
}
