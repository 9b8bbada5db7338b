import Foundation
import Testing

/// Issue 34, points 1, 2 and 8 end to end: nothing outside the vault is read
/// or written through pictures, imports or `.vault/` folders; named outputs
/// are written as a shell's `>` would; killed imports are cleaned up.
@Suite("Outside the vault, end to end", .serialized)
struct OutsideTheVaultTests {
    /// The cards fixture with "Home walk" imported, and a folder beside it holding a secret.
    func vaultWithWalk() throws -> (VaultSandbox, URL) {
        let vault = try VaultSandbox(fixture: "cards")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("vault-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "the secret\n".write(to: outside.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let file = outside.appendingPathComponent("walk.json")
        try LociCommandTests.homeWalk().write(to: file)
        let imported = try vault.run(["import", "loci", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        return (vault, outside)
    }

    @Test("export loci: a location's image: ../../../secret.txt, or a picture linked out, is refused, never embedded")
    func exportLociPictures() throws {
        let (vault, outside) = try vaultWithWalk()
        defer { vault.cleanUp(); try? FileManager.default.removeItem(at: outside) }
        let door = "loci/Home walk/01 Front door.md"
        let text = try vault.read(door)
        try vault.write(door, text.replacingOccurrences(of: "image: 01.png", with: "image: ../../../../\(outside.lastPathComponent)/secret.txt"))
        let climbing = try vault.run(["export", "loci", "Home walk", "-"])
        #expect(climbing.status == 1)
        #expect(climbing.stderr.hasPrefix("error: \"loci/Home walk/../../../../\(outside.lastPathComponent)/secret.txt\" leads out of the vault: its '..' climbs above the vault's folder."), "\(climbing.stderr)")
        #expect(!climbing.stdout.contains(Data("the secret\n".utf8).base64EncodedString()))
        try vault.write(door, text)
        let picture = vault.root.appendingPathComponent("loci/Home walk/01.png")
        try FileManager.default.removeItem(at: picture)
        try FileManager.default.createSymbolicLink(at: picture, withDestinationURL: outside.appendingPathComponent("secret.txt"))
        let linked = try vault.run(["export", "loci", "Home walk", "-"])
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("loci/Home walk/01.png is a symbolic link to "), "\(linked.stderr)")
        #expect(!linked.stdout.contains(Data("the secret\n".utf8).base64EncodedString()))
    }

    @Test("import loci into a loci/ (or --into) folder that is a link out writes nothing there")
    func importThroughLink() throws {
        let vault = try VaultSandbox(fixture: "cards")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("vault-outside-\(UUID().uuidString)")
        defer { vault.cleanUp(); try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("target"), withIntermediateDirectories: true)
        let file = outside.appendingPathComponent("walk.json")
        try LociCommandTests.homeWalk().write(to: file)
        try FileManager.default.createSymbolicLink(
            at: vault.root.appendingPathComponent("loci"), withDestinationURL: outside.appendingPathComponent("target"))
        let result = try vault.run(["import", "loci", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\"loci/Home walk\" leads out of the vault: loci is a symbolic link to "), "\(result.stderr)")
        try FileManager.default.createSymbolicLink(
            at: vault.root.appendingPathComponent("elsewhere"), withDestinationURL: outside.appendingPathComponent("target"))
        let into = try vault.run(["import", "loci", file.path, "--into", "elsewhere"])
        #expect(into.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.appendingPathComponent("target").path) == [])
    }

    @Test(".vault/cache, local or trash committed as a link out: every command refuses, check names it, --fix repairs")
    func linkedStateFolders() throws {
        let vault = try VaultSandbox(fixture: "cards")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("vault-outside-\(UUID().uuidString)")
        defer { vault.cleanUp(); try? FileManager.default.removeItem(at: outside) }
        for name in ["cache", "local", "trash"] {
            try FileManager.default.createDirectory(at: outside.appendingPathComponent(name), withIntermediateDirectories: true)
            let folder = vault.root.appendingPathComponent(".vault/\(name)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: outside.appendingPathComponent(name))
        }
        for arguments in [["search", "capital"], ["status"], ["rm", "deck/geography.md"], ["index", "--stats"]] {
            let refused = try vault.run(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr.hasPrefix("error: .vault/cache is a symbolic link (to \(outside.path)/cache), not a folder"), "\(refused.stderr)")
        }
        let check = try vault.run(["check"])
        #expect(check.status == 1)
        for name in ["cache", "local", "trash"] {
            #expect(check.stdout.contains(".vault/\(name): error: is a symbolic link (to \(outside.path)/\(name)), not a folder"), "\(check.stdout)")
        }
        let fixed = try vault.run(["check", "--fix"])
        #expect(fixed.stdout.hasPrefix(
            "Fixed .vault/cache: replaced the link with an empty folder of the vault's own.\nFixed .vault/local: replaced the link with an empty folder of the vault's own.\nFixed .vault/trash: replaced the link with an empty folder of the vault's own.\n"), "\(fixed.stdout)")
        #expect(try vault.run(["search", "capital"]).status == 0)
        #expect(try vault.run(["rm", "deck/geography.md"]).status == 0)
        for name in ["cache", "local", "trash"] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.appendingPathComponent(name).path) == [])
        }
        // .gitignore's lines match a link (a file) of those names too.
        let initialized = FileManager.default.temporaryDirectory.appendingPathComponent("vault-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: initialized) }
        #expect(try vault.run(["init", initialized.path]).status == 0)
        let ignore = try String(contentsOf: initialized.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.contains(".vault/cache\n.vault/local\n.vault/trash\n"))
    }

    @Test("calendar --out through a link keeps the link; --out /dev/stdout writes to the pipe")
    func outputsThroughLinks() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let target = vault.root.appendingPathComponent(".target.ics")
        try "old".write(to: target, atomically: true, encoding: .utf8)
        let link = vault.root.appendingPathComponent(".link.ics")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: ".target.ics")
        #expect(try vault.run(["calendar", "--out", link.path]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == ".target.ics")
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR\r\n"))
        // Through a pipe, as `vault calendar --out /dev/stdout | less` would be.
        let piped = try VaultSandbox.exec(
            "/bin/sh", ["-c", "'\(VaultSandbox.binary.path)' calendar --out /dev/stdout | cat"],
            environment: vault.environment(), in: vault.root)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"), "\(piped.stdout)")
        #expect(piped.stdout.hasSuffix("END:VCALENDAR\r\nWrote /dev/stdout\n"), "\(piped.stdout)")
        var info = stat()
        #expect(lstat("/dev/stdout", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        let json = try vault.run(["export", "json", "/dev/null"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("export html: a vault index.html is named before anything is written; no half site is left")
    func siteCollision() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        try vault.write("index.html", "<p>my own index</p>\n")
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("vault-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try vault.run(["export", "html", site.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the vault's index.html has the name of the site's page index.html"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("index.html"))
        #expect(try vault.run(["export", "html", site.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
    }

    @Test("a killed import's hidden folder is listed by check and removed by the next import")
    func killedImportLeftovers() throws {
        let (vault, outside) = try vaultWithWalk()
        defer { vault.cleanUp(); try? FileManager.default.removeItem(at: outside) }
        let leftover = vault.root.appendingPathComponent("loci/.Home walk.vault-tmp-999-123")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 100).write(to: leftover.appendingPathComponent("01.png"))
        let old = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: leftover.path)
        let check = try vault.run(["check"])
        #expect(check.stdout.contains("loci/.Home walk.vault-tmp-999-123/: warning: a temporary folder left by an import that was killed midway"), "\(check.stdout)")
        let again = try vault.run(["import", "loci", outside.appendingPathComponent("walk.json").path, "--update"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test("vault init in a folder whose name is not UTF-8 is refused, named; nothing is written in the parent")
    func nonUTF8Folder() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("vault-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let binary = VaultSandbox.binary.path
        let inFolder = try VaultSandbox.exec(
            "/bin/sh", ["-c", "mkdir \"$(printf 'notes\\377')\" && cd \"$(printf 'notes\\377')\" && exec '\(binary)' init"], in: parent)
        #expect(inFolder.status == 1)
        #expect(inFolder.stderr.hasPrefix("error: the current folder's path (\(parent.path)/notes\u{FFFD}) is not UTF-8"), "\(inFolder.stderr)")
        let named = try VaultSandbox.exec("/bin/sh", ["-c", "exec '\(binary)' init \"$(printf 'other\\376')\""], in: parent)
        #expect(named.status == 1)
        #expect(named.stderr.hasPrefix("error: the argument 'other\u{FFFD}' is not UTF-8"), "\(named.stderr)")
        // Only the folder made by mkdir: no .vault, .gitignore or .gitattributes in the parent, no U+FFFD folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).count == 1)
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent(".vault").path))
    }

    @Test("a read-only vault: search and index --stats answer from the cache as it is (or a copy in memory), said once")
    func readOnlyVault() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped: needs root and setpriv to run vault as another user")
            return
        }
        let vault = try VaultSandbox(fixture: "cards")
        defer {
            _ = try? VaultSandbox.exec("/bin/chmod", ["-R", "u+w", vault.root.path], in: URL(fileURLWithPath: "/"))
            vault.cleanUp()
        }
        // Read-only for everyone but root, which fills the cache first (root writes whatever the modes say).
        _ = try VaultSandbox.exec("/bin/chmod", ["-R", "a+rX,a-w", vault.root.path], in: URL(fileURLWithPath: "/"))
        #expect(try vault.run(["search", "capital"]).status == 0)
        func asNobody(_ arguments: [String]) throws -> VaultSandbox.Result {
            try VaultSandbox.exec(
                "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", VaultSandbox.binary.path] + arguments,
                environment: vault.environment(["HOME": "/tmp"]), in: URL(fileURLWithPath: "/"))
        }
        let search = try asNobody(["search", "capital"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("deck/geography.md"))
        #expect(search.stderr == "warning: the vault cannot be written here; searched its cache as it is (nothing was written).\n")
        let filtered = try asNobody(["search", "capital", "cycle:daily"])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(filtered.stderr.components(separatedBy: "warning:").count == 2, "said once: \(filtered.stderr)")
        let stats = try asNobody(["index", "--stats"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains(".vault/cache/index.sqlite"))
    }
}
