import Foundation
import Testing
import VaultCore
import VaultMarkdown

/// Issue 34: a year outside 1-9999 is an error for that note, never a date
/// that prints as `-001-W52`.
@Suite("Note dates: years 1 to 9999")
struct NoteYearRangeTests {
    @Test("created: 0000-01-01 is an error naming the line, and the note has no created date")
    func yearZero() {
        let utc = TimeZone(identifier: "UTC")!
        for value in ["0000-01-01", "0000-06-30T12:00:00Z"] {
            let n = NoteParser.parse(Data("---\ncreated: \(value)\n---\n# T\n".utf8), path: "t.md", timeZone: utc)
            #expect(n.created == nil, "\(value)")
            #expect(n.diagnostics.contains { $0.code == "created-date" && $0.severity == .error && $0.line == 2 }, "\(value)")
        }
        let named = NoteParser.parse(Data("# T\n".utf8), path: "0000-01-01 T.md", timeZone: utc)
        #expect(named.created == nil)
    }
}
