import Foundation
import GRDB
import GRDBSQLite
import VaultCore
import VaultStore

/// One note as the search cache stores it: a `notes` row and a `notes_fts` row.
///
/// The text of both rows is made when the value is made, on the threads that
/// parse (``ParsedBatches``), so the one thread writing SQLite in a cold index
/// only binds it: the CJK check over every body, the joins and the lowercase
/// keys were a tenth of that thread's time at 100,000 notes.
struct IndexedNote {
    /// Separates tags in the `tags` and `tag_keys` columns; it cannot occur in a tag.
    static let tagSeparator = "\u{1F}"

    var file: ScannedFile
    /// The parsed note; its creation date may be filled in before ``insert(_:rowid:)``.
    var note: Note
    /// The `tags` column: the tags joined by ``tagSeparator``.
    let tags: String
    /// The `tag_keys` column (see ``tagKeys(of:)``).
    let tagKeys: String
    /// The tags joined by spaces: the FTS `tags` column.
    let tagWords: String
    /// The FTS `cjk` column: CJK bigrams, empty for a note without CJK text.
    let cjk: String
    /// The FTS `links` column (see ``linkText(of:)``).
    let links: String

    init(file: ScannedFile, note: Note) {
        self.file = file
        self.note = note
        tags = note.tags.joined(separator: Self.tagSeparator)
        tagKeys = Self.tagKeys(of: note)
        tagWords = note.tags.joined(separator: " ")
        let hasCJK =
            CJKBigrams.containsCJK(note.bodyText) || CJKBigrams.containsCJK(note.title)
            || note.tags.contains(where: CJKBigrams.containsCJK)
        cjk = hasCJK ? CJKBigrams.indexText(note.title + "\n" + tagWords + "\n" + note.bodyText) : ""
        links = Self.linkText(of: note)
    }

    /// Notes are written daily and not archived; the ledger's state is
    /// applied by ``SearchIndex/applyCuration(_:)`` before a query that
    /// filters on `cycle:` or `archived:` (see docs/FORMAT.md, "Search cache").
    var cycle: CurationCycle { .daily }
    var archived: Bool { false }

    /// The `tag_keys` column of `note`: its tags' keys, each framed by
    /// ``tagSeparator``, so `tag:x` is a substring test.
    static func tagKeys(of note: Note) -> String {
        Self.tagSeparator + note.tags.map(Tag.key).joined(separator: Self.tagSeparator) + Self.tagSeparator
    }

    var createdSeconds: Double? { note.created?.timeIntervalSince1970 }

    /// Inserts the note under `rowid`, or under a new rowid when nil.
    ///
    /// Binds straight through the SQLite C API: this runs 100,000 times in a
    /// cold index, and GRDB's argument arrays copied each body twice more.
    func insert(_ db: Database, rowid: Int64?) throws {
        let notes = try db.cachedStatement(
            sql: """
                INSERT INTO notes (rowid, path, id, title, tags, tag_keys, category, category_key, source,
                    source_key, source_type, created, cycle, archived, size, mtime_ns, ctime_ns, inode)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        var binder = RawBinder(notes.sqliteStatement)
        binder.bind(rowid)
        binder.bind(file.path)
        binder.bind(note.id)
        binder.bind(note.title)
        binder.bind(tags)
        binder.bind(tagKeys)
        binder.bind(note.category)
        binder.bind(note.category?.lowercased())
        binder.bind(note.source)
        binder.bind(note.source?.lowercased())
        binder.bind(note.sourceType)
        binder.bind(createdSeconds)
        binder.bind(Int64(cycle.rawValue))
        binder.bind(Int64(archived ? 1 : 0))
        binder.bind(file.size)
        binder.bind(file.modified)
        binder.bind(file.changed)
        binder.bind(Int64(bitPattern: file.inode))
        try binder.run(db)
        let newRowid = rowid ?? db.lastInsertedRowID
        let fts = try db.cachedStatement(
            sql: "INSERT INTO notes_fts (rowid, title, tags, body, cjk, links) VALUES (?, ?, ?, ?, ?, ?)")
        var ftsBinder = RawBinder(fts.sqliteStatement)
        ftsBinder.bind(newRowid)
        ftsBinder.bind(note.title)
        ftsBinder.bind(tagWords)
        ftsBinder.bind(note.bodyText)
        ftsBinder.bind(cjk)
        ftsBinder.bind(links)
        try ftsBinder.run(db)
    }

    /// The `links` column of `note`: its wiki link names and Markdown link
    /// destinations as written, then the note links whose decoded path is not
    /// written so (`my%20note.md`), so that backlinks find every note linking
    /// to a note by the words of its names (``SearchIndex/linkSources(naming:)``).
    static func linkText(of note: Note) -> String {
        let decoded = note.noteLinks.filter { link in !note.linkDestinations.contains { $0.hasPrefix(link) } }
        return (note.wikiLinks + note.linkDestinations + decoded).joined(separator: "\n")
    }

    /// Removes the note stored under `rowid` from both tables.
    static func delete(_ db: Database, rowid: Int64) throws {
        try db.cachedStatement(sql: "DELETE FROM notes WHERE rowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM notes_fts WHERE rowid = ?").execute(arguments: [rowid])
    }
}

/// Binds values to a prepared statement in order, runs it once and resets it.
struct RawBinder {
    let statement: OpaquePointer
    var index: Int32 = 1

    init(_ statement: OpaquePointer) { self.statement = statement }

    /// SQLite must copy what it is given: the Swift strings die after binding.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    mutating func bind(_ value: String?) {
        defer { index += 1 }
        guard var value else {
            sqlite3_bind_null(statement, index)
            return
        }
        value.withUTF8 { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            _ = sqlite3_bind_text(
                statement, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), Self.transient)
        }
    }

    mutating func bind(_ value: Int64?) {
        defer { index += 1 }
        if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }

    mutating func bind(_ value: Double?) {
        defer { index += 1 }
        if let value { sqlite3_bind_double(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }

    /// Steps the statement to completion.
    /// - Throws: GRDB's `DatabaseError` for the SQLite error.
    func run(_ db: Database) throws {
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
