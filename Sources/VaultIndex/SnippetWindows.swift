import GRDB
import VaultCore

/// The snippet of a long note, taken from a window of its body.
///
/// FTS5's `snippet()` compares every match in the column with every other,
/// so its time grows with the square of their number: a note of 8,000
/// words took 0.5 s, one of 32,000 took 9 s, and a 40 MB note (a book
/// pasted whole) kept `vault search word` busy for hours. A body longer
/// than ``windowBytes`` is therefore cut into overlapping windows of that
/// size, tried in order in a small table of its own in memory, and the
/// snippet is the one of the first window the query matches: each costs at
/// most the square of a window's words, and the whole search stays linear
/// in the body.
final class SnippetWindows {
    /// A note whose file is at most this many bytes gets FTS5's snippet
    /// directly; a longer one is cut into windows of this many bytes.
    static let windowBytes = 4096
    /// How much consecutive windows share, so that a phrase across a cut
    /// is whole in one of them.
    static let overlapBytes = 512
    /// How far back a window's end looks for a space or line break to end on.
    static let boundarySlack = 128

    private let queue: DatabaseQueue

    init() throws {
        queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: "CREATE VIRTUAL TABLE window USING fts5(body, cjk, tokenize = '\(IndexSchema.tokenizer)')")
        }
    }

    /// The marked snippet (as ``SearchIndex`` asks FTS5 for it) of the first
    /// window of `body` that `match` matches; nil when none does (the note
    /// matched on its title, tags or links alone).
    func marked(body: String, match: String, words: Int) throws -> String? {
        var body = body
        return try body.withUTF8 { bytes in
            for range in Self.windows(bytes) {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                let cjk = CJKBigrams.containsCJK(text) ? CJKBigrams.indexText(text) : ""
                let found = try queue.write { db -> String? in
                    try db.execute(sql: "DELETE FROM window")
                    try db.execute(
                        sql: "INSERT INTO window (rowid, body, cjk) VALUES (1, ?, ?)", arguments: [text, cjk])
                    return try String.fetchOne(
                        db,
                        sql:
                            "SELECT snippet(window, 0, char(2), char(3), '…', \(words)) FROM window WHERE window MATCH ?",
                        arguments: [match])
                }
                if let found { return found }
            }
            return nil
        }
    }

    /// The windows of `bytes`: at most ``windowBytes`` long, each starting
    /// ``overlapBytes`` before the previous one ended, every cut on a
    /// character boundary and, where one is near, just after a space or line
    /// break, so no window starts or ends inside a word.
    static func windows(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var windows: [Range<Int>] = []
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + windowBytes)
            if end < bytes.count { end = cut(bytes, near: end, after: start) }
            windows.append(start..<end)
            guard end < bytes.count else { break }
            start = max(cut(bytes, near: end - overlapBytes, after: start), start + 1)
            while start < bytes.count, isContinuation(bytes[start]) { start += 1 }
        }
        return windows
    }

    /// `offset`, moved back to just after a space or line break within
    /// ``boundarySlack`` bytes (and after `floor`), else to the start of the
    /// character it falls in.
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, near offset: Int, after floor: Int) -> Int {
        var i = offset
        while i > floor + 1, i > offset - boundarySlack {
            if bytes[i - 1] == 0x20 || bytes[i - 1] == 0x0A { return i }
            i -= 1
        }
        i = offset
        while i > floor + 1, isContinuation(bytes[i]) { i -= 1 }
        return i
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
