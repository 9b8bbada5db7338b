import Foundation
import VaultCore

/// Reads Anki packages (``AnkiPackageReading``): the zip, whose `meta` entry
/// decides the format (a dummy `collection.anki2` sits in every new export);
/// the legacy `collection.anki2`/`collection.anki21` (SQLite, schema 11,
/// note types and decks as JSON in `col`) or the current
/// `collection.anki21b` (zstd-compressed SQLite, schema 18, note types,
/// fields, templates and decks in tables of their own, protobuf configs);
/// the media files named `0`, `1`, … with the `media` map as JSON (legacy)
/// or zstd-compressed protobuf, each file zstd-compressed too (current).
///
/// A package is a stranger's file, read within one ``InputBudget`` for the
/// whole package (``InputBudget/ankiPackage(packedBytes:)``): every byte
/// unpacked (the collection, the media map, every media file, zstd frames
/// included), the rows, the memory the values take and the time all come
/// out of it, and a package past it is refused with a sentence naming the
/// limit. Nothing is unpacked into memory whole: the collection and each
/// media file are streamed into files of a private folder (0700, the files
/// 0600) that is removed before the read returns, the media handed on as
/// maps of their files, so a package's media cost disk pages, not memory.
public struct AnkiPackageFile: AnkiPackageReading {
    /// Where relative paths start (the shell's folder).
    public let workingFolder: URL?
    let limits: ZipArchive.Limits
    /// The budget a package of so many bytes gets (the tests give smaller ones).
    let budget: @Sendable (Int64) -> InputBudget

    public init(workingFolder: URL?) {
        self.workingFolder = workingFolder
        self.limits = ZipArchive.Limits()
        self.budget = { InputBudget.ankiPackage(packedBytes: $0) }
    }

    init(
        workingFolder: URL?, limits: ZipArchive.Limits,
        budget: @escaping @Sendable (Int64) -> InputBudget = { InputBudget.ankiPackage(packedBytes: $0) }
    ) {
        self.workingFolder = workingFolder
        self.limits = limits
        self.budget = budget
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
        return try collection(packageBytes: data, file: path)
    }

    /// The collection in the package `data` (named `file` in errors).
    /// - Throws: ``AnkiImportError`` for a package that cannot be read, or is past its budget.
    public func collection(packageBytes data: Data, file: String) throws -> AnkiCollection {
        let account = BudgetAccount(budget(Int64(data.count)))
        var limits = self.limits
        limits.totalBytes = min(limits.totalBytes, UInt64(max(0, account.budget.limits.unpackedBytes)))
        let zip: ZipArchive
        do {
            zip = try ZipArchive(data, limits: limits)
        } catch let failure as ZipArchive.Failure {
            throw Self.error(failure, file: file)
        }
        let folder: PrivateFolder
        do {
            folder = try PrivateFolder()
        } catch {
            throw AnkiImportError.corrupt(file: file, reason: "no private temporary folder could be made (\(error))")
        }
        defer { folder.remove() }
        do {
            return try read(zip, file: file, budget: account, folder: folder)
        } catch let failure as ZipArchive.Failure {
            throw Self.error(failure, file: file)
        } catch let exceeded as InputBudget.Exceeded {
            throw AnkiImportError.tooLarge(file: file, reason: exceeded.sentence)
        } catch Zstd.Failure.tooLarge {
            throw AnkiImportError.tooLarge(file: file, reason: "a zstd entry unpacks to more than its limit")
        } catch Zstd.Failure.damaged(let reason) {
            throw AnkiImportError.corrupt(file: file, reason: "zstd: \(reason)")
        } catch let failure as PrivateFolder.Failure {
            throw AnkiImportError.corrupt(file: file, reason: "it could not be unpacked into \(folder.path) (\(failure.reason))")
        }
    }

    static func error(_ failure: ZipArchive.Failure, file: String) -> AnkiImportError {
        switch failure {
        case .notZip: .notZip(file: file)
        case .damaged(let reason): .corrupt(file: file, reason: reason)
        case .tooLarge(let reason): .tooLarge(file: file, reason: reason)
        }
    }

    private func read(_ zip: ZipArchive, file: String, budget: BudgetAccount, folder: PrivateFolder) throws -> AnkiCollection {
        var version = 0
        if let meta = try zip.read("meta") {
            guard let fields = try? ProtobufReader.fields(meta) else {
                throw AnkiImportError.notAnki(file: file, reason: "its 'meta' entry is not Anki's")
            }
            version = Int(clamping: ProtobufReader.varint(1, in: fields) ?? 0)
            guard version <= Self.newestPackageVersion else {
                throw AnkiImportError.unsupportedVersion(file: file, what: "an Anki package of", version: version)
            }
        }
        if version == 0 {
            version = zip.entries["collection.anki21b"] != nil ? 3 : zip.entries["collection.anki21"] != nil ? 2 : 1
        }
        let name = ["collection.anki2", "collection.anki21", "collection.anki21b"][max(0, min(2, version - 1))]
        guard let entry = zip.entries[name] else {
            throw AnkiImportError.notAnki(file: file, reason: "it holds no \(name)")
        }
        let compressed = version >= 3
        let database = try folder.create("collection.sqlite")
        try unpack(entry, of: zip, zstd: compressed, into: database, budget: budget, what: "'\(name)'", folder: folder)
        try database.close()
        try Self.leaveWAL(database.path)
        var collection = try AnkiDatabase.read(database.path, file: file, budget: budget)
        guard collection.schema <= Self.newestSchema else {
            throw AnkiImportError.unsupportedVersion(file: file, what: "a collection of schema", version: collection.schema)
        }
        collection.media = try media(zip, file: file, compressed: compressed, budget: budget, folder: folder)
        return collection
    }

    /// Writes `entry` unpacked (deflate, then zstd when `zstd`) into `file`, counting every byte.
    private func unpack(
        _ entry: ZipArchive.Entry, of zip: ZipArchive, zstd: Bool, into file: PrivateFolder.File, budget: BudgetAccount,
        what: @autoclosure () -> String, folder: PrivateFolder
    ) throws {
        guard zstd else {
            _ = try zip.stream(entry.name) { chunk in
                try budget.unpack(chunk.count, while: what())
                try file.write(chunk)
            }
            return
        }
        var frame = try zip.packedBytes(of: entry)
        if entry.method != 0 {
            // A deflated zstd entry (Anki stores them): inflated into a file of its own first, then mapped.
            let inflated = try folder.create("packed-\(UInt32.random(in: 0...UInt32.max))")
            _ = try zip.stream(entry.name) { chunk in
                try budget.unpack(chunk.count, while: what())
                try inflated.write(chunk)
            }
            try inflated.close()
            frame = try inflated.mapped()
        }
        try Zstd.decompress(frame, limit: Int.max) { chunk in
            try budget.unpack(chunk.count, while: what())
            try chunk.withUnsafeBytes { try file.write($0) }
        }
    }

    /// A collection in WAL mode (bytes 18 and 19 of its header are 2) is
    /// made a rollback one in the private copy, so that SQLite opens it
    /// read-only without making `-wal` and `-shm` files beside it.
    static func leaveWAL(_ path: String) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 20)
        guard pread(fd, &header, 20, 0) == 20, header.starts(with: Array("SQLite format 3\0".utf8)),
            header[18] == 2 || header[19] == 2
        else { return }
        var rollback: [UInt8] = [1, 1]
        guard pwrite(fd, &rollback, 2, 18) == 2 else {
            throw PrivateFolder.Failure(reason: "its WAL header could not be changed (\(String(cString: strerror(errno))))")
        }
    }

    /// The media files: the map from zip entry to name, each name checked,
    /// each file unpacked into the private folder and handed on mapped.
    private func media(_ zip: ZipArchive, file: String, compressed: Bool, budget: BudgetAccount, folder: PrivateFolder)
        throws -> [AnkiMedia]
    {
        guard let map = try zip.read("media") else { return [] }
        try budget.hold(map.count, while: "its media map")
        var names: [(entry: String, name: String)] = []
        if compressed {
            let bytes = try Zstd.decompress(map, limit: 64 << 20)
            try budget.unpack(bytes.count, while: "its media map")
            try budget.hold(bytes.count * 2, while: "its media map")
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
        for (number, (entry, name)) in names.sorted(by: { $0.name < $1.name }).enumerated() {
            guard Self.isSafeMediaName(name) else { throw AnkiImportError.badMediaName(file: file, name: name) }
            guard let zipEntry = zip.entries[entry] else { continue }
            let out = try folder.create("media-\(number)")
            try unpack(zipEntry, of: zip, zstd: compressed, into: out, budget: budget, what: "the media file '\(name)'", folder: folder)
            try out.close()
            try budget.hold(name.utf8.count + 64, while: "its media names")
            media.append(AnkiMedia(name: name, bytes: try out.mapped()))
        }
        return media
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

extension AnkiPackageFile {
    /// The readers of a package's parts on their own, for the fuzz targets
    /// (`Fuzz/Sources/FuzzAnki`) and tests: each within a budget, each
    /// throwing ``AnkiImportError`` or a reader's failure, never trapping.
    public enum Parts {
        /// The collection in the package `data`, within a budget of `unpackedBytes` and `seconds`.
        /// - Throws: ``AnkiImportError`` for a package that cannot be read, or is past its budget.
        public static func package(_ data: Data, unpackedBytes: Int64 = 64 << 20, seconds: Double = 10) throws -> AnkiCollection {
            let reader = AnkiPackageFile(
                workingFolder: nil, limits: ZipArchive.Limits(),
                budget: { _ in InputBudget(.init(unpackedBytes: unpackedBytes, heldBytes: 256 << 20, rows: 1_000_000, seconds: seconds)) })
            return try reader.collection(packageBytes: data, file: "package")
        }

        /// The bytes of zstd frames, at most `limit` of them.
        /// - Throws: when the frames are damaged or unpack past `limit`.
        public static func zstd(_ packed: Data, limit: Int) throws -> Data {
            try Zstd.decompress(packed, limit: limit)
        }

        /// The collection in the SQLite database `bytes` (written to a private file first).
        /// - Throws: ``AnkiImportError`` for what is no collection.
        public static func database(_ bytes: Data, seconds: Double = 10) throws -> AnkiCollection {
            let folder = try PrivateFolder()
            defer { folder.remove() }
            let file = try folder.create("collection.sqlite")
            try bytes.withUnsafeBytes { try file.write($0) }
            try file.close()
            try AnkiPackageFile.leaveWAL(file.path)
            let budget = BudgetAccount(
                InputBudget(.init(unpackedBytes: 1 << 30, heldBytes: 256 << 20, rows: 1_000_000, seconds: seconds)))
            return try AnkiDatabase.read(file.path, file: "database", budget: budget)
        }
    }
}
