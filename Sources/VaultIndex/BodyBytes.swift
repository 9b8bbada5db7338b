import GRDB
import GRDBSQLite

/// The bodies of some notes as they are stored in the text index, read as
/// bytes into one buffer: no `String` per body, no UTF-8 check, no copy
/// but one.
///
/// They are read from `notes_fts_content`, the table where FTS5 keeps the
/// columns of `notes_fts` (`c2` is `body`), rather than through the virtual
/// table, whose cursor costs several times as much per row for the same
/// bytes.
struct BodyBytes {
    /// Every body, one after the other.
    var bytes: [UInt8] = []
    /// Where each note's body lies in ``bytes``, by rowid (a NULL body is empty).
    var ranges: [Int64: Range<Int>] = [:]

    /// The bodies of the notes whose rowids are the JSON array `rowids`,
    /// room made for `expectedBytes` at once (their files' sizes: a body
    /// is no longer than its note) so the buffer is not copied as it grows.
    /// - Throws: GRDB's `DatabaseError`.
    init(rowids: String, expectedBytes: Int, db: Database) throws {
        bytes.reserveCapacity(expectedBytes)
        let statement = try db.makeStatement(
            sql: "SELECT id, c2 FROM notes_fts_content WHERE id IN (SELECT value FROM json_each(?))")
        try statement.setArguments([rowids])
        let raw = statement.sqliteStatement
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            let rowid = sqlite3_column_int64(raw, 0)
            let count = Int(sqlite3_column_bytes(raw, 1))
            let start = bytes.count
            if count > 0, let base = sqlite3_column_blob(raw, 1) {
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count))
            }
            ranges[rowid] = start..<bytes.count
        }
        sqlite3_reset(raw)
    }
}
