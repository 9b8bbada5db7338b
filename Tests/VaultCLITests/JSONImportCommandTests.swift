import Foundation
import Testing

/// `vault export json` then `vault import json`: the vault back byte for
/// byte in an empty folder, or merged into another with conflicts named.
@Suite("vault import json")
struct JSONImportCommandTests {
    @Test(
        "export then import into a new folder gives every note, the config and the ledger byte for byte, and the same status"
    )
    func rebuild() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        // Bytes a JSON string does not hold as they are: CRLF, a byte order mark, Latin-1.
        try Data("---\r\ncreated: 2026-11-17\r\n---\r\n# Windows note\r\n\r\nCRLF lines.\r\n".utf8).write(
            to: vault.root.appendingPathComponent("Inbox/windows.md"))
        try Data([0xEF, 0xBB, 0xBF] + Array("# BOM note\n".utf8)).write(
            to: vault.root.appendingPathComponent("Inbox/bom.md"))
        try Data(Array("# Caf".utf8) + [0xE9] + Array(" latin\n".utf8)).write(
            to: vault.root.appendingPathComponent("Inbox/latin1.md"))
        let export = vault.root.deletingLastPathComponent().appendingPathComponent("export-\(UUID().uuidString).json")
        let target = vault.root.deletingLastPathComponent().appendingPathComponent("rebuilt-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: export)
            try? FileManager.default.removeItem(at: target)
        }
        let exported = try vault.run(["export", "json", export.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try vault.run(["import", "json", export.path, target.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Rebuilt vault-example-"), "\(imported.stdout)")
        #expect(imported.stdout.contains("byte for byte."))
        #expect(
            imported.stdout.contains(
                "6 attachments named in the export are not in it; copy them from the old vault: loci/Home walk/01.png"))
        var original = filesByPath(vault.root)
        original["README.md"] = nil  // .vault/ignore: not the vault's
        for path in original.keys where path.hasSuffix(".png") { original[path] = nil }
        let rebuilt = filesByPath(target)
        #expect(Set(rebuilt.keys) == Set(original.keys))
        for (path, bytes) in original { #expect(rebuilt[path] == bytes, "\(path) differs") }
        #expect(rebuilt["Inbox/latin1.md"]?.contains(0xE9) == true)
        // The rebuilt vault is the same vault: its status says the same.
        let rebuiltVault = VaultSandbox(root: target)
        #expect(try vault.run(["status", "--json"]).stdout == (try rebuiltVault.run(["status", "--json"]).stdout))
        // A second import into the same folder is refused: it is not empty, and nothing changes.
        let again = try vault.run(["import", "json", export.path, target.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("the folder is not empty; give a new or empty folder"))
        #expect(filesByPath(target) == rebuilt)
    }

    @Test(
        "--merge adds the other vault's new note and events, leaves what is alike, and names a note changed on both sides"
    )
    func merge() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        let exportA = vault.root.deletingLastPathComponent().appendingPathComponent("a-\(UUID().uuidString).json")
        let other = vault.root.deletingLastPathComponent().appendingPathComponent("other-\(UUID().uuidString)")
        let exportB = vault.root.deletingLastPathComponent().appendingPathComponent("b-\(UUID().uuidString).json")
        defer { [exportA, other, exportB].forEach { try? FileManager.default.removeItem(at: $0) } }
        #expect(try vault.run(["export", "json", exportA.path]).status == 0)
        #expect(try vault.run(["import", "json", exportA.path, other.path]).status == 0)
        let clone = VaultSandbox(root: other)
        // On the other side: a new note, a card answered, a note edited.
        #expect(try clone.run(["new", "Written on the other side"]).status == 0)
        let cards = try #require(try clone.json(["cards", "--json"]) as? [[String: Any]])
        let card = try #require(cards.first?["id"] as? String)
        let reviewsBefore = try #require(cards.first?["reviews"] as? Int)
        #expect(try clone.run(["study", "--rate", "\(card)=good"]).status == 0)
        let edited = "2026/11/you-do-not-rise-to-your-goals.md"
        try clone.write(edited, try clone.read(edited) + "\nEdited on the other side.\n")
        try vault.write(edited, try vault.read(edited) + "\nEdited here.\n")
        #expect(try clone.run(["export", "json", exportB.path]).status == 0)
        let ledgerBefore = vault.ledgerText()
        let mine = try vault.read(edited)
        let dry = try vault.run(["import", "json", exportB.path, "--merge", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.hasPrefix("Would merge \(exportB.path): 1 new note, 1 new event; nothing written."),
            "\(dry.stdout)")
        #expect(vault.ledgerText() == ledgerBefore)
        let merged = try vault.run(["import", "json", exportB.path, "--merge"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("Merged \(exportB.path): 1 new note, 1 new event."))
        #expect(merged.stdout.contains("1 conflict, left as the vault has them:"))
        #expect(merged.stdout.contains("the note \(edited) (id "))
        #expect(try vault.read(edited) == mine, "the vault's own note is kept")
        #expect(
            try vault.read("2026/11/written-on-the-other-side.md")
                == (try clone.read("2026/11/written-on-the-other-side.md")))
        #expect(vault.ledgerText().contains(card), "the answer came across")
        let listed = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]])
        #expect((listed.first { $0["id"] as? String == card })?["reviews"] as? Int == reviewsBefore + 1)
        // Merging again adds nothing.
        let again = try vault.run(["import", "json", exportB.path, "--merge"])
        #expect(again.stdout.hasPrefix("Merged \(exportB.path): 0 new notes, 0 new events."), "\(again.stdout)")
    }

    @Test("a hostile or old document is refused before anything is written, naming why")
    func refused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sandbox = VaultSandbox(root: folder)
        let cases: [(String, String)] = [
            (
                ##"{"version":1,"notes":[{"path":"../escape.md","text":"# x"}],"vault_files":[{"path":".vault/config.yml","text":"version: 1\n"}]}"##,
                "the note path '../escape.md' is not a plain path inside the vault"
            ),
            (
                #"{"version":1,"notes":[],"vault_files":[{"path":".vault/local/device","text":"x"}]}"#,
                "is none a vault keeps"
            ),
            (#"{"version":1,"notes":[]}"#, "it was written by an older vault"),
            ("not json", "it is not JSON that reads"),
        ]
        for (n, (json, reason)) in cases.enumerated() {
            try json.write(to: folder.appendingPathComponent("case\(n).json"), atomically: true, encoding: .utf8)
            let result = try sandbox.run(["import", "json", "case\(n).json", "out\(n)"])
            #expect(result.status == 1)
            #expect(
                result.stderr.hasPrefix("error: case\(n).json cannot be imported: ") && result.stderr.contains(reason),
                "\(result.stderr)")
            #expect(result.stderr.hasSuffix("Nothing was written.\n"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out\(n)").path))
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appendingPathComponent("escape.md").path))
    }
}
