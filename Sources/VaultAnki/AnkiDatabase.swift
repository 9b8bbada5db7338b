import Foundation
import GRDB
import VaultCore

/// The SQLite side of a package: schema 11 (note types and decks as JSON in
/// `col`) or schema 18 (tables of their own with protobuf configs, names in
/// Anki's `unicase` collation, which is registered before any query).
enum AnkiDatabase {
    /// The collection in the database file at `path` (media left empty).
    /// - Throws: ``AnkiImportError`` or GRDB's error for a damaged database.
    static func read(_ path: String, file: String) throws -> AnkiCollection {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.prepareDatabase { db in
            db.add(collation: DatabaseCollation("unicase") { a, b in
                a.lowercased() < b.lowercased() ? .orderedAscending : a.lowercased() == b.lowercased() ? .orderedSame : .orderedDescending
            })
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        return try queue.read { db in
            guard try Bool.fetchOne(db, sql: "select count() > 0 from sqlite_master where name = 'col'") == true else {
                throw AnkiImportError.notAnki(file: file, reason: "its database has no 'col' table")
            }
            guard let row = try Row.fetchOne(db, sql: "select ver, crt from col") else {
                throw AnkiImportError.corrupt(file: file, reason: "its 'col' table is empty")
            }
            let schema: Int = row["ver"]
            let created: Int64 = row["crt"]
            if schema > 18 {
                return AnkiCollection(
                    created: created, schema: schema, noteTypes: [:], decks: [:], notes: [], cards: [], reviews: [], media: [])
            }
            guard schema >= 11 else {
                throw AnkiImportError.unsupportedVersion(file: file, what: "a collection of schema", version: schema)
            }
            let (noteTypes, decks) = schema >= 15 ? try tables(db, file: file) : try legacyJSON(db, file: file)
            var notes: [AnkiNote] = []
            let noteRows = try Row.fetchCursor(db, sql: "select id, guid, mid, tags, flds from notes order by id")
            while let row = try noteRows.next() {
                let tags: String = row[3]
                let fields: String = row[4]
                notes.append(
                    AnkiNote(
                        id: row[0], guid: row[1], noteType: row[2],
                        tags: tags.split(separator: " ").map(String.init),
                        fields: fields.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)))
            }
            var cards: [AnkiCard] = []
            let cardRows = try Row.fetchCursor(
                db, sql: "select id, nid, did, odid, ord, queue, type, due, odue, ivl, factor, reps, lapses from cards order by id")
            while let row = try cardRows.next() {
                let original: Int64 = row[3]
                // A card in a filtered deck keeps its home deck's due day in odue.
                let due: Int64 = original != 0 && (row[8] as Int64) != 0 ? row[8] : row[7]
                cards.append(
                    AnkiCard(
                        id: row[0], note: row[1], deck: original != 0 ? original : row[2], ord: row[4], queue: row[5],
                        type: row[6], due: due, interval: row[9], factor: row[10], reps: row[11], lapses: row[12]))
            }
            var reviews: [AnkiReview] = []
            let reviewRows = try Row.fetchCursor(db, sql: "select id, cid, ease, time, type, ivl, lastIvl, factor from revlog order by id")
            while let row = try reviewRows.next() {
                reviews.append(
                    AnkiReview(
                        id: row[0], card: row[1], ease: row[2], milliseconds: row[3], kind: row[4], interval: row[5],
                        lastInterval: row[6], factor: row[7]))
            }
            var collection = AnkiCollection(
                created: created, schema: schema, noteTypes: noteTypes, decks: decks, notes: notes, cards: cards,
                reviews: reviews, media: [])
            collection.creationOffset = try creationOffset(db, schema: schema)
            return collection
        }
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
            let conf = try String.fetchOne(db, sql: "select conf from col") ?? "{}"
            let object = (try? JSONSerialization.jsonObject(with: Data(conf.utf8))) as? [String: Any]
            json = (object?["creationOffset"] as? NSNumber).map { $0.stringValue }
        }
        return json.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { abs($0) <= 24 * 60 ? $0 : nil }
    }

    /// Schema 11: `col.models` and `col.decks` as JSON objects keyed by id.
    static func legacyJSON(_ db: Database, file: String) throws -> ([Int64: AnkiNoteType], [Int64: String]) {
        guard let row = try Row.fetchOne(db, sql: "select models, decks from col") else { return ([:], [:]) }
        let modelsText: String = row[0]
        let decksText: String = row[1]
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
    static func tables(_ db: Database, file: String) throws -> ([Int64: AnkiNoteType], [Int64: String]) {
        var noteTypes: [Int64: AnkiNoteType] = [:]
        for row in try Row.fetchAll(db, sql: "select id, name, config from notetypes") {
            let config: Data = row[2]
            guard let fields = try? ProtobufReader.fields(config) else {
                throw AnkiImportError.corrupt(file: file, reason: "a note type's config is not Anki's")
            }
            let id: Int64 = row[0]
            noteTypes[id] = AnkiNoteType(
                id: id, name: row[1], isCloze: ProtobufReader.varint(1, in: fields) == 1, fields: [], templates: [])
        }
        for row in try Row.fetchAll(db, sql: "select ntid, name from fields order by ntid, ord") {
            let id: Int64 = row[0]
            noteTypes[id]?.fields.append(row[1])
        }
        for row in try Row.fetchAll(db, sql: "select ntid, name, config from templates order by ntid, ord") {
            let id: Int64 = row[0]
            let config: Data = row[2]
            guard let fields = try? ProtobufReader.fields(config) else {
                throw AnkiImportError.corrupt(file: file, reason: "a card template's config is not Anki's")
            }
            noteTypes[id]?.templates.append(
                AnkiCardTemplate(
                    name: row[1], question: ProtobufReader.string(1, in: fields) ?? "",
                    answer: ProtobufReader.string(2, in: fields) ?? ""))
        }
        var decks: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "select id, name from decks") {
            let name: String = row[1]
            decks[row[0]] = name.replacingOccurrences(of: "\u{1F}", with: "::")
        }
        return (noteTypes, decks)
    }
}
