import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// `vault import json`: a vault rebuilt byte for byte from its export, or an
/// export merged into a vault (notes by id, events by identity, conflicts named).
@Suite("JSON import")
struct JSONImportingTests {
    /// An export document's JSON holding `notes` (path, id, text or base64) and `files` (path, text).
    static func json(
        notes: [(String, String?, String?, String?)], files: [(String, String)], attachments: [String] = []
    )
        throws -> Data
    {
        let document: [String: Any] = [
            "version": 1, "vault": "Old", "exported_at": "2026-11-18T10:00:00+01:00", "config": [:], "events": [],
            "notes": notes.map { path, id, text, base64 in
                ["path": path, "id": id as Any, "text": text as Any, "text_base64": base64 as Any, "cards": []]
            },
            "vault_files": files.map { ["path": $0.0, "text": $0.1, "text_base64": NSNull()] },
            "attachments": attachments,
        ]
        return try JSONSerialization.data(withJSONObject: document)
    }

    static let ledgerHeader = "# vault-ledger v1\n"
    static let config = "version: 1\ntimezone: Europe/Berlin\n"

    @Test("a rebuild writes every note and vault file byte for byte, CRLF, a BOM and bytes that are not UTF-8 included")
    func rebuild() throws {
        let crlf = "---\r\nid: \(Fixture.idA)\r\n---\r\n# Alpha\r\n"
        let bom = "\u{FEFF}# Beta\n"
        let latin1 = Data([0x23, 0x20, 0x43, 0x61, 0x66, 0xE9, 0x0A])  // "# Café" in Latin-1
        let ledger =
            Self.ledgerHeader + "2026-11-18T10:00:00.000+01:00\tdev\t1\tfinish\tlevel=weekly\tperiod=2026-W46\n"
        let data = try Self.json(
            notes: [
                ("a.md", Fixture.idA, crlf, nil), ("x/b.md", nil, bom, nil),
                ("c.md", nil, nil, latin1.base64EncodedString()),
            ],
            files: [
                (".vault/config.yml", Self.config), (".vault/ledger/2026.log", ledger),
                (".gitignore", ".vault/cache\n"),
            ],
            attachments: ["pics/door.png"])
        let document = try ExportDocument.read(data, path: "old.json")
        let files = MemoryNamedFiles()
        let rebuilt = try JSONImporting.rebuild(document, from: "old.json", into: "new", files: files)
        #expect(rebuilt == .init(notes: 3, vaultFiles: 3, attachments: ["pics/door.png"]))
        #expect(files.files["new/a.md"] == Data(crlf.utf8))
        #expect(files.files["new/x/b.md"] == Data(bom.utf8))
        #expect(files.files["new/c.md"] == latin1)
        #expect(files.files["new/.vault/ledger/2026.log"] == Data(ledger.utf8))
        #expect(files.files["new/.vault/config.yml"] == Data(Self.config.utf8))
        #expect(files.files.count == 6)
        #expect(throws: CocoaError.self) {
            try JSONImporting.rebuild(document, from: "old.json", into: "new", files: files)
        }
    }

    @Test("a document that is no export, an older one, or one with a path out of place is refused, naming why")
    func refused() throws {
        func reason(_ data: Data) -> String {
            do {
                let document = try ExportDocument.read(data, path: "x.json")
                _ = try JSONImporting.files(of: document, from: "x.json")
                return "read"
            } catch {
                return error.localizedDescription
            }
        }
        let config = [(".vault/config.yml", Self.config)]
        #expect(reason(Data("{".utf8)).hasPrefix("x.json cannot be imported: it is not JSON that reads"))
        #expect(reason(Data("[]".utf8)).contains("is not what an export holds"))
        #expect(
            reason(Data(#"{"version":1,"notes":[]}"#.utf8)).contains(
                "it holds no vault_files: it was written by an older vault"))
        #expect(
            reason(Data(#"{"version":2,"notes":[],"vault_files":[]}"#.utf8)).contains("it is version 2 of the export"))
        #expect(
            reason(try Self.json(notes: [("../escape.md", nil, "# x", nil)], files: config)).contains(
                "the note path '../escape.md' is not a plain path"))
        #expect(
            reason(try Self.json(notes: [("/etc/x.md", nil, "# x", nil)], files: config)).contains(
                "is not a plain path"))
        #expect(
            reason(try Self.json(notes: [(".obsidian/x.md", nil, "# x", nil)], files: config)).contains(
                "has a hidden part"))
        #expect(
            reason(try Self.json(notes: [("a.txt", nil, "x", nil)], files: config)).contains(
                "does not name a Markdown file"))
        #expect(
            reason(try Self.json(notes: [("a.md", nil, "x", nil), ("a.md", nil, "y", nil)], files: config)).contains(
                "it names 'a.md' twice"))
        #expect(
            reason(try Self.json(notes: [], files: config + [(".vault/cache/notes.bin", "x")])).contains(
                "is none a vault keeps"))
        #expect(
            reason(try Self.json(notes: [], files: config + [(".vault/ledger/../../x.log", "x")])).contains(
                "is none a vault keeps"))
        #expect(
            reason(try Self.json(notes: [("a.md", nil, nil, "%%%")], files: config)).contains(
                "the note a.md has neither text nor text_base64"))
        #expect(reason(try Self.json(notes: [], files: [])).contains("it carries no .vault/config.yml"))
        #expect(reason(try Self.json(notes: [("a.md", nil, "# A", nil)], files: config)) == "read")
    }

    @Test(
        "a merge adds what the vault lacks, leaves what it holds alike, and names every conflict without writing over it"
    )
    func merge() throws {
        let textA = Fixture.weekTexts["a.md"]!
        let files = Fixture.files(
            ["a.md": textA, "b.md": Fixture.weekTexts["b.md"]!, "d.md": "# Mine\n"],
            [".vault/config.yml": Data(Self.config.utf8)])
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let kept = try ledger.append(CardHoldEvent(time: Fixture.now, card: "c1", note: Fixture.idA, action: .suspend))
        let differs = try ledger.append(
            CardHoldEvent(time: Fixture.now, card: "c2", note: Fixture.idA, action: .suspend))
        var changed = differs
        changed.fields = [("card", "c2"), ("note", Fixture.idA), ("hold", "bury")]
        var new = kept
        new.device = "otherdevice"
        let lines = [kept, changed, new].map(LedgerLine.format).joined(separator: "\n")
        let idC = "cccccccc-0000-4000-8000-000000000003"
        let data = try Self.json(
            notes: [
                ("a.md", Fixture.idA, textA, nil), ("elsewhere/b.md", Fixture.idB, "# B changed\n", nil),
                ("c.md", idC, "---\nid: \(idC)\n---\n# C\n", nil), ("d.md", nil, "# Theirs\n", nil),
            ],
            files: [
                (".vault/config.yml", Self.config + "tips: false\n"),
                (".vault/ledger/2026.log", Self.ledgerHeader + lines + "\n"),
            ],
            attachments: ["pics/door.png"])
        let document = try ExportDocument.read(data, path: "other.json")
        let log = MemoryImportedLog()
        let importing = JSONImporting(
            Fixture.context(
                Fixture.notes(["a.md": textA, "b.md": Fixture.weekTexts["b.md"]!, "d.md": "# Mine\n"]), ledger: ledger,
                files: files),
            log: log)
        let plan = try importing.plan(document, from: "other.json")
        #expect(plan.notes.map(\.path) == ["c.md"])
        #expect(plan.notesAlike == 1)
        #expect(plan.events.map(\.device) == ["otherdevice"])
        #expect(plan.eventsAlike == 1)
        #expect(
            plan.conflicts == [
                .note(id: Fixture.idB, vaultPath: "b.md", exportPath: "elsewhere/b.md"), .pathTaken(path: "d.md"),
                .vaultFile(path: ".vault/config.yml"), .event(device: "testdevice", sequence: differs.sequence),
            ])
        #expect(plan.missingAttachments == ["pics/door.png"])
        #expect(
            plan.conflicts[0].description
                == "the note of id \(Fixture.idB) differs: b.md in the vault, elsewhere/b.md in the export; the vault's is kept"
        )
        let before = files.all
        #expect(log.events.isEmpty && before["c.md"] == nil, "a plan writes nothing")
        #expect(try importing.merge(plan) == ["c.md"])
        #expect(files.all["c.md"] == Data("---\nid: \(idC)\n---\n# C\n".utf8))
        #expect(files.all["b.md"] == before["b.md"] && files.all["d.md"] == before["d.md"], "nothing written over")
        #expect(log.events == [new], "the new event with its own device and sequence")
    }
}
