import Foundation
import Testing

@testable import VaultStore

@Suite("Atomic writes leave no empty note and no litter")
struct AtomicCreateTests {
    @Test("create writes the whole content under the name or nothing, and refuses a taken name")
    func create() throws {
        let dir = TempFolder()
        let url = dir.url.appendingPathComponent("a/note.md")
        try AtomicFile.create(Data("# Note\n".utf8), at: url)
        #expect(dir.read("a/note.md") == "# Note\n")
        #expect(throws: VaultStoreError.self) { try AtomicFile.create(Data("other\n".utf8), at: url) }
        #expect(dir.read("a/note.md") == "# Note\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("a").path)
        #expect(names == ["note.md"], "no temporary file is left")
    }

    @Test("a temporary file of a killed write is removed by the next write in its folder once a minute old")
    func staleTemporaries() throws {
        let dir = TempFolder()
        let stale = dir.url.appendingPathComponent(".x.md.vault-tmp-123-456")
        let fresh = dir.url.appendingPathComponent(".y.md.vault-tmp-123-789")
        try Data("half".utf8).write(to: stale)
        try Data("half".utf8).write(to: fresh)
        let old = Date(timeIntervalSinceNow: -120)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: stale.path)
        #expect(AtomicFile.staleTemporaries(in: dir.url).map(\.lastPathComponent) == [stale.lastPathComponent])
        try AtomicFile.write(Data("ok\n".utf8), to: dir.url.appendingPathComponent("z.md"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path), "a write in progress elsewhere is left alone")
    }
}
