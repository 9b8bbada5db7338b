import Foundation
import Testing
import VaultCore
import VaultMarkdown

@testable import VaultStore

@Suite("Note ids")
struct NoteIdentityTests {
    @Test("a note without an id gets one line added and no other byte changed")
    func adoptsID() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = VaultLayout(root: root)
        let original = "---\r\ncreated: 2026-11-18\r\ntags: [a, b]\r\n---\r\n# Title\r\n\r\nBody  \r\n"
        try Data(original.utf8).write(to: layout.url(of: "n.md"))
        let note = NoteParser.parse(Data(original.utf8), path: "n.md", timeZone: .current)
        let result = try NoteIdentity.ensure(note, in: layout)
        #expect(result.adopted)
        let after = try String(contentsOf: layout.url(of: "n.md"), encoding: .utf8)
        #expect(
            after
                == "---\r\nid: \(result.id)\r\ncreated: 2026-11-18\r\ntags: [a, b]\r\n---\r\n# Title\r\n\r\nBody  \r\n")
        let again = try NoteIdentity.ensure(
            NoteParser.parse(Data(after.utf8), path: "n.md", timeZone: .current), in: layout)
        #expect(again.id == result.id)
        #expect(!again.adopted)
    }
}
