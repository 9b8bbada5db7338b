import Foundation
import GRDB
import VaultCore
import VaultStore

/// One note as the search cache stores it: a `notes` row and a `notes_fts` row.
struct IndexedNote {
    /// Separates tags in the `tags` and `tag_keys` columns; it cannot occur in a tag.
    static let tagSeparator = "\u{1F}"

    var file: ScannedFile
    var note: Note

    /// Until ledger replay lands on this branch, every note is daily and not
    /// archived (see docs/FORMAT.md, "Search cache").
    var cycle: SearchCycle { .daily }
    var archived: Bool { false }

    var tagKeys: String {
        Self.tagSeparator + note.tags.map(Tag.key).joined(separator: Self.tagSeparator) + Self.tagSeparator
    }

    var createdSeconds: Double? { note.created?.timeIntervalSince1970 }

    /// Inserts the note under `rowid`, or under a new rowid when nil.
    func insert(_ db: Database, rowid: Int64?) throws {
        let notes = try db.cachedStatement(
            sql: """
                INSERT INTO notes (rowid, path, id, title, tags, tag_keys, category, category_key, source,
                    source_key, source_type, created, cycle, archived, size, mtime_ns, ctime_ns, inode)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        try notes.execute(arguments: [
            rowid, file.path, note.id, note.title, note.tags.joined(separator: Self.tagSeparator), tagKeys,
            note.category, note.category?.lowercased(), note.source, note.source?.lowercased(), note.sourceType,
            createdSeconds, cycle.rawValue, archived ? 1 : 0, file.size, file.modified, file.changed,
            Int64(bitPattern: file.inode),
        ])
        let newRowid = rowid ?? db.lastInsertedRowID
        let fts = try db.cachedStatement(
            sql: "INSERT INTO notes_fts (rowid, title, tags, body, cjk, path, created) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let cjkSource = note.title + "\n" + note.tags.joined(separator: " ") + "\n" + note.bodyText
        let cjk = CJKBigrams.containsCJK(cjkSource) ? CJKBigrams.indexText(cjkSource) : ""
        try fts.execute(arguments: [
            newRowid, note.title, note.tags.joined(separator: " "), note.bodyText, cjk, file.path, createdSeconds,
        ])
    }

    /// Removes the note stored under `rowid` from both tables.
    static func delete(_ db: Database, rowid: Int64) throws {
        try db.cachedStatement(sql: "DELETE FROM notes WHERE rowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM notes_fts WHERE rowid = ?").execute(arguments: [rowid])
    }
}
