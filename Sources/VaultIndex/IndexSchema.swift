import GRDB

/// The tables of `.vault/cache/index.sqlite`, and the version that names them.
///
/// `notes` holds one row per note: the fields filters test (lowercased keys
/// alongside the display values) and the file's stat fields, which decide
/// whether the note must be parsed again. `notes_fts` is the FTS5 table with
/// the same rowid: the searchable text, plus the path and creation time as
/// unindexed columns so ranking needs no join. `meta` holds the scan
/// fingerprint and the last refresh's numbers.
enum IndexSchema {
    /// Stored in `PRAGMA user_version`; any other value means "rebuild".
    /// Bump it whenever a table, column or tokenizer changes.
    static let version = 8  // 3: titles by the opening-heading rule; 4: link targets; 5: tags split at spaces; 6: Obsidian's tag and title rules, years outside 1-9999 not dates; 7: percent-encoded note links also decoded (backlinks); 8: links read from the source (none in comments or escaped)

    /// The `bm25()` weights of the FTS columns, in order: title, tags, body,
    /// CJK bigrams, link targets (the words of link destinations and wiki
    /// link names, below the body: a note that only links to a page is less
    /// about it than one that says it).
    static let bm25Weights = "10.0, 5.0, 1.0, 2.0, 0.5"

    /// The page size of a cache built cold (SQLite's default is 4,096). FTS5
    /// writes its index in leaves of `pgsz` 8,000 bytes, which on 4 KB pages
    /// each spill onto overflow pages; on 16 KB pages a leaf is one page: the
    /// 100,000-note cache is 236 MB instead of 260, and its FTS5 table took
    /// 0.2-0.35 s less CPU to write (benchmarks/STARTUP.md, "2026-11-29: the
    /// cold index at 100,000 notes"). A page size is not a schema: a cache of
    /// either size is read the same way, so the version stays.
    static let pageSize = 16384

    /// The FTS5 tokenizer of the text columns (snippets of long notes use it too).
    static let tokenizer = "unicode61 remove_diacritics 2"

    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE notes (
                    rowid INTEGER PRIMARY KEY,
                    path TEXT NOT NULL UNIQUE,
                    id TEXT,
                    title TEXT NOT NULL,
                    tags TEXT NOT NULL,
                    tag_keys TEXT NOT NULL,
                    category TEXT,
                    category_key TEXT,
                    source TEXT,
                    source_key TEXT,
                    source_type TEXT,
                    created REAL,
                    cycle INTEGER NOT NULL DEFAULT 0,
                    archived INTEGER NOT NULL DEFAULT 0,
                    size INTEGER NOT NULL,
                    mtime_ns INTEGER NOT NULL,
                    ctime_ns INTEGER NOT NULL,
                    inode INTEGER NOT NULL
                );
                CREATE INDEX notes_created ON notes(created);
                CREATE VIRTUAL TABLE notes_fts USING fts5(
                    title, tags, body, cjk, links,
                    tokenize = '\(tokenizer)'
                );
                INSERT INTO notes_fts (notes_fts, rank) VALUES ('pgsz', 8000);
                INSERT INTO notes_fts (notes_fts, rank) VALUES ('automerge', 16);
                CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
                PRAGMA user_version = \(version);
                """)
    }

    /// True when `db` is a cache this version of vault wrote.
    static func isCurrent(_ db: Database) throws -> Bool {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version == Self.version else { return false }
        let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        return tables.isSuperset(of: ["notes", "notes_fts", "meta"])
    }
}
