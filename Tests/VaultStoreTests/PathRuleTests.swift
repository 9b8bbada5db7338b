import Foundation
import Testing
import VaultCore
import VaultStore

/// Issue 34, point 1: every vault path is resolved against the root and
/// refused, named, when `..` or a symbolic link takes it out.
@Suite("The one path rule, on disk")
struct PathRuleTests {
    /// A vault folder and a folder beside it holding a secret.
    func vaultBesideSecret() throws -> (TempFolder, VaultFileStore, URL) {
        let temp = TempFolder()
        temp.write("secret.txt", "the secret")
        temp.write("vault/loci/walk/index.md", "# Walk\n")
        temp.write("vault/loci/walk/a.png", Data([0x89, 0x50, 0x4E, 0x47]))
        let root = temp.url.appendingPathComponent("vault")
        return (temp, VaultFileStore(layout: VaultLayout(root: root)), root)
    }

    @Test("a picture named ../../secret.txt, or a picture that is a link out, is refused, named; inside links work")
    func readsStayInside() throws {
        let (temp, files, root) = try vaultBesideSecret()
        #expect(throws: VaultStoreError.self) { try files.read("loci/walk/../../../secret.txt") }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("loci/walk/b.png").path, withDestinationPath: "../../../secret.txt")
        do {
            _ = try files.read("loci/walk/b.png")
            Issue.record("a link out of the vault was read")
        } catch {
            #expect(error.localizedDescription.contains("\"loci/walk/b.png\" leads out of the vault"))
            #expect(error.localizedDescription.contains("loci/walk/b.png is a symbolic link to \(temp.url.resolvingSymlinksInPath().path)/secret.txt"))
        }
        #expect(!files.exists("loci/walk/b.png"))
        #expect(!files.attachments().contains("loci/walk/b.png"))
        #expect(files.attachments().contains("loci/walk/a.png"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("loci/walk/c.png").path, withDestinationPath: "a.png")
        #expect(try files.read("loci/walk/c.png") == Data([0x89, 0x50, 0x4E, 0x47]))
        // A dangling link and a loop lead nowhere vault can check.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: "loop")
        #expect(throws: VaultStoreError.self) { try files.read("loop/x") }
    }

    @Test("an import into a loci/ (or --into) folder that is a link out writes nothing there")
    func writesStayInside() throws {
        let (temp, files, root) = try vaultBesideSecret()
        let outside = temp.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("out").path, withDestinationPath: outside.path)
        #expect(throws: VaultStoreError.self) {
            try files.writeFolder([VaultFile(name: "index.md", bytes: Data("# x\n".utf8))], at: "out/walk", replacing: false)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(throws: VaultStoreError.self) { try files.create(Data("# x\n".utf8), preferredPath: "out/x.md") }
        #expect(throws: VaultStoreError.self) { try files.rewrite("../secret.txt") { $0 + Data("!".utf8) } }
        #expect(temp.read("secret.txt") == "the secret")
    }

    @Test("random paths of .., links (in and out) and Unicode names never resolve to a file outside the vault")
    func property() throws {
        let temp = TempFolder()
        let root = temp.url.appendingPathComponent("v")
        let fm = FileManager.default
        for folder in ["a/b", "é/e\u{301}", "c"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try fm.createDirectory(at: temp.url.appendingPathComponent("out/deep"), withIntermediateDirectories: true)
        let links: [(String, String)] = [
            ("a/in", "../c"), ("a/up", ".."), ("a/out", "../../out"), ("é/abs", temp.url.appendingPathComponent("out").path),
            ("c/self", "."), ("c/root", "/"), ("a/b/back", "../../é"), ("c/dangling", "nowhere/x"),
        ]
        for (path, target) in links {
            try fm.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: target)
        }
        let files = VaultFileStore(layout: VaultLayout(root: root))
        let realRoot = root.resolvingSymlinksInPath().path
        let parts = ["..", ".", "a", "b", "c", "é", "e\u{301}", "in", "up", "out", "abs", "self", "root", "back", "dangling", "deep", "new", "\u{301}"]
        var random = SplitMix64(seed: 3401)
        var inside = 0
        for _ in 0..<3000 {
            let path = (0..<(1 + random.next(6))).map { _ in parts[random.next(parts.count)] }.joined(separator: "/")
            guard let url = try? files.contained(path) else { continue }
            inside += 1
            // The deepest part that exists, every link resolved, is the root or below it.
            // Parents by bytes: NSString's deletingLastPathComponent takes "/\u{301}" for no separator.
            var probe = Array(url.path.utf8)
            while !fm.fileExists(atPath: String(decoding: probe, as: UTF8.self)), let slash = probe.lastIndex(of: 0x2F) {
                probe = Array(probe[..<max(slash, 1)])
                if slash == 0 { break }
            }
            let real = URL(fileURLWithPath: String(decoding: probe, as: UTF8.self)).resolvingSymlinksInPath().path
            #expect(real == realRoot || real.hasPrefix(realRoot + "/"), "\(path.debugDescription) reached \(real)")
        }
        #expect(inside > 100)
    }
}
