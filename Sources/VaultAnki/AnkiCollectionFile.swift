import Foundation
import GRDB
import GRDBSQLite
import VaultCore

/// An ``AnkiCollection`` written as an Anki collection database: schema 18
/// (note types, fields, templates, decks and options in tables of their own,
/// with protobuf configs) or schema 11 (the same as JSON in `col`), with the
/// config a new collection has, then the notes, cards and review log.
enum AnkiCollectionFile {
    /// The moment the note types say they were last changed: fixed, so that
    /// importing a later export never makes Anki think they were edited.
    static let noteTypeModified: Int64 = 1_767_225_600

    /// Writes `collection` as a new database at `path` (nothing must be there).
    /// - Throws: GRDB's error when the file cannot be written.
    static func write(_ collection: AnkiCollection, to path: String, schema: Int) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.add(
                collation: DatabaseCollation("unicase") { a, b in
                    let (x, y) = (a.lowercased(), b.lowercased())
                    return x < y ? .orderedAscending : x == y ? .orderedSame : .orderedDescending
                })
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = OFF")
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA page_size = 4096")
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
        }
        let statements = schema >= 18 ? AnkiSchema.tables18 : AnkiSchema.tables11
        // Tables first, indexes once the rows are in: one sorted build each, not 500,000 inserts into them.
        let (indexes, tables) = (
            statements.filter { $0.hasPrefix("CREATE INDEX") },
            statements.filter { !$0.hasPrefix("CREATE INDEX") }
        )
        try queue.inTransaction { db in
            for statement in tables { try db.execute(sql: statement) }
            let modified = Int64(collection.notes.map(\.modified).max() ?? 0)
            let offset = collection.creationOffset ?? 0
            let firstType = collection.noteTypes.keys.min() ?? 1
            if schema >= 18 {
                try db.execute(
                    sql: "INSERT INTO col VALUES (1, ?, ?, ?, 18, 0, 0, 0, '', '', '', '', '')",
                    arguments: [collection.created, modified * 1000, modified * 1000])
                for (key, json) in AnkiSchema.config(creationOffset: offset, noteType: firstType) {
                    try db.execute(
                        sql: "INSERT INTO config VALUES (?, 0, ?, ?)", arguments: [key, modified, Data(json.utf8)])
                }
                try db.execute(
                    sql: "INSERT INTO deck_config VALUES (1, 'Default', 0, 0, ?)",
                    arguments: [Data(AnkiSchema.defaultDeckConfig)])
                try writeDecks(collection, db)
                try writeNoteTypes(collection, db)
                try writeTags(collection, db)
            } else {
                try db.execute(
                    sql: "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')",
                    arguments: [
                        collection.created, modified * 1000, modified * 1000,
                        AnkiSchema.legacyConfig(creationOffset: offset, noteType: firstType),
                        legacyNoteTypes(collection),
                        legacyDecks(collection), AnkiSchema.legacyDeckConfig,
                    ])
            }
            let note = try db.makeStatement(sql: "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')")
            for n in collection.notes {
                let first = AnkiTemplate.stripHTML(n.fields.first ?? "")
                let tags = n.tags.isEmpty ? "" : " " + n.tags.joined(separator: " ") + " "
                try note.execute(arguments: [
                    n.id, n.guid, n.noteType, n.modified, tags, n.fields.joined(separator: "\u{1F}"), first,
                    checksum(first),
                ])
            }
            // Cards and the review log bound straight to SQLite: 500,000 rows through GRDB's
            // arguments were a third of an export's time.
            let card = try db.makeStatement(
                sql: "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)")
            for c in collection.cards {
                let numbers: [Int64] = [
                    c.id, c.note, c.deck, Int64(c.ord), modified, Int64(c.type), Int64(c.queue), c.due, Int64(c.interval),
                    Int64(c.factor), Int64(c.reps), Int64(c.lapses), Int64(c.left),
                ]
                try insert(card, db, numbers, text: c.data.isEmpty ? "{}" : c.data)
            }
            let review = try db.makeStatement(sql: "INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)")
            for r in collection.reviews {
                let numbers: [Int64] = [
                    r.id, r.card, Int64(r.ease), Int64(r.interval), Int64(r.lastInterval), Int64(r.factor),
                    Int64(r.milliseconds), Int64(r.kind),
                ]
                try insert(review, db, numbers)
            }
            for statement in indexes { try db.execute(sql: statement) }
            return .commit
        }
        try queue.close()
    }

    /// Runs `statement` with `numbers` bound to its first parameters (and `text`, if any, after them).
    /// - Throws: GRDB's error for SQLite's.
    private static func insert(_ statement: Statement, _ db: Database, _ numbers: [Int64], text: String? = nil) throws {
        let s = statement.sqliteStatement
        sqlite3_reset(s)
        for (i, value) in numbers.enumerated() { sqlite3_bind_int64(s, Int32(i + 1), value) }
        if let text {
            _ = text.withCString { sqlite3_bind_text(s, Int32(numbers.count + 1), $0, -1, transient) }
        }
        let code = sqlite3_step(s)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Anki's note checksum: the first 8 hex digits of the SHA-1 of the first field's text, as a number.
    static func checksum(_ text: String) -> Int64 {
        let digest = SHA1.digest(Data(text.utf8))
        return Int64(digest[0]) << 24 | Int64(digest[1]) << 16 | Int64(digest[2]) << 8 | Int64(digest[3])
    }

    /// Every deck and each of its parents (Anki wants `A` before `A::B`), with the default deck.
    static func allDecks(_ collection: AnkiCollection) -> [(id: Int64, name: String)] {
        var byName: [String: Int64] = [:]
        for (id, name) in collection.decks { byName[name] = id }
        if byName["Default"] == nil { byName["Default"] = 1 }
        for name in Array(byName.keys) {
            let levels = name.components(separatedBy: "::")
            for n in 1..<max(1, levels.count) {
                let parent = levels.prefix(n).joined(separator: "::")
                if byName[parent] == nil { byName[parent] = AnkiCollection.deckID(name: parent) }
            }
        }
        return byName.map { ($0.value, $0.key) }.sorted { $0.name < $1.name }
    }

    private static func writeDecks(_ collection: AnkiCollection, _ db: Database) throws {
        for deck in allDecks(collection) {
            var common = ProtobufWriter()
            if deck.id == 1 {
                common.bool(1, true)
                common.bool(2, true)
            }
            var kind = ProtobufWriter()
            kind.message(1) { $0.varint(1, 1) }
            try db.execute(
                sql: "INSERT INTO decks VALUES (?, ?, ?, 0, ?, ?)",
                arguments: [
                    deck.id, deck.name.replacingOccurrences(of: "::", with: "\u{1F}"), noteTypeModified, common.data,
                    kind.data,
                ])
        }
    }

    private static func writeNoteTypes(_ collection: AnkiCollection, _ db: Database) throws {
        for type in collection.noteTypes.values.sorted(by: { $0.id < $1.id }) {
            var config = ProtobufWriter()
            config.varint(1, type.isCloze ? 1 : 0)
            config.string(3, type.css)
            config.string(5, AnkiSchema.latexPre)
            config.string(6, AnkiSchema.latexPost)
            // The fields each template needs (the first for every card; a cloze type needs none listed).
            if !type.isCloze {
                for (ord, template) in type.templates.enumerated() {
                    let needed = type.fields.indices.filter { template.question.contains("{{\(type.fields[$0])}}") }
                    config.message(8) { requirement in
                        requirement.varint(1, UInt64(ord))
                        requirement.varint(2, 1)
                        requirement.packed(3, (needed.isEmpty ? [0] : needed).map { UInt64($0) })
                    }
                }
            }
            try db.execute(
                sql: "INSERT INTO notetypes VALUES (?, ?, ?, 0, ?)",
                arguments: [type.id, type.name, noteTypeModified, config.data])
            for (ord, name) in type.fields.enumerated() {
                var field = ProtobufWriter()
                field.string(3, "Arial")
                field.varint(4, 20)
                field.int(9, fieldID(type, ord))
                try db.execute(
                    sql: "INSERT INTO fields VALUES (?, ?, ?, ?)", arguments: [type.id, ord, name, field.data])
            }
            for (ord, template) in type.templates.enumerated() {
                var t = ProtobufWriter()
                t.string(1, template.question)
                t.string(2, template.answer)
                t.int(8, fieldID(type, 1000 + ord))
                try db.execute(
                    sql: "INSERT INTO templates VALUES (?, ?, ?, ?, 0, ?)",
                    arguments: [type.id, ord, template.name, noteTypeModified, t.data])
            }
        }
    }

    /// The id Anki uses to merge a field or template of the same note type on import: stable per type and place.
    static func fieldID(_ type: AnkiNoteType, _ ord: Int) -> Int64 {
        Int64(bitPattern: StableHash.fnv1a("anki field \(type.id) \(ord)"))
    }

    private static func writeTags(_ collection: AnkiCollection, _ db: Database) throws {
        for tag in Set(collection.notes.flatMap(\.tags)).sorted() {
            try db.execute(sql: "INSERT OR IGNORE INTO tags VALUES (?, 0, 0, NULL)", arguments: [tag])
        }
    }

    /// Schema 11's `col.models`: every note type as Anki 26.9 writes it in a legacy package.
    static func legacyNoteTypes(_ collection: AnkiCollection) -> String {
        var models: [String: Any] = [:]
        for type in collection.noteTypes.values {
            models[String(type.id)] =
                [
                    "id": type.id, "name": type.name, "type": type.isCloze ? 1 : 0, "mod": noteTypeModified, "usn": 0,
                    "sortf": 0, "did": NSNull(),
                    "tmpls": type.templates.enumerated().map { ord, t in
                        [
                            "name": t.name, "ord": ord, "qfmt": t.question, "afmt": t.answer, "bqfmt": "", "bafmt": "",
                            "did": NSNull(), "bfont": "", "bsize": 0, "id": fieldID(type, 1000 + ord),
                        ] as [String: Any]
                    },
                    "flds": type.fields.enumerated().map { ord, name in
                        [
                            "name": name, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20,
                            "description": "", "plainText": false, "collapsed": false, "excludeFromSearch": false,
                            "id": fieldID(type, ord), "tag": NSNull(), "preventDeletion": false,
                        ] as [String: Any]
                    },
                    "css": type.css, "latexPre": AnkiSchema.latexPre, "latexPost": AnkiSchema.latexPost,
                    "latexsvg": false,
                    "req": type.isCloze
                        ? [] as [Any]
                        : type.templates.enumerated().map { ord, t -> [Any] in
                            let needed = type.fields.indices.filter { t.question.contains("{{\(type.fields[$0])}}") }
                            return [ord, "any", needed.isEmpty ? [0] : needed]
                        },
                ] as [String: Any]
        }
        return json(models)
    }

    /// Schema 11's `col.decks`.
    static func legacyDecks(_ collection: AnkiCollection) -> String {
        var decks: [String: Any] = [:]
        for deck in allDecks(collection) {
            decks[String(deck.id)] =
                [
                    "id": deck.id, "mod": noteTypeModified, "name": deck.name, "usn": 0, "lrnToday": [0, 0],
                    "revToday": [0, 0], "newToday": [0, 0], "timeToday": [0, 0], "collapsed": deck.id == 1,
                    "browserCollapsed": deck.id == 1, "desc": "", "dyn": 0, "conf": 1, "extendNew": 0, "extendRev": 0,
                ] as [String: Any]
        }
        return json(decks)
    }

    private static func json(_ object: Any) -> String {
        String(
            decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8),
            as: UTF8.self)
    }
}
