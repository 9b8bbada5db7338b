import Foundation

/// The one binary codec of the caches in `.vault/cache/` (`ledger.bin`,
/// `ledger-cards.bin`, `cards.bin`, `notes.bin`): little-endian fixed-width
/// integers, zigzag varints, IEEE doubles, strings as a varint length and
/// UTF-8 bytes (an absent string as the varint 0, a present one as its
/// length + 1). Caches are rebuilt from the notes and the ledger whenever
/// they are missing, stale or unreadable, so the format is private to one
/// version of vault and favours speed.
///
/// A cache that cannot be read: cut short, overwritten, foreign, or from a
/// writer with a bug. Never shown to anyone; the cache is rebuilt.
struct CacheDamage: Error {}

/// Appends values to a growing byte buffer.
///
/// Raw memory in a noncopyable struct rather than a `[UInt8]` or a class:
/// the note catalog of 100,000 notes is two million small appends, and both
/// `Array.append`'s checks and a class's run-time exclusivity checks cost
/// more than the bytes.
struct CacheWriter: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// Calls `body` with the bytes written so far (valid only inside `body`).
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes written so far.
    var bytes: [UInt8] { withBytes { Array($0) } }

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

    mutating func u8(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    mutating func bool(_ value: Bool) { u8(value ? 1 : 0) }

    mutating func u32(_ value: Int) {
        reserve(4)
        base.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: count, as: UInt32.self)
        count += 4
    }

    mutating func u64(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }

    /// A whole number in as few bytes as it needs (zigzag, then 7 bits a byte).
    mutating func int(_ value: Int) { unsigned(UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))) }

    private mutating func unsigned(_ value: UInt64) {
        var n = value
        reserve(10)
        while n >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: n) | 0x80, toByteOffset: count, as: UInt8.self)
            count += 1
            n >>= 7
        }
        base.storeBytes(of: UInt8(n), toByteOffset: count, as: UInt8.self)
        count += 1
    }

    mutating func double(_ value: Double) { u64(value.bitPattern) }

    mutating func date(_ value: Date) { double(value.timeIntervalSince1970) }

    mutating func string(_ value: String) { utf8(value, lengthBias: 0) }

    mutating func optionalString(_ value: String?) {
        if let value { utf8(value, lengthBias: 1) } else { unsigned(0) }
    }

    /// The UTF-8 bytes after their length + `lengthBias`. Native strings are
    /// contiguous UTF-8: copied without a `var` copy of the string (a retain
    /// and a release per string).
    private mutating func utf8(_ value: String, lengthBias: UInt64) {
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            unsigned(UInt64(utf8.count) + lengthBias)
            guard let source = utf8.baseAddress else { return }
            reserve(utf8.count)
            (base + count).copyMemory(from: source, byteCount: utf8.count)
            count += utf8.count
        }
        if done == nil { utf8(String(decoding: Array(value.utf8), as: UTF8.self), lengthBias: lengthBias) }
    }

    mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout CacheWriter, T) -> Void) {
        guard let value else { return u8(0) }
        u8(1)
        write(&self, value)
    }

    /// Another writer's bytes, preceded by their length (a section that can be skipped unread).
    mutating func section(_ other: borrowing CacheWriter) {
        int(other.count)
        reserve(other.count)
        other.withBytes {
            (base + count).copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(base), byteCount: $0.count)
        }
        count += other.count
    }

    /// Raw bytes, as they are.
    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Overwrites 4 bytes at `offset` (for header fields known only at the end).
    mutating func setU32(_ value: Int, at offset: Int) {
        precondition(offset + 4 <= count)
        base.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// Overwrites 8 bytes at `offset` (for header fields known only at the end).
    mutating func setU64(_ value: UInt64, at offset: Int) {
        precondition(offset + 8 <= count)
        base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }
}

/// Reads what ``CacheWriter`` wrote, checking every read against the end:
/// damaged bytes throw ``CacheDamage`` instead of reading past it.
struct CacheReader {
    /// The bytes read (they must stay valid while the reader is used).
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    // `take` and the one-byte case of `unsigned` are inlined: the catalog
    // reads a dozen of each per note, and as calls they stood out in the
    // profile of its read at 100,000 notes (benchmarks/STARTUP.md).
    @inline(__always)
    private mutating func take(_ count: Int) throws(CacheDamage) -> Int {
        guard count >= 0, count <= bytes.count - offset else { throw CacheDamage() }
        defer { offset += count }
        return offset
    }

    mutating func u8() throws(CacheDamage) -> UInt8 { bytes[try take(1)] }

    mutating func bool() throws(CacheDamage) -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        default: throw CacheDamage()
        }
    }

    mutating func u32() throws(CacheDamage) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
    }

    mutating func u64() throws(CacheDamage) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
    }

    mutating func i64() throws(CacheDamage) -> Int64 { Int64(bitPattern: try u64()) }

    @inline(__always)
    private mutating func unsigned() throws(CacheDamage) -> UInt64 {
        if offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x80 {
                offset += 1
                return UInt64(byte)
            }
        }
        return try unsignedOfSeveralBytes()
    }

    /// ``unsigned()`` when its value takes more than one byte (or none is left).
    private mutating func unsignedOfSeveralBytes() throws(CacheDamage) -> UInt64 {
        var n: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw CacheDamage() }
            let byte = bytes[offset]
            offset += 1
            n |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return n }
            shift += 7
        }
    }

    mutating func int() throws(CacheDamage) -> Int {
        let n = try unsigned()
        return Int(Int64(bitPattern: n >> 1) ^ -Int64(bitPattern: n & 1))
    }

    /// A count or length: not negative, and not more than the bytes left could hold.
    mutating func count() throws(CacheDamage) -> Int { try count(minimumBytesEach: 1) }

    /// A count of items that each take at least `minimumBytesEach` bytes:
    /// a damaged count cannot make the caller reserve gigabytes.
    mutating func count(minimumBytesEach: Int) throws(CacheDamage) -> Int {
        let value = try int()
        guard value >= 0, value <= remaining / max(minimumBytesEach, 1) else { throw CacheDamage() }
        return value
    }

    mutating func double() throws(CacheDamage) -> Double { Double(bitPattern: try u64()) }

    mutating func date() throws(CacheDamage) -> Date { Date(timeIntervalSince1970: try double()) }

    mutating func string() throws(CacheDamage) -> String {
        let length = try unsigned()
        guard length <= UInt64(remaining) else { throw CacheDamage() }
        return try text(Int(length))
    }

    mutating func optionalString() throws(CacheDamage) -> String? {
        let biased = try unsigned()
        guard biased > 0 else { return nil }
        guard biased - 1 <= UInt64(remaining) else { throw CacheDamage() }
        return try text(Int(biased - 1))
    }

    mutating func strings() throws(CacheDamage) -> [String] {
        let count = try count(minimumBytesEach: 1)
        guard count > 0 else { return [] }
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    /// ``optionalString()``, the string kept in `interned` when it holds one
    /// of the same bytes (else the new one is kept there). A string Swift
    /// keeps inline (15 bytes or less) is made as usual.
    mutating func optionalString(interning interned: inout InternedValues<String>) throws(CacheDamage) -> String? {
        let biased = try unsigned()
        guard biased > 0 else { return nil }
        guard biased - 1 <= UInt64(remaining) else { throw CacheDamage() }
        let length = Int(biased - 1)
        guard length > 15, interned.isWorthLookingUp else { return try text(length) }
        let start = try take(length)
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
        let hash = InternedValues<String>.hash(raw)
        if let kept = interned.value(for: raw, hash: hash) { return kept }
        let made = String(decoding: raw, as: UTF8.self)
        interned.keep(made, for: raw, hash: hash)
        return made
    }

    /// ``strings()``, the list kept in `interned` when it holds one of the
    /// same bytes (else the new one is kept there).
    mutating func strings(interning interned: inout InternedValues<[String]>) throws(CacheDamage) -> [String] {
        guard interned.isWorthLookingUp else { return try strings() }
        let start = offset
        guard try skipStrings() > 0 else { return [] }
        let end = offset
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        let hash = InternedValues<[String]>.hash(raw)
        if let kept = interned.value(for: raw, hash: hash) { return kept }
        offset = start
        let made = try strings()
        guard offset == end else { throw CacheDamage() }
        interned.keep(made, for: raw, hash: hash)
        return made
    }

    /// Walks over what ``strings()`` reads, checking every length, making
    /// no strings; returns how many there were.
    @discardableResult
    mutating func skipStrings() throws(CacheDamage) -> Int {
        let count = try count(minimumBytesEach: 1)
        for _ in 0..<count {
            let length = try unsigned()
            guard length <= UInt64(remaining) else { throw CacheDamage() }
            _ = try take(Int(length))
        }
        return count
    }

    mutating func optional<T>(_ read: (inout CacheReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    /// The bytes of a section ``CacheWriter/section(_:)`` wrote, as a range of ``bytes``.
    mutating func section() throws(CacheDamage) -> Range<Int> {
        let length = try count()
        let start = try take(length)
        return start..<(start + length)
    }

    /// The next `length` bytes as a string (invalid UTF-8 becomes U+FFFD).
    private mutating func text(_ length: Int) throws(CacheDamage) -> String {
        let start = try take(length)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]), as: UTF8.self)
    }
}
