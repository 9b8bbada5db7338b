import Foundation
import VaultCore

/// The byte encoding of catalog entries (docs/FORMAT.md, Note catalog):
/// little-endian integers, strings as a 32-bit length and UTF-8 bytes, an
/// absent string as the length `0xFFFF_FFFF`.
///
/// Hand-written rather than `Codable`: decoding 100,000 notes must cost a
/// few tens of milliseconds, so it reads straight from the file's bytes
/// with one bounds check per field and allocates nothing but the strings
/// and arrays of the notes themselves.
enum CatalogCoding {
    /// Appends one entry: a note, the stat fields of its file, and its
    /// cards. A card's note path and note id are its note's, so they are not
    /// written again. Read through pointers into the arrays' memory: a note
    /// passed by value is copied, ten reference count changes each.
    static func encode(
        file: UnsafePointer<ScannedFile>, note: UnsafePointer<Note>, cards: UnsafeBufferPointer<Card>,
        into out: inout CatalogWriter
    ) {
        out.string(file.pointee.path)
        out.int64(file.pointee.size)
        out.int64(file.pointee.modified)
        out.int64(file.pointee.changed)
        out.uint64(file.pointee.inode)
        out.optionalString(note.pointee.id)
        out.string(note.pointee.title)
        out.strings(note.pointee.tags)
        out.optionalString(note.pointee.category)
        out.optionalString(note.pointee.source)
        out.optionalString(note.pointee.sourceType)
        // Bit 0: source type inferred; bits 1-2: the note's `cards:` setting (0 none, 1 true, 2 false).
        let setting: UInt8 = note.pointee.cardsSetting.map { $0 ? 2 : 4 } ?? 0
        out.uint8((note.pointee.sourceTypeInferred ? 1 : 0) | setting)
        out.uint8(originCode(note.pointee.createdOrigin))
        if let created = note.pointee.created {
            out.uint8(1)
            out.uint64(created.timeIntervalSinceReferenceDate.bitPattern)
        } else {
            out.uint8(0)
        }
        out.strings(note.pointee.aliases)
        out.uint32(note.pointee.diagnostics.count)
        for k in note.pointee.diagnostics.indices {
            out.string(note.pointee.diagnostics[k].code)
            out.uint8(note.pointee.diagnostics[k].severity == .error ? 1 : 0)
            out.optionalString(
                note.pointee.diagnostics[k].path == note.pointee.path ? nil : note.pointee.diagnostics[k].path)
            out.int64(note.pointee.diagnostics[k].line.map(Int64.init) ?? Int64.min)
            out.string(note.pointee.diagnostics[k].message)
        }
        out.uint32(cards.count)
        for k in cards.indices {
            out.string(cards[k].id)
            out.uint8(kindCode(cards[k].kind))
            out.string(cards[k].question)
            out.string(cards[k].answer)
            out.int64(Int64(cards[k].line))
            out.int64(Int64(cards[k].position))
            out.string(cards[k].identityText)
        }
    }

    /// Reads one entry, initializing `file`, `note`, and its cards at
    /// `cards`, which has room for `room` of them; returns the number of
    /// cards. Values are built in place, not copied in: 100,000 notes copied
    /// and destroyed cost a million reference count changes. When this
    /// throws, nothing is left initialized.
    /// - Throws: ``CatalogDamage`` when the bytes end early, hold a value no
    ///   writer produces, or more cards than `room`.
    static func decode(
        from input: inout CatalogReader, file: UnsafeMutablePointer<ScannedFile>, note: UnsafeMutablePointer<Note>,
        cards: UnsafeMutablePointer<Card>?, room: Int
    ) throws(CatalogDamage) -> Int {
        let path = try input.string()
        let size = try input.int64()
        let modified = try input.int64()
        let changed = try input.int64()
        let inode = try input.uint64()
        let id = try input.optionalString()
        let title = try input.string()
        let tags = try input.strings()
        let category = try input.optionalString()
        let source = try input.optionalString()
        let sourceType = try input.optionalString()
        let flags = try input.uint8()
        let inferred = flags & 1 != 0
        let cardsSetting: Bool? = flags & 6 == 2 ? true : flags & 6 == 4 ? false : nil
        let origin = try origin(try input.uint8())
        let created: Date? =
            try input.uint8() != 0
            ? Date(timeIntervalSinceReferenceDate: Double(bitPattern: try input.uint64())) : nil
        let aliases = try input.strings()
        let diagnosticCount = try input.count(minimumBytesEach: 21)
        var diagnostics: [Diagnostic] = []
        if diagnosticCount > 0 {
            diagnostics.reserveCapacity(diagnosticCount)
            for _ in 0..<diagnosticCount {
                let code = try input.string()
                let severity: Diagnostic.Severity = try input.uint8() != 0 ? .error : .warning
                let place = try input.optionalString() ?? path
                let line = try input.int64()
                diagnostics.append(
                    Diagnostic(
                        code: code, severity: severity, path: place, line: line == Int64.min ? nil : Int(line),
                        message: try input.string()))
            }
        }
        let cardCount = try input.count(minimumBytesEach: 33)
        guard cardCount <= room else { throw CatalogDamage() }
        var done = 0
        do throws(CatalogDamage) {
            while done < cardCount, let cards {
                let cardID = try input.string()
                let kind = try kind(try input.uint8())
                let question = try input.string()
                let answer = try input.string()
                let line = Int(try input.int64())
                let position = Int(try input.int64())
                (cards + done).initialize(
                    to: Card(
                        id: cardID, notePath: path, noteID: id, kind: kind, question: question, answer: answer,
                        line: line, position: position, identityText: try input.string()))
                done += 1
            }
        } catch {
            cards?.deinitialize(count: done)
            throw error
        }
        file.initialize(to: ScannedFile(path: path, size: size, modified: modified, changed: changed, inode: inode))
        note.initialize(
            to: Note(
                path: path, id: id, title: title, tags: tags, category: category, source: source,
                sourceType: sourceType, sourceTypeInferred: inferred, aliases: aliases, created: created,
                createdOrigin: origin, diagnostics: diagnostics, cardsSetting: cardsSetting))
        return cardCount
    }

    private static func originCode(_ origin: CreatedOrigin) -> UInt8 {
        switch origin {
        case .frontMatter: 0
        case .fileName: 1
        case .git: 2
        case .modificationTime: 3
        case .unknown: 4
        }
    }

    private static func origin(_ code: UInt8) throws(CatalogDamage) -> CreatedOrigin {
        switch code {
        case 0: .frontMatter
        case 1: .fileName
        case 2: .git
        case 3: .modificationTime
        case 4: .unknown
        default: throw CatalogDamage()
        }
    }

    private static func kindCode(_ kind: Card.Kind) -> UInt8 {
        switch kind {
        case .basic: 0
        case .reverse: 1
        case .cloze: 2
        }
    }

    private static func kind(_ code: UInt8) throws(CatalogDamage) -> Card.Kind {
        switch code {
        case 0: .basic
        case 1: .reverse
        case 2: .cloze
        default: throw CatalogDamage()
        }
    }
}

/// A catalog file that cannot be read: cut short, overwritten, or from a
/// writer with a bug. Never shown to anyone; the catalog is rebuilt.
struct CatalogDamage: Error {}

/// Appends little-endian values to a growing byte buffer.
///
/// Raw memory in a noncopyable struct rather than a `[UInt8]` or a class:
/// the catalog of 100,000 notes is two million small appends, and both
/// `Array.append`'s checks and a class's run-time exclusivity checks cost
/// more than the bytes.
struct CatalogWriter: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// Calls `body` with the bytes written so far (valid only inside `body`).
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes written so far.
    var array: [UInt8] { withBytes { Array($0) } }

    /// Makes room for `n` more bytes.
    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        let grown = max(capacity * 2, count + n)
        let new = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
        new.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = new
        capacity = grown
    }

    mutating func uint8(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    mutating func uint32(_ value: Int) {
        reserve(4)
        base.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: count, as: UInt32.self)
        count += 4
    }

    mutating func uint64(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    mutating func int64(_ value: Int64) { uint64(UInt64(bitPattern: value)) }

    mutating func string(_ value: String) {
        // Native strings are contiguous UTF-8: copied without a `var` copy
        // of the string (a retain and a release per string).
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            uint32(utf8.count)
            guard let source = utf8.baseAddress else { return }
            reserve(utf8.count)
            (base + count).copyMemory(from: source, byteCount: utf8.count)
            count += utf8.count
        }
        if done == nil { string(String(decoding: Array(value.utf8), as: UTF8.self)) }
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { uint32(Int(UInt32.max)) }
    }

    mutating func strings(_ values: [String]) {
        uint32(values.count)
        for value in values { string(value) }
    }

    /// Overwrites 4 bytes at `offset` (for header fields known only at the end).
    mutating func setUInt32(_ value: Int, at offset: Int) {
        precondition(offset + 4 <= count)
        base.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// Overwrites 8 bytes at `offset` (for header fields known only at the end).
    mutating func setUInt64(_ value: UInt64, at offset: Int) {
        precondition(offset + 8 <= count)
        base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }
}

/// Reads little-endian values from a byte buffer, checking every read
/// against its end, so damaged bytes throw instead of reading past it.
struct CatalogReader {
    private var position: UnsafeRawPointer
    private let end: UnsafeRawPointer

    /// Reads `bytes`, which must stay valid while the reader is used.
    init(_ bytes: UnsafeRawBufferPointer) {
        // An empty buffer may have no base address; any pointer will do, nothing is read.
        let base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 0x8)!
        position = base
        end = base + bytes.count
    }

    var remaining: Int { end - position }

    mutating func uint8() throws(CatalogDamage) -> UInt8 {
        guard position < end else { throw CatalogDamage() }
        defer { position += 1 }
        return position.load(as: UInt8.self)
    }

    mutating func uint32() throws(CatalogDamage) -> UInt32 {
        guard end - position >= 4 else { throw CatalogDamage() }
        defer { position += 4 }
        return UInt32(littleEndian: position.loadUnaligned(as: UInt32.self))
    }

    mutating func uint64() throws(CatalogDamage) -> UInt64 {
        guard end - position >= 8 else { throw CatalogDamage() }
        defer { position += 8 }
        return UInt64(littleEndian: position.loadUnaligned(as: UInt64.self))
    }

    mutating func int64() throws(CatalogDamage) -> Int64 { Int64(bitPattern: try uint64()) }

    /// A count of items that each take at least `minimumBytesEach` bytes:
    /// a damaged count cannot make the caller reserve gigabytes.
    mutating func count(minimumBytesEach: Int) throws(CatalogDamage) -> Int {
        let count = Int(try uint32())
        guard count <= remaining / minimumBytesEach else { throw CatalogDamage() }
        return count
    }

    mutating func string() throws(CatalogDamage) -> String {
        let length = Int(try uint32())
        return try bytes(length)
    }

    mutating func optionalString() throws(CatalogDamage) -> String? {
        let length = try uint32()
        return length == UInt32.max ? nil : try bytes(Int(length))
    }

    mutating func strings() throws(CatalogDamage) -> [String] {
        let count = try count(minimumBytesEach: 4)
        guard count > 0 else { return [] }
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    /// The next `length` bytes as a string (invalid UTF-8 becomes U+FFFD).
    private mutating func bytes(_ length: Int) throws(CatalogDamage) -> String {
        guard end - position >= length else { throw CatalogDamage() }
        defer { position += length }
        return String(
            decoding: UnsafeBufferPointer(start: position.assumingMemoryBound(to: UInt8.self), count: length),
            as: UTF8.self)
    }
}
