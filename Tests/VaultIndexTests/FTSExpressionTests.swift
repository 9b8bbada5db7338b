import GRDB
import Testing

@testable import VaultIndex

/// A search word reaches FTS5 as a string: every `"` in it doubled, also
/// one that a combining mark follows (one `Character`, two scalars).
@Suite("FTS5 strings quote every double quote")
struct FTSExpressionTests {
    @Test func quotes() {
        #expect(FTSExpression.quoted("plain") == "\"plain\"")
        #expect(FTSExpression.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(FTSExpression.quoted("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        #expect(FTSExpression.quoted("") == "\"\"")
    }

    /// FTS5 reads each quoted string back as one string: the words in it
    /// are found, and a quote with a combining mark does not end it early
    /// (an unbalanced string is a syntax error).
    @Test func fts5ReadsThemBack() throws {
        let db = try DatabaseQueue()
        try db.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'unicode61')")
            try db.execute(sql: "INSERT INTO t (body) VALUES ('say hi now')")
            func count(_ word: String) throws -> Int? {
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM t WHERE t MATCH ?", arguments: [FTSExpression.quoted(word)])
            }
            #expect(try count("\"hi\"") == 1)
            #expect(try count("\"\"\"hi") == 1)
            #expect(try count("now\"") == 1)
            _ = try count("hi\"\u{301}")  // would throw "unterminated string" if the quote were not doubled
        }
    }
}
