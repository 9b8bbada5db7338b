import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("Scanner")
struct ScannerTests {
    @Test("notes are *.md files outside dot folders and ignored paths")
    func findsNotes() throws {
        let dir = TempFolder()
        try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "UTC")
        for path in [
            "a.md", "folder/b.md", "folder/deep/c.md", "notes.txt", ".obsidian/x.md", ".hidden.md",
            "folder/.trash/d.md", "drafts/e.md", "templates/t.md", "keep/templates/t2.md", "x/skip.tmp.md",
        ] {
            dir.write(path, "# note")
        }
        dir.write(".vault/ignore", "# comment\ndrafts/\n/templates\n*.tmp.md\n")
        let scan = VaultScanner(layout: VaultLayout(root: dir.url)).scan()
        #expect(scan.files.map(\.path) == ["a.md", "folder/b.md", "folder/deep/c.md", "keep/templates/t2.md"])
        #expect(scan.problems.isEmpty)
    }

    @Test("symbolic link loops and dangling links are reported, not followed")
    func symlinkLoops() throws {
        let dir = TempFolder()
        dir.write("real/a.md", "# a")
        try FileManager.default.createSymbolicLink(atPath: dir.url.path + "/real/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: dir.url.path + "/self.md", withDestinationPath: "self.md")
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.path + "/linked.md", withDestinationPath: "real/a.md")
        let scan = VaultScanner(layout: VaultLayout(root: dir.url)).scan()
        #expect(scan.files.map(\.path) == ["linked.md", "real/a.md"])
        #expect(scan.problems.map(\.path).sorted() == ["real/loop", "self.md"])
        #expect(scan.problems.first { $0.path == "real/loop" }?.code == "symlink-loop")
    }

    /// Most names take the walk's byte-level path (`VaultScanner.kind(ofName:)`,
    /// then `statNotes`); hidden, non-UTF-8 and control-character names take
    /// the general one.
    /// Both must give what the rules say, in one folder side by side.
    @Test("names of every kind: ASCII, accented, decomposed, CJK, emoji, control, not UTF-8, FIFO, .vault file")
    func namesOfEveryKind() throws {
        let dir = TempFolder()
        let plain = [
            "plain.md", "Über.md", "U\u{308}bung.md", "日本語.md", "📚 books.md", "sub/a b.md", "sub/deep/ok.md",
            "control\u{1}name.md",
        ]
        for path in plain + ["UPPER.MD", "note.md.txt", ".hidden.md", "other/.vault", "other/inner.md", "skip/x.md"] {
            dir.write(path, "# n")
        }
        dir.write(".vault/ignore", "skip/\n")
        let invalid = Array(dir.url.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".md".utf8) + [0]
        let fd = invalid.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(fd >= 0)
        close(fd)
        #expect(mkfifo(dir.url.path + "/pipe.md", 0o644) == 0)
        let scan = VaultScanner(layout: VaultLayout(root: dir.url)).scan()
        #expect(scan.files.map(\.path) == plain.sorted())
        #expect(Set(scan.problems.map(\.code)) == ["file-name", "not-a-file"], "\(scan.problems)")
        #expect(scan.problems.contains { $0.path == "bad\\xFF.md" })
        let parallel = VaultScanner(layout: VaultLayout(root: dir.url)).scanFiles(threads: 2)
        #expect(parallel.files.sorted { $0.path < $1.path } == scan.files)
        #expect(parallel.problems.map(\.path).sorted() == scan.problems.map(\.path).sorted())
    }

    /// The parallel walk shares a large folder's notes out between threads,
    /// and starts them only past a few hundred names: a flat folder, a
    /// folder of many subfolders, and a large folder that holds a vault of
    /// its own (left out, shared-out names and all) give what one thread finds.
    @Test("a parallel scan finds what one thread finds, whatever the shape, with the same fingerprint")
    func parallelShapes() throws {
        let dir = TempFolder()
        for i in 0..<(VaultScanner.shareSize * 3 + 17) { dir.write(String(format: "flat/%04d é.md", i), "") }
        for i in 0..<40 { dir.write("tree/\(i % 7)/\(i % 3)/n\(i).md", "") }
        for i in 0..<(VaultScanner.shareSize + 9) { dir.write("other/\(i).md", "") }
        dir.write("other/.vault/config.yaml", "")
        dir.write("top.md", "")
        let scanner = VaultScanner(layout: VaultLayout(root: dir.url))
        let one = scanner.scan()
        #expect(one.files.count == VaultScanner.shareSize * 3 + 17 + 40 + 1)
        for threads in [1, 2, 5] {
            let found = scanner.scanFiles(threads: threads)
            #expect(found.count == one.files.count)
            #expect(found.files.sorted { $0.path < $1.path } == one.files, "threads: \(threads)")
            #expect(found.fingerprint == ScanFingerprint(one.files))
            #expect(found.problems.isEmpty)
        }
    }

    @Test("a scan records size, times and inode")
    func stats() {
        let dir = TempFolder()
        dir.write("a.md", "12345")
        let file = VaultScanner(layout: VaultLayout(root: dir.url)).scan().files[0]
        #expect(file.size == 5)
        #expect(file.modified > 0 && file.changed > 0 && file.inode > 0)
    }
}

@Suite("Ignore rules")
struct IgnoreRulesTests {
    @Test(
        "gitignore patterns",
        arguments: [
            ("*.tmp", "a/b.tmp", false, true),
            ("/top.md", "top.md", false, true),
            ("/top.md", "sub/top.md", false, false),
            ("build/", "x/build", true, true),
            ("build/", "x/build", false, false),
            ("docs/**/draft.md", "docs/a/b/draft.md", false, true),
            ("docs/**/draft.md", "docs/draft.md", false, true),
            ("a?c.md", "abc.md", false, true),
            ("[ab]*.md", "b1.md", false, true),
            ("[!ab]*.md", "b1.md", false, false),
        ])
    func matches(pattern: String, path: String, isDirectory: Bool, ignored: Bool) {
        #expect(IgnoreRules(pattern).ignores(path, isDirectory: isDirectory) == ignored)
    }

    @Test("a later negation re-includes")
    func negation() {
        let rules = IgnoreRules("*.md\n!keep.md\n")
        #expect(rules.ignores("x.md", isDirectory: false))
        #expect(!rules.ignores("keep.md", isDirectory: false))
    }
}

@Suite("Vault set-up")
struct VaultSetupTests {
    @Test("init adopts a folder of notes without changing a byte of them")
    func adoptsObsidianVault() throws {
        let dir = TempFolder()
        dir.write("Daily/2026-11-18.md", "no front matter\r\n")
        dir.write(".obsidian/app.json", "{}")
        dir.write(".gitignore", "node_modules/")
        let before = dir.read("Daily/2026-11-18.md")
        let written = try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "Asia/Tokyo")
        #expect(written == [".vault/config.yml", ".gitignore", ".gitattributes"])
        #expect(dir.read("Daily/2026-11-18.md") == before)
        #expect(
            dir.read(".gitignore") == "node_modules/\n.vault/cache\n.vault/local\n.vault/trash\n.*.vault-tmp-*\n")
        #expect(dir.read(".gitattributes") == ".vault/ledger/*.log merge=union\n")
        let config = try ConfigFile.read(VaultLayout(root: dir.url))
        #expect(config.timeZoneIdentifier == "Asia/Tokyo")
        #expect(config.categories.map(\.name).first == "Productivity")
        #expect(config.categories.count == 9)
        #expect(config.sourceTypes == SourceType.predefined)
    }

    @Test("init lists the template folders Obsidian's Templates and Templater plugins name in .vault/ignore")
    func obsidianTemplates() throws {
        let dir = TempFolder()
        dir.write("Templates/Daily.md", "---\ncreated: {{date}}\n---\n# {{title}}\n")
        dir.write("Meta/Templater/Weekly.md", "<% tp.date.now() %>\n")
        dir.write("notes/a.md", "# A\n")
        dir.write(".obsidian/templates.json", #"{"folder": "Templates/"}"#)
        dir.write(".obsidian/plugins/templater-obsidian/data.json", #"{"templates_folder": "/Meta/Templater"}"#)
        dir.write(".vault/ignore", "drafts/")
        let written = try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "UTC")
        #expect(written.last == ".vault/ignore (/Templates/, /Meta/Templater/)")
        #expect(
            dir.read(".vault/ignore")
                == "drafts/\n# Obsidian's template folders: templates, not notes (vault init)\n/Templates/\n/Meta/Templater/\n"
        )
        #expect(VaultScanner(layout: VaultLayout(root: dir.url)).scan().files.map(\.path) == ["notes/a.md"])
    }

    @Test("init passes over a template folder that is missing, outside the vault, hidden, a wildcard or not JSON")
    func obsidianTemplatesRefused() throws {
        for (file, text) in [
            (".obsidian/templates.json", #"{"folder": "Missing"}"#),
            (".obsidian/templates.json", #"{"folder": "../outside"}"#),
            (".obsidian/templates.json", #"{"folder": ".hidden"}"#),
            (".obsidian/templates.json", #"{"folder": "T*"}"#),
            (".obsidian/templates.json", #"{"folder": ["Templates"]}"#),
            (".obsidian/templates.json", "folder: Templates"),
            (".obsidian/plugins/templater-obsidian/data.json", #"{"folder": "Templates"}"#),
        ] {
            let dir = TempFolder()
            for folder in ["Templates", "T*", ".hidden"] { dir.write(folder + "/x.md", "# x\n") }
            dir.write(file, text)
            let written = try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "UTC")
            #expect(!written.contains { $0.hasPrefix(".vault/ignore") }, "\(text)")
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(".vault/ignore").path))
        }
    }

    @Test("init refuses an existing vault and changes nothing")
    func refusesExisting() throws {
        let dir = TempFolder()
        try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "UTC")
        let config = dir.read(".vault/config.yml")
        #expect(throws: VaultStoreError.alreadyAVault(VaultLayout(root: dir.url).root.path)) {
            try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "Europe/Berlin")
        }
        #expect(dir.read(".vault/config.yml") == config)
    }

    @Test("the vault is found from a flag, the environment, or a parent folder")
    func locates() throws {
        let dir = TempFolder()
        try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "UTC")
        dir.write("deep/er/note.md", "x")
        let deep = dir.url.appendingPathComponent("deep/er")
        let root = VaultLayout(root: dir.url).root
        #expect(try VaultLocator.locate(explicit: nil, environment: nil, current: deep).root == root)
        #expect(
            try VaultLocator.locate(
                explicit: dir.url.path, environment: "/nonexistent", current: URL(fileURLWithPath: "/")
            ).root == root)
        #expect(
            try VaultLocator.locate(explicit: nil, environment: dir.url.path, current: URL(fileURLWithPath: "/")).root
                == root)
        #expect(throws: VaultStoreError.notAVault("deep")) {
            try VaultLocator.locate(explicit: "deep", environment: nil, current: dir.url)
        }
        #expect(throws: VaultStoreError.vaultNotFound(searchedFrom: "/")) {
            try VaultLocator.locate(explicit: nil, environment: nil, current: URL(fileURLWithPath: "/"))
        }
    }

    /// A plain absolute path is walked by its text, any other through
    /// `URL.standardizedFileURL`: both find the same vault, written the same way.
    @Test("plain and unusual paths find the same vault")
    func plainPaths() throws {
        let dir = TempFolder()
        try VaultInitializer.initialize(dir.url, timeZoneIdentifier: "UTC")
        dir.write("deep/er/note.md", "x")
        let root = VaultLayout(root: dir.url).root
        let path = dir.url.path
        for current in ["\(path)/deep/er", "\(path)/deep/./er", "\(path)//deep/er/", "\(path)/deep/er/../er", path] {
            #expect(try VaultLocator.locate(explicit: nil, environment: nil, current: URL(fileURLWithPath: current)).root
                == root, "\(current)")
        }
        for named in [path, "\(path)/", "\(path)/deep/..", "\(path)/./"] {
            #expect(try VaultLocator.locate(explicit: named, environment: nil, current: URL(fileURLWithPath: "/")).root
                == root, "\(named)")
        }
        #expect(VaultLocator.isPlainAbsolute("/"))
        #expect(VaultLocator.isPlainAbsolute("/a/b c"))
        for other in ["", "a/b", "/a/", "/a//b", "/a/./b", "/a/..", "/.", "//"] {
            #expect(!VaultLocator.isPlainAbsolute(other), "\(other)")
        }
    }
}

@Suite("Config file")
struct ConfigFileTests {
    @Test("a config survives a write and a read, unknown keys included")
    func roundTrip() throws {
        var config = VaultConfig(timeZoneIdentifier: "Europe/Berlin", referenceDate: "2026-11-18T09:00:00Z")
        config.categories.append(Category(name: "Side: projects", color: "#123abc"))
        config.sourceTypes.append("course")
        config.extra["schedule"] = "weekly: sunday"
        config.decks = Decks(folders: ["Flashcards", "/Languages/"], tag: "#cards")
        let text = ConfigFile.render(config)
        #expect(text.contains("decks: [Flashcards/, Languages/]\ndeck_tag: cards\n"))
        var parsed = try ConfigFile.parse(text, path: "config.yml")
        #expect(parsed.warnings.map(\.code) == ["config-unknown-key"])  // `schedule`, kept all the same
        parsed.warnings = []
        #expect(parsed == config)
    }

    @Test("a base-60 number that overflows (version: 99:99:…) is refused, not a crash (found by fuzzing)")
    func sexagesimalOverflow() {
        let huge = Array(repeating: "99", count: 14).joined(separator: ":")
        for text in [
            "version: \(huge)\ntimezone: UTC\n", "timezone: UTC\nremind:\n  min_interval: \(huge)\n",
            "timezone: UTC\nremind:\n  batch: \(huge)\n", "version: 1:30\ntimezone: UTC\n",
        ] {
            #expect(throws: VaultStoreError.self) { try ConfigFile.parse(text, path: ".vault/config.yml") }
        }
        #expect(
            (try? ConfigFile.parse("version: 1\ntimezone: UTC\nremind:\n  min_interval: 45\n", path: "c"))?.remind
                .minimumInterval == 45)
    }

    @Test("a config with aliases, 5,000-deep nesting or 100 KB is refused at once, naming the line")
    func hostileConfig() {
        let large = "version: 1\ntimezone: UTC\nx: " + String(repeating: "v", count: 100_000) + "\n"
        #expect(throws: VaultStoreError.badConfig(
            path: "config.yml", line: 1, reason: "the file is not read: it is over 64 KB; YAML that large is not read.")
        ) { try ConfigFile.parse(large, path: "config.yml") }
        let deep =
            "version: 1\ntimezone: UTC\nx: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(throws: VaultStoreError.self) { try ConfigFile.parse(deep, path: "config.yml") }
        do {
            _ = try ConfigFile.parse("version: 1\na: &a [1]\nb: *a\n", path: "config.yml")
            Issue.record("an alias was read")
        } catch {
            #expect(
                error as? VaultStoreError
                    == .badConfig(
                        path: "config.yml", line: 2,
                        reason:
                            "the file is not read: it uses YAML anchors or aliases (& and *), which vault does not read."
                    ))
        }
    }

    @Test("bad settings name the file, the line and the fix")
    func errors() {
        #expect(
            throws: VaultStoreError.badConfig(
                path: "c.yml", line: 2,
                reason: "'timezone' names an unknown time zone 'Mars/Base'; use an IANA name such as Europe/Berlin.")
        ) {
            try ConfigFile.parse("version: 1\ntimezone: Mars/Base\n", path: "c.yml")
        }
        #expect(throws: VaultStoreError.self) {
            try ConfigFile.parse("categories:\n  - name: A\n    color: red\n", path: "c.yml")
        }
        #expect(throws: VaultStoreError.self) { try ConfigFile.parse("version: 99\n", path: "c.yml") }
        #expect(throws: VaultStoreError.self) { try ConfigFile.parse("a: [\n", path: "c.yml") }
        // A misspelt reminder setting would leave the default quiet hours in force without a word.
        #expect(
            throws: VaultStoreError.badConfig(
                path: "c.yml", line: 3,
                reason:
                    "'remind.quiet' is not a setting of remind (quiet_hours, min_interval, days_off, batch, at). Did you mean 'quiet_hours'?"
            )
        ) {
            try ConfigFile.parse("remind:\n  batch: 2\n  quiet: 22:00-07:00\n", path: "c.yml")
        }
    }
}

@Suite("Atomic writes")
struct AtomicFileTests {
    @Test("a write replaces the file, keeps its permissions, and leaves no temporary file")
    func replaces() throws {
        let dir = TempFolder()
        dir.write("n.md", "old")
        chmod(dir.url.path + "/n.md", 0o600)
        try AtomicFile.write(Data("new".utf8), to: dir.url.appendingPathComponent("n.md"))
        #expect(dir.read("n.md") == "new")
        var info = stat()
        stat(dir.url.path + "/n.md", &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["n.md"])
    }

    @Test("create never overwrites, and picks the next free name for notes")
    func createsFresh() throws {
        let dir = TempFolder()
        let files = NoteFiles(layout: VaultLayout(root: dir.url))
        #expect(try files.create(Data("a".utf8), preferredPath: "x/n.md") == "x/n.md")
        #expect(try files.create(Data("b".utf8), preferredPath: "x/n.md") == "x/n-2.md")
        #expect(dir.read("x/n.md") == "a")
    }
}

@Suite("Note loading")
struct NoteLoaderTests {
    @Test("created falls back to the first commit's author date, then the modification time")
    func createdFallbacks() throws {
        let dir = TempFolder()
        dir.write("committed.md", "# in git")
        dir.write("dated 2026-01-01.md", "# date not at the start")
        let env = [
            "GIT_AUTHOR_DATE": "2025-03-04T05:06:07Z", "GIT_COMMITTER_DATE": "2025-03-04T05:06:07Z",
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
        ]
        dir.run("git", "init", "-q")
        dir.run("git", "add", "committed.md", environment: env)
        dir.run("git", "commit", "-qm", "first", environment: env)
        dir.write("new.md", "# not committed")
        let layout = VaultLayout(root: dir.url)
        let notes = NoteLoader(layout: layout, timeZone: TimeZone(identifier: "UTC")!).load(
            VaultScanner(layout: layout).scan().files)
        let byPath = Dictionary(uniqueKeysWithValues: notes.map { ($0.path, $0) })
        #expect(byPath["committed.md"]?.createdOrigin == .git)
        #expect(byPath["committed.md"]?.created.map(VaultDate.isoString) == "2025-03-04T05:06:07Z")
        #expect(byPath["new.md"]?.createdOrigin == .modificationTime)
        #expect(byPath["dated 2026-01-01.md"]?.createdOrigin == .modificationTime)
    }

    @Test("notes load in the order scanned, in parallel, with the same result as one by one")
    func parallelMatchesSerial() throws {
        let dir = TempFolder()
        for i in 0..<300 {
            dir.write(String(format: "n/%03d.md", i), "---\ncreated: 2026-01-01\ntags: [t\(i)]\n---\n# Note \(i)\n")
        }
        let layout = VaultLayout(root: dir.url)
        let loader = NoteLoader(layout: layout, timeZone: TimeZone(identifier: "UTC")!)
        let files = VaultScanner(layout: layout).scan().files
        let parallel = loader.load(files)
        let serial = try files.map { try loader.load(path: $0.path) }
        #expect(parallel == serial)
        #expect(parallel[7].title == "Note 7")
    }
}

@Suite("Ignore rules, hostile and non-ASCII")
struct IgnoreRulesBoundsTests {
    @Test("a pattern of many stars against a long name answers at once")
    func manyStars() {
        let pattern = String(repeating: "*a", count: 30) + "*b"
        let name = String(repeating: "a", count: 3000) + ".md"
        #expect(!IgnoreRules(pattern).ignores(name, isDirectory: false))
        #expect(IgnoreRules(pattern).ignores(String(repeating: "a", count: 40) + "b", isDirectory: false))
    }

    @Test("a deep path and a long pattern of plain bytes")
    func longLiteral() {
        let path = (0..<400).map { "f\($0)" }.joined(separator: "/") + "/n.md"
        #expect(IgnoreRules("/" + path).ignores(path, isDirectory: false))
        #expect(!IgnoreRules("/" + path + "x").ignores(path, isDirectory: false))
        #expect(IgnoreRules("f0/**/n.md").ignores(path, isDirectory: false))
    }

    @Test(
        "? and [..] take one letter, however many bytes it has",
        arguments: [
            ("?ber.md", "über.md", true),
            ("[äöü]ber.md", "über.md", true),
            ("[!ü]ber.md", "über.md", false),
            ("[a-z]ber.md", "über.md", false),
            ("Caf?.md", "Café.md", true),
            ("*.md", "ノート.md", true),
            ("Notizen/*", "Notizen/über.md", true),
        ])
    func unicode(pattern: String, path: String, ignored: Bool) {
        #expect(IgnoreRules(pattern).ignores(path, isDirectory: false) == ignored)
    }
}

@Suite("Ignore file bounds")
struct IgnoreFileBoundsTests {
    @Test(
        "patterns longer than a path, starred ones over 256 bytes, and those past the 1,000th are left out, each named by its line"
    )
    func longAndMany() {
        let text =
            "*.tmp\n" + String(repeating: "a", count: 4097) + "\n" + String(repeating: "*a", count: 129) + "\n"
            + (0..<1000).map { "p\($0).md" }.joined(separator: "\n")
        let rules = IgnoreRules(text)
        #expect(rules.ignores("x.tmp", isDirectory: false))
        #expect(rules.ignores("p998.md", isDirectory: false))
        #expect(!rules.ignores("p999.md", isDirectory: false))
        #expect(rules.problems.map(\.line) == [2, 3, 1003])
        #expect(rules.problems.allSatisfy { $0.path == ".vault/ignore" && $0.code == "ignore-file" })
    }

    @Test("patterns with a star past 1,024 bytes together are left out, each named; star-free ones still count")
    func starBudget() {
        // Five starred patterns of 250 bytes: four fit (1,000 bytes), the fifth does not; a short one after still does.
        let starred = (0..<5).map { "*" + String(repeating: Character(String($0)), count: 249) }
        let text = (starred + ["*.tmp", "notes/plain.md"]).joined(separator: "\n")
        let rules = IgnoreRules(text)
        #expect(rules.problems.map(\.line) == [5])
        #expect(rules.ignores("a" + String(repeating: "3", count: 249), isDirectory: false))
        #expect(!rules.ignores("a" + String(repeating: "4", count: 249), isDirectory: false))
        #expect(rules.ignores("x.tmp", isDirectory: false) && rules.ignores("notes/plain.md", isDirectory: false))
    }

    @Test("an ignore file over 1 MB is read up to its first megabyte, and a FIFO is not waited on")
    func bigFileAndFIFO() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ignore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big")
        try Data(("*.tmp\n" + String(repeating: "#\n", count: IgnoreRules.maxFileBytes / 2)).utf8).write(to: big)
        let rules = IgnoreRules.read(big)
        #expect(rules.ignores("x.tmp", isDirectory: false))
        #expect(rules.problems.count == 1 && rules.problems.first?.line == nil)
        let fifo = dir.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(IgnoreRules.read(fifo).problems.isEmpty)
    }
}

@Suite("Reading ahead")
struct PrefetchTests {
    @Test("reading ahead a note, a missing file, a folder and a FIFO returns at once and changes no parse")
    func oddFiles() throws {
        let dir = TempFolder()
        dir.write("a.md", "# A\n\nq :: a\n")
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.url.appendingPathComponent("pipe.md").path, 0o644) == 0)
        let layout = VaultLayout(root: dir.url)
        let loader = NoteLoader(layout: layout, timeZone: TimeZone(identifier: "UTC")!)
        let files = ["a.md", "gone.md", "folder.md", "pipe.md"].map {
            ScannedFile(path: $0, size: 1, modified: 0, changed: 0, inode: 0)
        }
        let before = loader.parse([files[0]])
        loader.prefetch(files[...])  // a FIFO with no writer must not be waited on
        loader.prefetch(files[1...])
        #expect(loader.parse([files[0]]).map(\.summary) == before.map(\.summary))
    }
}
