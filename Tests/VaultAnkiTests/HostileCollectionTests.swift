import CZstd
import Foundation
import GRDB
import Testing
import VaultCore

@testable import VaultAnki

/// A schema-11 collection made with SQLite: one note type, one deck, one
/// note with one card and one review; `change` runs after, to break it.
func legacyCollection(_ change: String = "") throws -> Data {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).anki2")
    defer {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { db in
        try db.execute(
            sql: """
                create table col (id integer primary key, crt integer, ver integer, models text, decks text);
                create table notes (id integer primary key, guid text, mid integer, tags text, flds text);
                create table cards (id integer primary key, nid integer, did integer, odid integer, ord integer, queue integer, type integer, due integer, odue integer, ivl integer, factor integer, reps integer, lapses integer);
                create table revlog (id integer primary key, cid integer, ease integer, time integer, type integer, ivl integer, lastIvl integer, factor integer);
                """)
        let models = #"{"1600000000000": {"name": "Basic", "type": 0, "flds": [{"name": "Front", "ord": 0}, {"name": "Back", "ord": 1}], "tmpls": [{"name": "Card 1", "ord": 0, "qfmt": "{{Front}}", "afmt": "{{Back}}"}]}}"#
        try db.execute(
            sql: "insert into col values (1, 1600000000, 11, ?, ?)",
            arguments: [models, #"{"1": {"name": "Default"}}"#])
        try db.execute(sql: "insert into notes values (1600000000001, 'g1', 1600000000000, ' t ', 'Front' || char(31) || 'Back')")
        try db.execute(sql: "insert into cards values (1600000000002, 1600000000001, 1, 0, 0, 2, 2, 10, 0, 5, 2500, 1, 0)")
        try db.execute(sql: "insert into revlog values (1600000000003, 1600000000002, 3, 5000, 0, 5, 0, 2500)")
        if !change.isEmpty { try db.execute(sql: change) }
    }
    try queue.close()
    return try Data(contentsOf: url)
}

/// The `vault-anki-*` folders in the temporary folder now.
func privateFolders() -> Set<String> {
    let base = FileManager.default.temporaryDirectory.path
    return Set(((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).filter { $0.hasPrefix("vault-anki-") })
}

/// Issue 48, items 7, 8, 10, 11, 12 and 17, and the WAL and temporary-file
/// leftovers: what a broken or crafted collection does to the reader.
@Suite("Anki reader: hostile collections", .serialized)
struct HostileCollectionTests {
    @Test("the made collection reads (the tests below break only what they say)")
    func plain() throws {
        let collection = try AnkiPackageFile.Parts.database(try legacyCollection())
        #expect(collection.notes.count == 1 && collection.cards.count == 1 && collection.reviews.count == 1)
    }

    @Test(
        "a NULL or mistyped column is an error naming its table, row and column, never a crash (item 7)",
        arguments: [
            ("update notes set tags = null", "notes", "tags"), ("update notes set flds = null", "notes", "flds"),
            ("update notes set guid = null", "notes", "guid"), ("update col set ver = 'x'", "col", "ver"),
            ("update col set crt = null", "col", "crt"), ("update col set models = null", "col", "models"),
            ("update cards set odid = 'x'", "cards", "odid"), ("update revlog set ease = null", "revlog", "ease"),
            ("update revlog set ease = x'00'", "revlog", "ease"),
        ])
    func nullsAndTypes(change: String, table: String, column: String) throws {
        let bytes = try legacyCollection(change)
        do {
            _ = try AnkiPackageFile.Parts.database(bytes)
            Issue.record("\(change) was read")
        } catch let AnkiImportError.corrupt(_, reason) {
            #expect(reason.contains("the \(table) table") && reason.contains("'\(column)'"), "\(reason)")
        }
    }

    @Test("a revlog that is a recursive view is refused at once, not run for ever (item 8)", .timeLimit(.minutes(1)))
    func recursiveView() throws {
        let bytes = try legacyCollection(
            """
            drop table revlog;
            create view revlog as with recursive r(id, cid, ease, time, type) as
              (select 1, 1, 1, 1, 1 union all select id + 1, cid, ease, time, type from r) select * from r;
            """)
        #expect(throws: AnkiImportError.self) { try AnkiPackageFile.Parts.database(bytes) }
    }

    @Test("a query past the budget's time is interrupted by the progress handler")
    func deadline() throws {
        // 200,000 reviews read within no time at all: stopped, named as the time limit.
        let bytes = try legacyCollection(
            """
            with recursive n(i) as (select 1 union all select i + 1 from n where i < 200000)
            insert into revlog select 1600000000003 + i, 1600000000002, 3, 1, 0, 1, 0, 2500 from n;
            """)
        do {
            _ = try AnkiPackageFile.Parts.database(bytes, seconds: 0)
            Issue.record("read past a deadline of 0 seconds")
        } catch let AnkiImportError.tooLarge(_, reason) {
            #expect(reason.contains("seconds"), "\(reason)")
        }
    }

    @Test(
        "ids are moments: a review in year 10000, id 2^63-1 or a negative id is refused with its row (item 10)",
        arguments: [
            "update revlog set id = 253402300800000", "update revlog set id = 9223372036854775807",
            "update notes set id = 9223372036854775807", "update cards set id = -5",
        ])
    func idsInRange(change: String) throws {
        let bytes = try legacyCollection(change)
        do {
            _ = try AnkiPackageFile.Parts.database(bytes)
            Issue.record("\(change) was read")
        } catch let AnkiImportError.corrupt(_, reason) {
            #expect(reason.contains("no moment between 1970 and 9999"), "\(reason)")
        }
    }

    @Test("a WAL collection leaves no -wal or -shm file, and no private folder stays behind")
    func walAndTemporaryFiles() throws {
        var bytes = try legacyCollection()
        bytes[18] = 2
        bytes[19] = 2
        let before = privateFolders()
        let collection = try AnkiPackageFile.Parts.database(bytes)
        #expect(collection.notes.count == 1)
        #expect(privateFolders() == before)
        _ = try? AnkiPackageFile.Parts.database(try legacyCollection("update notes set tags = null"))
        #expect(privateFolders() == before)
    }

    @Test("a zstd frame whose content is an exact multiple of 128 KiB is whole (item 17)", arguments: [1, 2, 3, 32])
    func zstdChunkMultiples(chunks: Int) throws {
        let content = Data((0..<(chunks * 128 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        let packed = zstdCompressed(content)
        #expect(try AnkiPackageFile.Parts.zstd(packed, limit: 1 << 30) == content)
        #expect(throws: (any Error).self) { try AnkiPackageFile.Parts.zstd(packed.dropLast(3), limit: 1 << 30) }
    }

    @Test("a package's media are counted against one budget, zstd frames included (items 11 and 12)")
    func mediaBomb() throws {
        let database = zstdCompressed(try legacyCollection())
        // A media map naming one file `0`, which unpacks to 64 MB of zeros (a few KB packed).
        let entry: [UInt8] = [0x0A, 5] + Array("a.png".utf8)
        let map = zstdCompressed(Data([0x0A, UInt8(entry.count)] + entry))
        let bomb = zstdCompressed(Data(count: 64 << 20))
        let package = storedZip([
            ("meta", Data([0x08, 3])), ("collection.anki21b", database), ("media", map), ("0", bomb),
        ])
        let small = AnkiPackageFile(
            workingFolder: nil, limits: ZipArchive.Limits(),
            budget: { _ in InputBudget(.init(unpackedBytes: 16 << 20, heldBytes: 64 << 20, rows: 1_000, seconds: 60)) })
        let before = privateFolders()
        do {
            _ = try small.collection(packageBytes: package, file: "bomb.apkg")
            Issue.record("a 64 MB media file passed a 16 MB budget")
        } catch let AnkiImportError.tooLarge(_, reason) {
            #expect(reason.contains("'a.png'") && reason.contains("16 MB"), "\(reason)")
        }
        #expect(privateFolders() == before)
        // Within a budget that allows it, the media file is handed on whole (mapped from the private copy).
        let read = try AnkiPackageFile(workingFolder: nil).collection(packageBytes: package, file: "bomb.apkg")
        #expect(read.media.map(\.name) == ["a.png"] && read.media.first?.bytes.count == 64 << 20)
        #expect(privateFolders() == before)
    }

    func zstdCompressed(_ data: Data) -> Data {
        var out = Data(count: ZSTD_compressBound(data.count))
        let size = out.withUnsafeMutableBytes { o in data.withUnsafeBytes { i in ZSTD_compress(o.baseAddress, o.count, i.baseAddress, i.count, 3) } }
        return out.prefix(size)
    }
}
