import Foundation
import GRDB
import VaultCore

/// Writes Anki packages (``AnkiPackageWriting``) as Anki 26.9 does: a zip
/// holding `meta` (protobuf: the package version), the collection (current:
/// `collection.anki21b`, SQLite of schema 18 compressed with zstd, beside a
/// dummy `collection.anki2` telling older clients to update; legacy:
/// `collection.anki21`, schema 11, deflated), the media files named `0`,
/// `1`, … (zstd-compressed in the current format) and the `media` map
/// (zstd-compressed protobuf with each file's size and SHA-1, or legacy JSON).
///
/// The database is built in a temporary file and the package in a temporary
/// file beside the target, renamed over it at the end: a failure leaves no
/// half-written package.
public struct AnkiPackageWriter: AnkiPackageWriting {
    /// Where relative paths start (the shell's folder).
    public let workingFolder: URL?

    public init(workingFolder: URL?) { self.workingFolder = workingFolder }

    public func write(_ collection: AnkiCollection, media: [AnkiMediaFile], to path: String, legacy: Bool) throws {
        let url =
            path.hasPrefix("/") || workingFolder == nil
            ? URL(fileURLWithPath: path) : workingFolder!.appendingPathComponent(path)
        let folder = url.deletingLastPathComponent()
        let temporaryDatabase = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vault-anki-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sqlite")
        let temporaryPackage = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        defer {
            try? FileManager.default.removeItem(at: temporaryDatabase)
            try? FileManager.default.removeItem(at: temporaryPackage)
        }
        func fail(_ reason: String) -> AnkiExportError { .cannotWrite(file: path, reason: reason) }
        do {
            try AnkiCollectionFile.write(collection, to: temporaryDatabase.path, schema: legacy ? 11 : 18)
            guard FileManager.default.createFile(atPath: temporaryPackage.path, contents: nil) else {
                throw fail("no file can be made in \(folder.path)")
            }
            let handle = try FileHandle(forWritingTo: temporaryPackage)
            defer { try? handle.close() }
            var zip = ZipWriter(handle)
            var meta = ProtobufWriter()
            meta.varint(1, legacy ? 2 : 3)
            try zip.store("meta", meta.data)
            if legacy {
                try zip.deflate("collection.anki21", Data(contentsOf: temporaryDatabase))
            } else {
                try zip.store("collection.anki21b") { sink in
                    try ZstdCompression.compress(fileAt: temporaryDatabase.path, into: sink)
                }
                try zip.store("collection.anki2", try Self.dummyCollection())
            }
            var entries = ProtobufWriter()
            var legacyMap: [String: String] = [:]
            for (index, file) in media.enumerated() {
                let bytes = try file.read()
                if legacy {
                    try zip.store(String(index), bytes)
                    legacyMap[String(index)] = file.name
                } else {
                    try zip.store(String(index), ZstdCompression.compress(bytes))
                    entries.message(1) { entry in
                        entry.string(1, file.name)
                        entry.varint(2, UInt64(bytes.count))
                        entry.bytes(3, SHA1.digest(bytes))
                    }
                }
            }
            if legacy {
                try zip.store("media", JSONSerialization.data(withJSONObject: legacyMap, options: [.sortedKeys]))
            } else {
                try zip.store("media", ZstdCompression.compress(entries.data))
            }
            try zip.finish()
            try handle.synchronize()
            try handle.close()
            // rename(2) replaces the old package at once: a reader sees the old file or the new one.
            guard rename(temporaryPackage.path, url.path) == 0 else {
                throw fail(String(cString: strerror(errno)))
            }
        } catch let error as AnkiExportError {
            throw error
        } catch let failure as ZipWriter.Failure {
            switch failure {
            case .tooLarge(let what): throw fail("the package would hold \(what), past what a zip without ZIP64 holds")
            case .deflate(let status): throw fail("zlib could not compress the collection (status \(status))")
            }
        } catch let failure as ZstdCompression.Failure {
            throw fail("zstd: \(failure.reason)")
        } catch {
            throw fail((error as NSError).localizedDescription)
        }
    }

    /// The dummy `collection.anki2` of a current package: a legacy collection
    /// whose one note asks an older client to update (Anki writes the same).
    static func dummyCollection() throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vault-anki-dummy-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sqlite")
        defer { try? FileManager.default.removeItem(at: path) }
        let basic = AnkiNoteType(
            id: 1, name: "Basic", isCloze: false, fields: ["Front", "Back"],
            templates: [
                .init(name: "Card 1", question: "{{Front}}", answer: "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}")
            ])
        let collection = AnkiCollection(
            created: 0, schema: 11, noteTypes: [1: basic], decks: [1: "Default"],
            notes: [
                AnkiNote(id: 1, guid: "vault-dummy", noteType: 1, tags: [], fields: [AnkiSchema.tooNewMessage, ""])
            ],
            cards: [AnkiCard(id: 1, note: 1, deck: 1, ord: 0, queue: 0, type: 0, due: 1)], reviews: [], media: [])
        try AnkiCollectionFile.write(collection, to: path.path, schema: 11)
        return try Data(contentsOf: path)
    }
}
