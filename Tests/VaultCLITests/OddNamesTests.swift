import Foundation
import Testing

/// File names that break line-based output: shown escaped, listed by check, exact with -0.
@Suite("Odd file names")
struct OddNamesTests {
    @Test("a newline in a name is escaped in -l, tables and check; -l -0 gives the exact bytes; invalid UTF-8 is reported")
    func oddNames() throws {
        let vault = try VaultSandbox(fixture: "basic")
        defer { vault.cleanUp() }
        try vault.write("odd\nname.md", "---\ncreated: 2026-11-17\n---\n# Odd\nzebrafish\n")
        // A name that is not UTF-8 at all: written through the C library.
        let raw = Array(vault.root.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".md".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let lines = try vault.run(["search", "-l", "zebrafish"])
        #expect(lines.stdout.split(separator: "\n").contains("odd\\nname.md"))
        let nul = try vault.run(["search", "-l", "-0", "zebrafish"])
        #expect(nul.stdout.split(separator: "\0").contains("odd\nname.md"), "exact bytes with -0")
        #expect(nul.stdout.hasSuffix("\0"))
        let list = try vault.run(["list"])
        #expect(list.stdout.contains("odd\\nname.md") && !list.stdout.contains("odd\nname.md"))
        let check = try vault.run(["check"])
        #expect(check.stdout.contains("odd\\nname.md: warning: the file name holds a line break"))
        #expect(check.stdout.contains("bad\\xFF.md: warning: skipped: the file name is not valid UTF-8"), "\(check.stdout)")
        #expect(try vault.run(["search", "-0", "zebrafish"]).status == 64, "-0 goes with -l")
        // Hits with snippets and a note's links: the path is one line there too.
        let hits = try vault.run(["search", "zebrafish"])
        #expect(hits.stdout.contains("odd\\nname.md") && !hits.stdout.contains("odd\nname.md"), "\(hits.stdout)")
        try vault.write("tab\tname.md", "# Tab\n[[odd\nname]] zebra\n")
        let links = try vault.run(["links", "tab\tname.md"])
        #expect(links.stdout.contains("tab\\tname.md") && !links.stdout.contains("tab\tname.md"), "\(links.stdout)")
    }

    @Test("check says where a cap on cards applied: a paragraph of 60 deletions, a note of 1,200 cards")
    func cardCaps() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        try vault.write("deck/clozes.md", "# Many\n\n" + (0..<60).map { "==w\($0)==" }.joined(separator: " ") + "\n")
        try vault.write("deck/big.md", "# Big\n\n" + (0..<1200).map { "q\($0) :: a\($0)" }.joined(separator: "\n\n") + "\n")
        let check = try vault.run(["check"])
        #expect(check.stdout.contains("deck/clozes.md:3: warning: the paragraph has 50 deletions or more"), "\(check.stdout)")
        #expect(check.stdout.contains("deck/big.md:") && check.stdout.contains("only the first 1000 are read"))
        let cards = try JSONSerialization.jsonObject(with: Data(try vault.run(["cards", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(cards?.filter { $0["note_path"] as? String == "deck/clozes.md" }.count == 50)
        #expect(cards?.filter { $0["note_path"] as? String == "deck/big.md" }.count == 1000)
    }

    @Test("NFC and NFD twins: each path finds its own file byte for byte, the other form is named, check lists both")
    func unicodeTwins() throws {
        let vault = try VaultSandbox(fixture: "basic")
        defer { vault.cleanUp() }
        let nfc = "caf\u{E9}.md"
        let nfd = "cafe\u{301}.md"
        try Data("---\ncreated: 2026-11-17\n---\n# Decomposed\n".utf8).write(to: URL(fileURLWithPath: vault.root.path + "/" + nfd))
        let only = try vault.run(["show", nfc])
        #expect(only.status == 1)
        #expect(only.stderr.contains("(NFC) byte for byte") && only.stderr.contains("(NFD) has the same letters"))
        try Data("---\ncreated: 2026-11-17\n---\n# Composed\n".utf8).write(to: URL(fileURLWithPath: vault.root.path + "/" + nfc))
        #expect(try vault.run(["show", nfc]).stdout.hasPrefix("Composed"))
        #expect(try vault.run(["show", nfd]).stdout.hasPrefix("Decomposed"))
        let check = try vault.run(["check"])
        #expect(check.stdout.components(separatedBy: "files have this name in different Unicode forms").count == 3)
    }
}
