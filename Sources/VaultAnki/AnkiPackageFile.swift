import Foundation
import GRDB
import VaultCore

/// Reads Anki packages (``AnkiPackageReading``): the zip, whose `meta` entry
/// decides the format (a dummy `collection.anki2` sits in every new export);
/// the legacy `collection.anki2`/`collection.anki21` (SQLite, schema 11,
/// note types and decks as JSON in `col`) or the current
/// `collection.anki21b` (zstd-compressed SQLite, schema 18, note types,
/// fields, templates and decks in tables of their own, protobuf configs);
/// the media files named `0`, `1`, … with the `media` map as JSON (legacy)
/// or zstd-compressed protobuf, each file zstd-compressed too (current).
public struct AnkiPackageFile: AnkiPackageReading {
    /// Where relative paths start (the shell's folder).
    public let workingFolder: URL?
    let limits: ZipArchive.Limits

    public init(workingFolder: URL?) {
        self.workingFolder = workingFolder
        self.limits = ZipArchive.Limits()
    }

    init(workingFolder: URL?, limits: ZipArchive.Limits) {
        self.workingFolder = workingFolder
        self.limits = limits
    }

    /// The newest package version (`meta`) and collection schema this reads.
    static let newestPackageVersion = 3
    static let newestSchema = 18

    public func collection(at path: String) throws -> AnkiCollection {
        let url = path.hasPrefix("/") || workingFolder == nil ? URL(fileURLWithPath: path) : workingFolder!.appendingPathComponent(path)
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw AnkiImportError.notAnki(file: path, reason: "it cannot be read (\((error as NSError).localizedDescription))")
        }
        let zip: ZipArchive
        do {
            zip = try ZipArchive(data, limits: limits)
        } catch let failure as ZipArchive.Failure {
            throw Self.error(failure, file: path)
        }
        do {
            return try read(zip, file: path)
        } catch let failure as ZipArchive.Failure {
            throw Self.error(failure, file: path)
        } catch Zstd.Failure.tooLarge {
            throw AnkiImportError.tooLarge(file: path, reason: "a zstd entry unpacks to more than its limit")
        } catch Zstd.Failure.damaged(let reason) {
            throw AnkiImportError.corrupt(file: path, reason: "zstd: \(reason)")
        }
    }

    static func error(_ failure: ZipArchive.Failure, file: String) -> AnkiImportError {
        switch failure {
        case .notZip: .notZip(file: file)
        case .damaged(let reason): .corrupt(file: file, reason: reason)
        case .tooLarge(let reason): .tooLarge(file: file, reason: reason)
        }
    }

    private func read(_ zip: ZipArchive, file: String) throws -> AnkiCollection {
        var version = 0
        if let meta = try zip.read("meta") {
            guard let fields = try? ProtobufReader.fields(meta) else {
                throw AnkiImportError.notAnki(file: file, reason: "its 'meta' entry is not Anki's")
            }
            version = Int(ProtobufReader.varint(1, in: fields) ?? 0)
            guard version <= Self.newestPackageVersion else {
                throw AnkiImportError.unsupportedVersion(file: file, what: "an Anki package of", version: version)
            }
        }
        if version == 0 {
            version = zip.entries["collection.anki21b"] != nil ? 3 : zip.entries["collection.anki21"] != nil ? 2 : 1
        }
        let name = ["collection.anki2", "collection.anki21", "collection.anki21b"][max(0, min(2, version - 1))]
        guard var database = try zip.read(name) else {
            throw AnkiImportError.notAnki(file: file, reason: "it holds no \(name)")
        }
        let compressed = version >= 3
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vault-anki-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sqlite")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            if compressed {
                // Unpacked straight into the file, within the zip's ratio and size limits.
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
                    let handle = try? FileHandle(forWritingTo: temporary)
                else { throw CocoaError(.fileWriteUnknown) }
                defer { try? handle.close() }
                do {
                    try Zstd.decompress(database, limit: zstdLimit(packed: database.count)) { try handle.write(contentsOf: Data($0)) }
                } catch Zstd.Failure.tooLarge {
                    throw AnkiImportError.tooLarge(
                        file: file, reason: "'\(name)' unpacks to more than \(limits.ratio) times its packed size")
                }
            } else {
                try database.write(to: temporary)
            }
        } catch let error as AnkiImportError {
            throw error
        } catch let error as Zstd.Failure {
            throw error
        } catch {
            throw AnkiImportError.corrupt(file: file, reason: "it could not be unpacked into \(temporary.path)")
        }
        database = Data()
        var collection: AnkiCollection
        do {
            collection = try AnkiDatabase.read(temporary.path, file: file)
        } catch let error as AnkiImportError {
            throw error
        } catch {
            throw AnkiImportError.corrupt(file: file, reason: "\(error)")
        }
        guard collection.schema <= Self.newestSchema else {
            throw AnkiImportError.unsupportedVersion(file: file, what: "a collection of schema", version: collection.schema)
        }
        collection.media = try media(zip, file: file, compressed: compressed)
        return collection
    }

    /// The media files: the map from zip entry to name, each checked, each file read.
    private func media(_ zip: ZipArchive, file: String, compressed: Bool) throws -> [AnkiMedia] {
        guard let map = try zip.read("media") else { return [] }
        var names: [(entry: String, name: String)] = []
        if compressed {
            let bytes = try Zstd.decompress(map, limit: zstdLimit(packed: map.count))
            guard let entries = try? ProtobufReader.fields(bytes) else {
                throw AnkiImportError.corrupt(file: file, reason: "its media map is not Anki's")
            }
            var index = 0
            for case (1, .bytes(let entry)) in entries {
                guard let fields = try? ProtobufReader.fields(entry), let name = ProtobufReader.string(1, in: fields) else {
                    throw AnkiImportError.corrupt(file: file, reason: "its media map is not Anki's")
                }
                let zipName = ProtobufReader.varint(255, in: fields).map { String($0) } ?? String(index)
                names.append((zipName, name))
                index += 1
            }
        } else {
            guard let object = try? JSONSerialization.jsonObject(with: map) as? [String: Any] else {
                throw AnkiImportError.corrupt(file: file, reason: "its media map is not JSON")
            }
            for (entry, value) in object {
                guard let name = value as? String else { throw AnkiImportError.corrupt(file: file, reason: "its media map is not Anki's") }
                names.append((entry, name))
            }
        }
        var media: [AnkiMedia] = []
        for (entry, name) in names.sorted(by: { $0.name < $1.name }) {
            guard Self.isSafeMediaName(name) else { throw AnkiImportError.badMediaName(file: file, name: name) }
            guard var bytes = try zip.read(entry) else { continue }
            if compressed { bytes = try Zstd.decompress(bytes, limit: zstdLimit(packed: bytes.count)) }
            media.append(AnkiMedia(name: name, bytes: bytes))
        }
        return media
    }

    /// The most a zstd frame of `packed` bytes may unpack to: the zip's ratio
    /// (a frame under 64 KB may give 64 MB), never past its total.
    func zstdLimit(packed: Int) -> Int {
        Int(min(limits.totalBytes, max(UInt64(1 << 26), UInt64(packed) * limits.ratio)))
    }

    /// A name that stays one file in one folder: not empty, not `.` or
    /// `..`, no `/` or `\`, no NUL or other control character.
    static func isSafeMediaName(_ name: String) -> Bool {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("..") else { return false }
        return !name.unicodeScalars.contains {
            $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control || $0.value == 0x7F
        }
    }
}
