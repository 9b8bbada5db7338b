import Foundation
import Testing

@testable import VaultStore

/// `vault new`'s drafts (``DraftFiles``): private to this user while the
/// editor has them, kept in the state folder when the note is refused.
@Suite("Drafts of new notes")
struct DraftFilesTests {
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a draft is a new file (0600) holding the template, in a folder of its own (0700) under the temporary folder")
    func create() throws {
        let dir = TempFolder()
        let drafts = DraftFiles(temporaryFolder: dir.url.path, environment: ["HOME": dir.url.path])
        let path = try drafts.create(named: "vault-new-1.md", holding: "---\ntitle: \n---\n")
        let folder = (path as NSString).deletingLastPathComponent
        #expect((folder as NSString).deletingLastPathComponent == dir.url.path)
        #expect((folder as NSString).lastPathComponent.hasPrefix("vault-new-"))
        #expect((path as NSString).lastPathComponent == "vault-new-1.md")
        #expect(Self.mode(folder) == 0o700 && Self.mode(path) == 0o600)
        #expect(drafts.text(of: path) == "---\ntitle: \n---\n")
        let second = try drafts.create(named: "vault-new-1.md", holding: "other")
        #expect(second != path && drafts.text(of: path) == "---\ntitle: \n---\n", "each draft has a folder of its own")
    }

    @Test("a temporary folder that cannot be written is named in the error, and nothing is left")
    func unwritable() throws {
        let dir = TempFolder()
        let missing = dir.url.appendingPathComponent("missing").path
        let drafts = DraftFiles(temporaryFolder: missing, environment: ["HOME": dir.url.path])
        #expect(throws: VaultStoreError.draftUnwritable(path: missing, reason: "No such file or directory")) {
            try drafts.create(named: "vault-new-1.md", holding: "text")
        }
        let error = VaultStoreError.draftUnwritable(path: missing, reason: "No such file or directory")
        #expect(error.errorDescription?.hasPrefix("cannot make the file to edit the new note in (\(missing)):") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }

    @Test("a refused draft moves to $XDG_STATE_HOME/vault/unsaved (0700, the file still 0600) and its temporary folder goes")
    func keep() throws {
        let dir = TempFolder()
        let temporary = dir.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let state = dir.url.appendingPathComponent("state")
        let drafts = DraftFiles(temporaryFolder: temporary.path, environment: ["XDG_STATE_HOME": state.path, "HOME": "/nonexistent"])
        let path = try drafts.create(named: "vault-new-2.md", holding: "# Refused\n")
        let kept = drafts.keep(path)
        #expect(kept == state.appendingPathComponent("vault/unsaved/vault-new-2.md").path)
        #expect(try String(contentsOf: URL(fileURLWithPath: kept), encoding: .utf8) == "# Refused\n")
        #expect(Self.mode(state.appendingPathComponent("vault/unsaved").path) == 0o700 && Self.mode(kept) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("without a state folder to keep it in (a relative XDG_STATE_HOME is ignored for HOME's), a draft stays where it is")
    func keepFallsBack() throws {
        let dir = TempFolder()
        dir.write("home", "a file, not a folder")
        let drafts = DraftFiles(
            temporaryFolder: dir.url.path, environment: ["XDG_STATE_HOME": "relative/state", "HOME": dir.url.appendingPathComponent("home").path])
        let path = try drafts.create(named: "vault-new-3.md", holding: "text")
        #expect(drafts.keep(path) == path)
        #expect(drafts.text(of: path) == "text")
    }

    @Test("discarding a draft removes its folder, with what the editor left there")
    func discard() throws {
        let dir = TempFolder()
        let drafts = DraftFiles(temporaryFolder: dir.url.path, environment: ["HOME": dir.url.path])
        let path = try drafts.create(named: "vault-new-4.md", holding: "text")
        let swap = (path as NSString).deletingLastPathComponent + "/.vault-new-4.md.swp"
        FileManager.default.createFile(atPath: swap, contents: Data("swap".utf8))
        drafts.discard(path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }
}
