import Foundation
import Testing
import VaultCore
import VaultStore

/// Issue 34, point 2: outputs the person names are written as a shell's `>`
/// would, and a static site is swapped in whole.
@Suite("Named outputs and the static site")
struct NamedOutputTests {
    func kind(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & S_IFMT
    }

    @Test("a character device is written through and stays a device (never replaced by a regular file)")
    func device() throws {
        // /dev/null is writable by every user; as root the old rename replaced it.
        try NamedOutput.write(Data("calendar".utf8), to: URL(fileURLWithPath: "/dev/null"))
        #expect(kind("/dev/null") == S_IFCHR)
    }

    @Test("a symbolic link is written through: the link stays, its target gets the bytes; a dangling one makes its target")
    func link() throws {
        let temp = TempFolder()
        temp.write("target.json", "old")
        let link = temp.url.appendingPathComponent("out.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.json")
        try NamedOutput.write(Data("new".utf8), to: link)
        #expect(kind(link.path) == S_IFLNK)
        #expect(temp.read("target.json") == "new")
        let dangling = temp.url.appendingPathComponent("later.json")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "made.json")
        try NamedOutput.write(Data("made".utf8), to: dangling)
        #expect(kind(dangling.path) == S_IFLNK && temp.read("made.json") == "made")
    }

    @Test("a FIFO is written through (a reader gets the bytes); a folder is refused with a sentence")
    func fifoAndFolder() throws {
        let temp = TempFolder()
        let fifo = temp.url.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo.path]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        try NamedOutput.write(Data("through".utf8), to: fifo)
        reader.waitUntilExit()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "through")
        #expect(kind(fifo.path) == S_IFIFO)
        do {
            try NamedOutput.write(Data("x".utf8), to: temp.url)
            Issue.record("a folder was written")
        } catch {
            #expect(error.localizedDescription.hasSuffix("it is a folder; give the name of a file to write."))
        }
    }

    @Test("a regular file is replaced atomically, its permissions kept; a new name is created")
    func regular() throws {
        let temp = TempFolder()
        temp.write("stats.html", "old")
        let url = temp.url.appendingPathComponent("stats.html")
        chmod(url.path, 0o600)
        try NamedOutput.write(Data("new".utf8), to: url)
        #expect(temp.read("stats.html") == "new")
        var info = stat()
        stat(url.path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        try NamedOutput.write(Data("fresh".utf8), to: temp.url.appendingPathComponent("new.ics"))
        #expect(temp.read("new.ics") == "fresh")
    }

    @Test("export html: a vault index.html or page.html beside page.md is named before anything is written")
    func siteCollision() throws {
        #expect(SiteCollision.first(pages: ["index.html", "a/page.html"], attachments: ["a/page.html", "b.png"]) == SiteCollision(path: "a/page.html", claimedBy: "the site's page a/page.html"))
        #expect(SiteCollision.first(pages: ["index.html"], attachments: ["index.html/x.png"])?.path == "index.html")
        #expect(SiteCollision.first(pages: ["index.html", "a/b.html"], attachments: ["a/c.png"]) == nil)
        let temp = TempFolder()
        temp.write("vault/index.html", "<p>mine</p>")
        let site = temp.url.appendingPathComponent("site")
        let writer = SiteWriter(root: site, vault: VaultLayout(root: temp.url.appendingPathComponent("vault")))
        do {
            try writer.write([(path: "index.html", html: "home"), (path: "a.html", html: "a")], attachments: ["index.html"])
            Issue.record("a colliding site was written")
        } catch {
            #expect(error.localizedDescription.contains("the vault's index.html has the name of the site's page index.html"))
        }
        #expect(!FileManager.default.fileExists(atPath: site.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["vault"])
    }

    @Test("export html: the site appears whole under its name (written in a hidden folder, renamed in)")
    func siteSwap() throws {
        let temp = TempFolder()
        temp.write("vault/pic.png", "png")
        let site = temp.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let writer = SiteWriter(root: site, vault: VaultLayout(root: temp.url.appendingPathComponent("vault")))
        try writer.write([(path: "index.html", html: "home"), (path: "a/b.html", html: "b")], attachments: ["pic.png"])
        #expect(temp.read("site/index.html") == "home" && temp.read("site/a/b.html") == "b" && temp.read("site/pic.png") == "png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted() == ["site", "vault"])
    }
}
