import Foundation
import GRDB
import Testing
import VaultCore
import VaultIndex

@Suite("search cache recovery and safety")
struct SearchIndexRecoveryTests {
    @Test("a cache file that is not SQLite is deleted and rebuilt")
    func garbageFileRebuilt() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "the walrus sleeps")
        try FileManager.default.createDirectory(at: vault.layout.cacheFolder, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 10_000).write(to: vault.cacheFile)
        #expect(try vault.paths("walrus") == ["a.md"])
    }

    @Test("a cache whose pages were overwritten is rebuilt")
    func damagedFileRebuilt() throws {
        let vault = try FixtureVault()
        for i in 0..<50 {
            try vault.note("n\(i).md", title: "Note \(i)", body: String(repeating: "walrus tusk ", count: 200))
        }
        #expect(try vault.paths("walrus").count == 50)
        // Keep the header, scribble over everything after the first page.
        let handle = try FileHandle(forUpdating: vault.cacheFile)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 200_000))
        try handle.close()
        try? FileManager.default.removeItem(atPath: vault.cacheFile.path + "-wal")
        try vault.note("n0.md", title: "Note 0", body: "a narwhal")
        #expect(try vault.paths("narwhal") == ["n0.md"])
        #expect(try vault.paths("walrus").count == 49)
    }

    @Test("a cache from another schema version is rebuilt")
    func otherVersionRebuilt() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "the walrus sleeps")
        #expect(try vault.paths("walrus") == ["a.md"])
        let queue = try DatabaseQueue(path: vault.cacheFile.path)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM notes_fts; PRAGMA user_version = 999")
        }
        try queue.close()
        // The fingerprint still matches, but the file is not trusted: rebuilt.
        #expect(try vault.paths("walrus") == ["a.md"])
        let check = try DatabaseQueue(path: vault.cacheFile.path)
        #expect(try check.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } != 999)
    }

    @Test("SQL in a query is only text, and the cache survives it")
    func sqlInjectionIsText() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "Robert'); DROP TABLE notes; -- was here")
        try vault.note("b.md", title: "Beta", body: "the walrus sleeps")
        #expect(try vault.paths("'); DROP TABLE notes; --") == ["a.md"])
        #expect(try vault.paths("source:\"'); DROP TABLE notes; --\"").isEmpty)
        #expect(try vault.paths("walrus") == ["b.md"])
        #expect(try vault.index().statistics().notes == 2)
    }

    @Test("FTS5 syntax in user text is matched as words, never run")
    func ftsSyntaxIsText() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "we sat near walrus rock")
        try vault.note("b.md", title: "Beta", body: "the title walrus of a book")
        let index = try vault.index()
        try index.refresh()
        // Each of these would be an FTS5 operator or syntax error if passed raw.
        for text in ["NEAR(walrus the)", "title:walrus", "walrus\"", "^walrus", "walrus AND", "(walrus", "{title}"] {
            let query = SearchQuery(groups: [[.word(text)]])
            _ = try index.search(query, limit: nil)
        }
        // Read as the phrase "near walrus", not as the NEAR operator.
        let near = try index.search(SearchQuery(groups: [[.word("NEAR(walrus")]]), limit: nil)
        #expect(near.map(\.path) == ["a.md"])
        let title = try index.search(SearchQuery(groups: [[.word("title:walrus")]]), limit: nil)
        #expect(title.map(\.path) == ["b.md"])
    }
}
