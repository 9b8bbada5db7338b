import Foundation
import GRDB
import Synchronization
import Testing
import VaultCore

@testable import VaultIndex

/// Issue 34: `vault search 'a*'` re-ran the whole MATCH for every hit's
/// snippet, so its cost grew with the square of the hits.
@Suite("search snippets cost one query")
struct SearchSnippetCostTests {
    /// The statements that evaluate a full-text MATCH on the notes, while `body` runs.
    func matchStatements(_ index: SearchIndex, _ body: () throws -> Void) throws -> Int {
        let count = Mutex(0)
        try index.database.inDatabase { db in
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event, statement.sql.contains("notes_fts MATCH") {
                    count.withLock { $0 += 1 }
                }
            }
        }
        defer { try? index.database.inDatabase { db in db.trace(options: .statement, nil) } }
        try body()
        return count.withLock { $0 }
    }

    @Test("the snippets of every hit come from one run of the query, whatever the number of hits")
    func snippetsOnce() throws {
        let vault = try FixtureVault()
        for i in 0..<60 {
            try vault.note("n\(i).md", title: "Note \(i)", body: "apple \(i) and an avocado, among other words")
        }
        try vault.write("long.md", "# Long\n\n" + String(repeating: "filler words here apple ", count: 400))
        let index = try vault.index()
        try index.refresh()
        var hits: [SearchHit] = []
        let statements = try matchStatements(index) {
            hits = try index.search(SearchQueryParser.parse("a*"), limit: nil)
        }
        #expect(hits.count == 61)
        #expect(statements <= 2, "one ranking query and one snippet query, not one per hit (\(statements))")
        let n7 = try #require(hits.first { $0.path == "n7.md" })
        #expect(n7.snippet.parts.contains { $0.isMatch })
        let long = try #require(hits.first { $0.path == "long.md" })
        #expect(long.snippet.parts.contains { $0.isMatch })
    }

    @Test("a limit still gives each hit its own snippet")
    func limitedSnippets() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "A", body: "the walrus sleeps on the ice")
        try vault.note("b.md", title: "B", body: "a walrus eats clams")
        let index = try vault.index()
        try index.refresh()
        let hits = try index.search(SearchQueryParser.parse("walrus"), limit: 1)
        #expect(hits.count == 1)
        let text = hits[0].snippet.parts.map(\.text).joined()
        #expect(text.contains(hits[0].path == "a.md" ? "sleeps" : "clams"))
    }
}
