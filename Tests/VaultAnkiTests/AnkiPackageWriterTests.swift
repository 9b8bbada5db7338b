import Foundation
import Testing
import VaultCore

@testable import VaultAnki

@Suite("Writing Anki packages")
struct AnkiPackageWriterTests {
    @Test("SHA-1 of the standard vectors")
    func sha1() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.digest(Data())) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Data("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            hex(SHA1.digest(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.digest(Data(repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("protobuf written is read back field by field; zero and empty values are left out, as proto3 writes them")
    func protobuf() throws {
        var w = ProtobufWriter()
        w.varint(1, 3)
        w.varint(2, 0)
        w.string(3, "name")
        w.string(4, "")
        w.int(5, -1)
        w.message(6) { $0.varint(1, 300) }
        let fields = try ProtobufReader.fields(w.data)
        #expect(fields.map(\.number) == [1, 3, 5, 6])
        #expect(ProtobufReader.varint(1, in: fields) == 3)
        #expect(ProtobufReader.string(3, in: fields) == "name")
        #expect(ProtobufReader.varint(5, in: fields) == UInt64.max)
        guard case .bytes(let inner)? = fields.last?.value else { Issue.record("no message"); return }
        #expect(ProtobufReader.varint(1, in: try ProtobufReader.fields(inner)) == 300)
    }

    @Test("a zip written is read back: stored and deflated entries, their CRCs checked by zlib")
    func zip() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vault-zip-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: url) }
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        var zip = ZipWriter(handle)
        let big = Data(String(repeating: "flashcards ", count: 10_000).utf8)
        try zip.store("meta", Data([8, 3]))
        try zip.deflate("big", big)
        try zip.finish()
        try handle.close()
        let archive = try ZipArchive(Data(contentsOf: url))
        #expect(try archive.read("meta") == Data([8, 3]))
        #expect(try archive.read("big") == big)
        #expect(archive.entries["big"]!.packedSize < UInt64(big.count) / 10)
        #expect(ZipWriter.crc32(Data("123456789".utf8)) == 0xCBF4_3926)
    }

    static func collection() -> AnkiCollection {
        let basic = AnkiNoteType(
            id: 11, name: "Basic (test)", isCloze: false, fields: ["Front", "Back"],
            templates: [.init(name: "Card 1", question: "{{Front}}", answer: "{{FrontSide}}<hr id=answer>{{Back}}")])
        let cloze = AnkiNoteType(
            id: 12, name: "Cloze (test)", isCloze: true, fields: ["Text", "Extra"],
            templates: [.init(name: "Cloze", question: "{{cloze:Text}}", answer: "{{cloze:Text}}<br>{{Extra}}")])
        var collection = AnkiCollection(
            created: 1_790_820_000, schema: 18, noteTypes: [11: basic, 12: cloze],
            decks: [1: "Default", 1_600_000_000_001: "Languages::French"],
            notes: [
                AnkiNote(
                    id: 1_500_000_000_001, guid: "vaultaaaaaaaaaaaa", noteType: 11, tags: ["french"],
                    fields: ["être", "to <b>be</b>"], modified: 1_795_000_000),
                AnkiNote(
                    id: 1_500_000_000_002, guid: "vaultbbbbbbbbbbbb", noteType: 12, tags: [],
                    fields: ["{{c1::Paris}} and {{c2::Lyon}}", ""], modified: 1_795_000_000),
            ],
            cards: [
                AnkiCard(
                    id: 1_500_000_000_101, note: 1_500_000_000_001, deck: 1_600_000_000_001, ord: 0, queue: 2, type: 2,
                    due: 50, interval: 12, factor: 2500, reps: 3),
                AnkiCard(
                    id: 1_500_000_000_102, note: 1_500_000_000_002, deck: 1_600_000_000_001, ord: 0, queue: 0, type: 0,
                    due: 1),
                AnkiCard(
                    id: 1_500_000_000_103, note: 1_500_000_000_002, deck: 1_600_000_000_001, ord: 1, queue: -1, type: 0,
                    due: 2),
            ],
            reviews: [
                AnkiReview(
                    id: 1_795_000_000_000, card: 1_500_000_000_101, ease: 3, milliseconds: 4000, kind: 0,
                    interval: -600, factor: 500),
                AnkiReview(
                    id: 1_795_000_600_000, card: 1_500_000_000_101, ease: 0, milliseconds: 0, kind: 4, interval: 12,
                    lastInterval: 1, factor: 2500),
            ],
            media: [])
        collection.creationOffset = -60
        return collection
    }

    @Test(
        "a package written in either format reads back as the same collection, media included",
        arguments: [false, true])
    func roundTrip(legacy: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vault-anki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = Self.collection()
        let picture = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        try AnkiPackageWriter(workingFolder: folder).write(
            written, media: [AnkiMediaFile(name: "door.png") { picture }], to: "out.apkg", legacy: legacy)
        let read = try AnkiPackageFile(workingFolder: folder).collection(at: "out.apkg")
        #expect(read.schema == (legacy ? 11 : 18))
        #expect(read.created == written.created && read.creationOffset == -60)
        #expect(read.notes.map(\.guid) == written.notes.map(\.guid))
        #expect(read.notes.map(\.fields) == written.notes.map(\.fields))
        #expect(read.notes.map(\.tags) == written.notes.map(\.tags))
        #expect(read.cards.map(\.id) == written.cards.map(\.id))
        #expect(read.cards.map(\.queue) == written.cards.map(\.queue))
        #expect(read.cards.map(\.due) == written.cards.map(\.due))
        #expect(read.reviews == written.reviews)
        #expect(read.reviews[1].isReset == false && read.reviews[1].factor == 2500)
        #expect(read.decks[1_600_000_000_001] == "Languages::French")
        #expect(read.decks.values.contains("Languages"), "a parent deck is written for each level")
        #expect(read.noteTypes[12]?.isCloze == true && read.noteTypes[11]?.fields == ["Front", "Back"])
        #expect(read.noteTypes[11]?.templates.first?.answer == "{{FrontSide}}<hr id=answer>{{Back}}")
        #expect(read.media == [AnkiMedia(name: "door.png", bytes: picture)])
        // Written again over the first: replaced whole.
        try AnkiPackageWriter(workingFolder: folder).write(written, media: [], to: "out.apkg", legacy: legacy)
        #expect(try AnkiPackageFile(workingFolder: folder).collection(at: "out.apkg").media.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.apkg"], "no temporary left")
    }

    @Test("a package that cannot be written names the file and leaves nothing")
    func unwritable() {
        #expect(throws: AnkiExportError.self) {
            try AnkiPackageWriter(workingFolder: nil).write(
                Self.collection(), media: [], to: "/nonexistent-folder/x.apkg", legacy: false)
        }
    }
}
