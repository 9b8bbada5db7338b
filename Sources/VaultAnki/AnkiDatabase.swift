import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import VaultCore

/// The SQLite side of a package: schema 11 (note types and decks as JSON in
/// `col`) or schema 18 (tables of their own with protobuf configs, names in
/// Anki's `unicase` collation, which is registered before any query).
///
/// The database is a stranger's file, so it is opened read-only as a
/// hostile one (SQLite's "defense against the dark arts"): no view, trigger
/// or virtual table is run (every table read must be a plain table, and
/// `trusted_schema` is off), SQLite's length and depth limits are low, a
/// progress handler stops any query past the budget's time, and every value
/// is read with its type checked (a NULL or a mistyped column is an error
/// naming the table, the row and the column, never a crash) and its range
/// checked against the number policy (``ValuePolicy``: ids are moments).
enum AnkiDatabase {
    /// The tables the import reads, each of which must be a plain table.
    static let readTables = ["col", "notes", "cards", "revlog", "notetypes", "fields", "templates", "decks"]

    /// The collection in the database file at `path` (media left empty).
    /// - Throws: ``AnkiImportError`` for a damaged, crafted or oversized database.
    static func read(_ path: String, file: String, budget: BudgetAccount) throws -> AnkiCollection {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.foreignKeysEnabled = false
        let deadline = budget.deadlineNanoseconds
        configuration.prepareDatabase { db in
            try defend(db, deadline: deadline)
            db.add(collation: DatabaseCollation("unicase") { a, b in
                a.lowercased() < b.lowercased() ? .orderedAscending : a.lowercased() == b.lowercased() ? .orderedSame : .orderedDescending
            })
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { db in try collection(db, file: file, budget: budget) }
        } catch let error as AnkiImportError {
            throw error
        } catch let error as InputBudget.Exceeded {
            throw AnkiImportError.tooLarge(file: file, reason: error.sentence)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw AnkiImportError.tooLarge(file: file, reason: budget.timeExceeded(while: "its database").sentence)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG || error.resultCode == .SQLITE_NOMEM {
            throw AnkiImportError.tooLarge(file: file, reason: "a value in its database is larger than SQLite is allowed here")
        } catch let error as DatabaseError {
            throw AnkiImportError.corrupt(file: file, reason: "SQLite: \(error.message ?? "\(error.resultCode)")")
        }
    }

    /// The connection made safe for a stranger's file: read only, no
    /// untrusted schema code, small limits, a deadline.
    static func defend(_ db: Database, deadline: UInt64) throws {
        let connection = db.sqliteConnection
        // The limits SQLite's documentation suggests for untrusted databases, with room for Anki's rows.
        sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, 64 << 20)
        sqlite3_limit(connection, SQLITE_LIMIT_SQL_LENGTH, 100_000)
        sqlite3_limit(connection, SQLITE_LIMIT_COLUMN, 200)
        sqlite3_limit(connection, SQLITE_LIMIT_EXPR_DEPTH, 20)
        sqlite3_limit(connection, SQLITE_LIMIT_COMPOUND_SELECT, 3)
        sqlite3_limit(connection, SQLITE_LIMIT_VDBE_OP, 100_000)
        sqlite3_limit(connection, SQLITE_LIMIT_FUNCTION_ARG, 8)
        sqlite3_limit(connection, SQLITE_LIMIT_ATTACHED, 0)
        sqlite3_limit(connection, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 50)
        sqlite3_limit(connection, SQLITE_LIMIT_VARIABLE_NUMBER, 10)
        sqlite3_limit(connection, SQLITE_LIMIT_TRIGGER_DEPTH, 1)
        // Every 10,000 virtual machine steps: past the deadline, the query is interrupted.
        sqlite3_progress_handler(
            connection, 10_000,
            { context in
                DispatchTime.now().uptimeNanoseconds > UInt64(UInt(bitPattern: context)) ? 1 : 0
            }, UnsafeMutableRawPointer(bitPattern: UInt(deadline)))
        try db.execute(sql: "PRAGMA trusted_schema = OFF")
        try db.execute(sql: "PRAGMA query_only = ON")
        try db.execute(sql: "PRAGMA cell_size_check = ON")
        try db.execute(sql: "PRAGMA mmap_size = 0")
    }

    /// Refuses a table the import reads that is not a plain table: a view
    /// (which could be a recursive query that never ends) or a virtual table.
    static func checkTables(_ db: Database, file: String) throws -> Set<String> {
        var found: Set<String> = []
        for row in try Row.fetchAll(
            db, sql: "select type, name, sql from sqlite_master where type in ('table', 'view') and name in ('\(readTables.joined(separator: "','"))')")
        {
            let type = String.fromDatabaseValue(row["type"] as DatabaseValue) ?? ""
            let name = String.fromDatabaseValue(row["name"] as DatabaseValue) ?? ""
            let sql = (String.fromDatabaseValue(row["sql"] as DatabaseValue) ?? "").uppercased()
            guard type == "table", !sql.hasPrefix("CREATE VIRTUAL") else {
                throw AnkiImportError.corrupt(
                    file: file, reason: "its '\(name)' is a \(type == "view" ? "view" : "virtual table"), not a table")
            }
            found.insert(name)
        }
        return found
    }

    static func collection(_ db: Database, file: String, budget: BudgetAccount) throws -> AnkiCollection {
        let tables = try checkTables(db, file: file)
        guard tables.contains("col") else {
            throw AnkiImportError.notAnki(file: file, reason: "its database has no 'col' table")
        }
        var reader = RowReader(file: file, budget: budget)
        guard let row = try Row.fetchOne(db, sql: "select ver, crt from col") else {
            throw AnkiImportError.corrupt(file: file, reason: "its 'col' table is empty")
        }
        reader.table = "col"
        let schema = try reader.integer(row, 0, "ver", in: 0...1_000)
        let created = try reader.integer(row, 1, "crt", in: Int64.min...Int64.max)
        if schema > 18 {
            return AnkiCollection(
                created: created, schema: Int(schema), noteTypes: [:], decks: [:], notes: [], cards: [], reviews: [],
                media: [])
        }
        guard schema >= 11 else {
            throw AnkiImportError.unsupportedVersion(file: file, what: "a collection of schema", version: Int(schema))
        }
        for table in ["notes", "cards", "revlog"] where !tables.contains(table) {
            throw AnkiImportError.corrupt(file: file, reason: "its database has no '\(table)' table")
        }
        let (noteTypes, decks) =
            schema >= 15 ? try self.tables(db, reader: &reader, present: tables) : try legacyJSON(db, reader: &reader)
        // Room for each table's rows made once, from its count (bounded by the budget),
        // not by doubling: the last doubling of 500,000 reviews held 16 + 32 MB at once.
        func count(_ table: String, holding bytesEach: Int) throws -> Int {
            let rows = try Int64.fetchOne(db, sql: "select count(*) from \(table)") ?? 0
            return Int(max(0, min(rows, Int64(budget.rowsLeft(holding: bytesEach)))))
        }
        var notes: [AnkiNote] = []
        notes.reserveCapacity(try count("notes", holding: 64))
        reader.table = "notes"
        let noteRows = try Row.fetchCursor(db, sql: "select id, guid, mid, tags, flds from notes order by id")
        while let row = try noteRows.next() {
            try reader.next(row, id: 0)
            let tags = try reader.text(row, 3, "tags")
            let fields = try reader.text(row, 4, "flds")
            let guid = try reader.text(row, 1, "guid")
            try budget.hold(tags.utf8.count + fields.utf8.count + guid.utf8.count + 64, while: "its notes")
            notes.append(
                AnkiNote(
                    id: try reader.id(row, 0, "id"), guid: guid, noteType: try reader.integer(row, 2, "mid"),
                    tags: tags.split(separator: " ").map(String.init),
                    fields: fields.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)))
        }
        var cards: [AnkiCard] = []
        cards.reserveCapacity(try count("cards", holding: 96))
        reader.table = "cards"
        let cardRows = try Row.fetchCursor(
            db, sql: "select id, nid, did, odid, ord, queue, type, due, odue, ivl, factor, reps, lapses from cards order by id")
        while let row = try cardRows.next() {
            try reader.next(row, id: 0)
            try budget.hold(96, while: "its cards")
            let original = try reader.integer(row, 3, "odid", nullAs: 0)
            // A card in a filtered deck keeps its home deck's due day in odue.
            let homeDue = try reader.integer(row, 8, "odue", in: -(1 << 40)...(1 << 40), nullAs: 0)
            let due = original != 0 && homeDue != 0 ? homeDue : try reader.integer(row, 7, "due", in: -(1 << 40)...(1 << 40), nullAs: 0)
            cards.append(
                AnkiCard(
                    id: try reader.id(row, 0, "id"), note: try reader.integer(row, 1, "nid"),
                    deck: original != 0 ? original : try reader.integer(row, 2, "did"),
                    ord: Int(try reader.integer(row, 4, "ord", in: 0...9_999)),
                    queue: Int(try reader.integer(row, 5, "queue", in: -10...10)),
                    type: Int(try reader.integer(row, 6, "type", in: -10...10, nullAs: 0)), due: due,
                    interval: Int(try reader.integer(row, 9, "ivl", in: -(1 << 40)...(1 << 40), nullAs: 0)),
                    factor: Int(try reader.integer(row, 10, "factor", in: -1_000_000...1_000_000, nullAs: 0)),
                    reps: Int(try reader.integer(row, 11, "reps", in: 0...(1 << 40), nullAs: 0)),
                    lapses: Int(try reader.integer(row, 12, "lapses", in: 0...(1 << 40), nullAs: 0))))
        }
        var reviews: [AnkiReview] = []
        reviews.reserveCapacity(try count("revlog", holding: 64))
        reader.table = "revlog"
        let reviewRows = try Row.fetchCursor(
            db, sql: "select id, cid, ease, time, type, ivl, lastIvl, factor from revlog order by id")
        while let row = try reviewRows.next() {
            try reader.next(row, id: 0)
            try budget.hold(64, while: "its review log")
            reviews.append(
                AnkiReview(
                    id: try reader.id(row, 0, "id"), card: try reader.integer(row, 1, "cid"),
                    ease: Int(try reader.integer(row, 2, "ease", in: -1_000...1_000)),
                    milliseconds: Int(clamping: try reader.integer(row, 3, "time", nullAs: 0)),
                    kind: Int(try reader.integer(row, 4, "type", in: -1_000...1_000)),
                    interval: Int(try reader.integer(row, 5, "ivl", in: -(1 << 40)...(1 << 40), nullAs: 0)),
                    lastInterval: Int(try reader.integer(row, 6, "lastIvl", in: -(1 << 40)...(1 << 40), nullAs: 0)),
                    factor: Int(try reader.integer(row, 7, "factor", in: -1_000_000...1_000_000, nullAs: 0))))
        }
        var collection = AnkiCollection(
            created: created, schema: Int(schema), noteTypes: noteTypes, decks: decks, notes: notes, cards: cards,
            reviews: reviews, media: [])
        collection.creationOffset = try creationOffset(db, schema: Int(schema))
        return collection
    }

    /// Anki's `creationOffset` (minutes west of UTC of the collection's days), when set:
    /// a row of the `config` table (schema 15 on), a key of `col.conf` before.
    static func creationOffset(_ db: Database, schema: Int) throws -> Int? {
        let json: String?
        if schema >= 15 {
            json = try Data.fetchOne(db, sql: "select val from config where key = 'creationOffset'").map {
                String(decoding: $0, as: UTF8.self)
            }
        } else {
            // A collection without the column (never one Anki made) has no offset.
            let conf = (try? String.fetchOne(db, sql: "select conf from col")) ?? "{}"
            let object = (try? JSONSerialization.jsonObject(with: Data(conf.utf8))) as? [String: Any]
            json = (object?["creationOffset"] as? NSNumber).map { $0.stringValue }
        }
        return json.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { abs($0) <= 24 * 60 ? $0 : nil }
    }

    /// Schema 11: `col.models` and `col.decks` as JSON objects keyed by id.
    static func legacyJSON(_ db: Database, reader: inout RowReader) throws -> ([Int64: AnkiNoteType], [Int64: String]) {
        reader.table = "col"
        let file = reader.file
        guard let row = try Row.fetchOne(db, sql: "select models, decks from col") else { return ([:], [:]) }
        let modelsText = try reader.text(row, 0, "models")
        let decksText = try reader.text(row, 1, "decks")
        try reader.budget.hold(modelsText.utf8.count * 4 + decksText.utf8.count * 4, while: "its note types")
        guard let models = try? JSONSerialization.jsonObject(with: Data(modelsText.utf8)) as? [String: [String: Any]],
            let deckObjects = try? JSONSerialization.jsonObject(with: Data(decksText.utf8)) as? [String: [String: Any]]
        else { throw AnkiImportError.corrupt(file: file, reason: "its note types or decks are not JSON") }
        var noteTypes: [Int64: AnkiNoteType] = [:]
        for (key, model) in models {
            guard let id = Int64(key) else { continue }
            func ordered(_ list: Any?) -> [[String: Any]] {
                ((list as? [[String: Any]]) ?? []).sorted { ($0["ord"] as? Int ?? 0) < ($1["ord"] as? Int ?? 0) }
            }
            noteTypes[id] = AnkiNoteType(
                id: id, name: model["name"] as? String ?? "", isCloze: (model["type"] as? Int) == 1,
                fields: ordered(model["flds"]).map { $0["name"] as? String ?? "" },
                templates: ordered(model["tmpls"]).map {
                    AnkiCardTemplate(
                        name: $0["name"] as? String ?? "", question: $0["qfmt"] as? String ?? "", answer: $0["afmt"] as? String ?? "")
                })
        }
        var decks: [Int64: String] = [:]
        for (key, deck) in deckObjects {
            if let id = Int64(key) { decks[id] = deck["name"] as? String ?? "" }
        }
        return (noteTypes, decks)
    }

    /// Schema 18: the `notetypes`, `fields`, `templates` and `decks` tables.
    static func tables(_ db: Database, reader: inout RowReader, present: Set<String>) throws
        -> ([Int64: AnkiNoteType], [Int64: String])
    {
        let file = reader.file
        for table in ["notetypes", "fields", "templates", "decks"] where !present.contains(table) {
            throw AnkiImportError.corrupt(file: file, reason: "its database has no '\(table)' table")
        }
        var noteTypes: [Int64: AnkiNoteType] = [:]
        reader.table = "notetypes"
        for row in try Row.fetchAll(db, sql: "select id, name, config from notetypes") {
            try reader.next(row, id: 0)
            let config = try reader.bytes(row, 2, "config")
            try reader.budget.hold(config.count, while: "its note types")
            guard let fields = try? ProtobufReader.fields(config) else {
                throw AnkiImportError.corrupt(file: file, reason: "a note type's config is not Anki's")
            }
            let id = try reader.integer(row, 0, "id")
            noteTypes[id] = AnkiNoteType(
                id: id, name: try reader.text(row, 1, "name"), isCloze: ProtobufReader.varint(1, in: fields) == 1,
                fields: [], templates: [])
        }
        reader.table = "fields"
        for row in try Row.fetchAll(db, sql: "select ntid, name from fields order by ntid, ord") {
            try reader.next(row, id: nil)
            let id = try reader.integer(row, 0, "ntid")
            noteTypes[id]?.fields.append(try reader.text(row, 1, "name"))
        }
        reader.table = "templates"
        for row in try Row.fetchAll(db, sql: "select ntid, name, config from templates order by ntid, ord") {
            try reader.next(row, id: nil)
            let id = try reader.integer(row, 0, "ntid")
            let config = try reader.bytes(row, 2, "config")
            try reader.budget.hold(config.count * 2, while: "its card templates")
            guard let fields = try? ProtobufReader.fields(config) else {
                throw AnkiImportError.corrupt(file: file, reason: "a card template's config is not Anki's")
            }
            noteTypes[id]?.templates.append(
                AnkiCardTemplate(
                    name: try reader.text(row, 1, "name"), question: ProtobufReader.string(1, in: fields) ?? "",
                    answer: ProtobufReader.string(2, in: fields) ?? ""))
        }
        var decks: [Int64: String] = [:]
        reader.table = "decks"
        for row in try Row.fetchAll(db, sql: "select id, name from decks") {
            try reader.next(row, id: 0)
            let name = try reader.text(row, 1, "name")
            decks[try reader.integer(row, 0, "id")] = name.replacingOccurrences(of: "\u{1F}", with: "::")
        }
        return (noteTypes, decks)
    }
}

/// Reads the columns of one table's rows with their types and ranges
/// checked, counting the rows against the budget; an error names the
/// table, the row (its id when it has one that reads) and the column.
struct RowReader {
    let file: String
    let budget: BudgetAccount
    var table = ""
    /// The row being read: its id, or its number from 1.
    private var place = ""
    private var number = 0

    init(file: String, budget: BudgetAccount) {
        self.file = file
        self.budget = budget
    }

    /// Starts reading `row` (its id in column `id`, when it has one).
    mutating func next(_ row: Row, id: Int?) throws {
        number += 1
        try budget.row(while: "its \(table) table")
        if let id, case .int64(let value) = (row[id] as DatabaseValue).storage {
            place = "row \(value)"
        } else {
            place = "row \(number)"
        }
    }

    func problem(_ column: String, _ what: String) -> AnkiImportError {
        .corrupt(file: file, reason: "the \(table) table's \(place) has \(what) in its '\(column)' column")
    }

    /// A text column (a blob is read as UTF-8).
    func text(_ row: Row, _ index: Int, _ column: String) throws -> String {
        switch (row[index] as DatabaseValue).storage {
        case .string(let text): return text
        case .blob(let data): return String(decoding: data, as: UTF8.self)
        case .null: throw problem(column, "NULL")
        case .int64, .double: throw problem(column, "a number instead of text")
        }
    }

    /// A blob column (text is read as its UTF-8 bytes).
    func bytes(_ row: Row, _ index: Int, _ column: String) throws -> Data {
        switch (row[index] as DatabaseValue).storage {
        case .blob(let data): return data
        case .string(let text): return Data(text.utf8)
        case .null: throw problem(column, "NULL")
        case .int64, .double: throw problem(column, "a number instead of bytes")
        }
    }

    /// An integer column in `range` (NULL read as `nullAs` when given).
    func integer(_ row: Row, _ index: Int, _ column: String, in range: ClosedRange<Int64> = Int64.min...Int64.max, nullAs: Int64? = nil)
        throws -> Int64
    {
        let value: Int64
        switch (row[index] as DatabaseValue).storage {
        case .int64(let number): value = number
        case .null:
            guard let nullAs else { throw problem(column, "NULL") }
            value = nullAs
        case .double(let number) where number == number.rounded() && abs(number) < 9e18: value = Int64(number)
        case .double, .string, .blob: throw problem(column, "no whole number")
        }
        guard range.contains(value) else { throw problem(column, "\(value), out of range") }
        return value
    }

    /// An id: Anki's ids are the moments they were made, in milliseconds, so
    /// they are checked as moments (``ValuePolicy``) and used as ledger sequences.
    func id(_ row: Row, _ index: Int, _ column: String) throws -> Int64 {
        let value = try integer(row, index, column)
        guard ValuePolicy.milliseconds.contains(value), ValuePolicy.sequences.contains(value) else {
            throw problem(column, "the id \(value), which is no moment between 1970 and 9999 in milliseconds")
        }
        return value
    }
}
