import Foundation
import Testing

@testable import VaultStore

@Suite("Vaults inside a folder")
struct NestedVaultsTests {
    @Test("vaults below a folder are found at any depth, in path order; hidden folders and links are not entered")
    func vaultsInside() throws {
        let dir = TempFolder()
        for vault in ["b/deep/inner", "a", "Ünï/x", ".hidden/v", "a/below"] {
            dir.write(vault + "/.vault/config.yml", "time_zone: UTC\n")
        }
        dir.write("notes/note.md", "# Note\n")
        dir.write("file-not-folder", "x\n")
        try FileManager.default.createSymbolicLink(
            at: dir.url.appendingPathComponent("link"), withDestinationURL: dir.url.appendingPathComponent("a"))
        let found = VaultInitializer.vaults(inside: dir.url).map(\.path)
        // `a/below` is inside `a`, which is a vault already: the walk stops there.
        #expect(found == ["a", "b/deep/inner", "Ünï/x"].map { dir.url.appendingPathComponent($0).path })
        #expect(VaultInitializer.vaults(inside: dir.url.appendingPathComponent("notes")).isEmpty)
        #expect(VaultInitializer.vaults(inside: dir.url.appendingPathComponent("missing")).isEmpty)
    }
}
