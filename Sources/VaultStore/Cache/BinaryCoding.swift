import Foundation
import VaultCore

/// Writes the little-endian binary form of the caches in `.vault/cache/`.
///
/// Caches are rebuilt from the notes and the ledger whenever they are
/// missing, stale or unreadable, so the format is private to one version
/// of vault (each cache names its format version) and favours speed.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A whole number in as few bytes as it needs (zigzag, then 7 bits a byte).
    mutating func int(_ value: Int) {
        var n = UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))
        while n >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: n) | 0x80)
            n >>= 7
        }
        bytes.append(UInt8(n))
    }

    mutating func double(_ value: Double) { u64(value.bitPattern) }

    mutating func date(_ value: Date) { double(value.timeIntervalSince1970) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout BinaryWriter, T) -> Void) {
        guard let value else { return u8(0) }
        u8(1)
        write(&self, value)
    }

    /// Another writer's bytes, preceded by their length (a section that can be skipped unread).
    mutating func section(_ other: BinaryWriter) { section(other.bytes) }

    mutating func section(_ other: [UInt8]) {
        int(other.count)
        bytes.append(contentsOf: other)
    }
}

/// Reads what ``BinaryWriter`` wrote; any overrun or bad value throws
/// ``BinaryReader/Malformed`` (the cache is then ignored and rebuilt).
struct BinaryReader {
    struct Malformed: Error {}

    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws -> Int {
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        defer { offset += count }
        return offset
    }

    mutating func u8() throws -> UInt8 { bytes[try take(1)] }

    mutating func bool() throws -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func u64() throws -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
    }

    mutating func int() throws -> Int {
        var n: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            n |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: n >> 1) ^ -Int64(bitPattern: n & 1))
    }

    /// A count or length: not negative, and not more than the bytes left could hold.
    mutating func count() throws -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.count - offset else { throw Malformed() }
        return value
    }

    mutating func double() throws -> Double { Double(bitPattern: try u64()) }

    mutating func date() throws -> Date { Date(timeIntervalSince1970: try double()) }

    mutating func string() throws -> String {
        let length = try count()
        let start = try take(length)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]), as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout BinaryReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    /// The bytes of a section ``BinaryWriter/section(_:)`` wrote, as a range of ``bytes``.
    mutating func section() throws -> Range<Int> {
        let length = try count()
        let start = try take(length)
        return start..<(start + length)
    }
}

/// One cache file: a magic word, a format version, the payload's length and
/// checksum, then the payload. Written to a temporary file and renamed into
/// place, so readers see the old file or the new one; a torn or foreign
/// file fails its checks and reads as absent.
struct CacheFile {
    let url: URL
    /// Eight bytes naming the kind of cache.
    let magic: [UInt8]
    let version: UInt64

    static let headerSize = 32

    /// The whole file, its payload starting at ``headerSize``; nil when the
    /// file is missing, foreign, of another version or damaged.
    func read() -> [UInt8]? {
        var buffer: [UInt8] = []
        guard FileIO.read(url.path, into: &buffer), buffer.count >= Self.headerSize else { return nil }
        let valid = buffer.withUnsafeBytes { raw -> Bool in
            guard raw[0..<8].elementsEqual(magic) else { return false }
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: raw[8..<Self.headerSize]))
            guard let version = try? reader.u64(), version == self.version, let length = try? reader.u64(),
                let sum = try? reader.u64(), length == raw.count - Self.headerSize
            else { return false }
            return Self.checksum(UnsafeRawBufferPointer(rebasing: raw[Self.headerSize...])) == sum
        }
        return valid ? buffer : nil
    }

    /// Writes `payload` in place of the file. Returns false when the cache
    /// folder cannot be written (the caller goes on without a cache).
    @discardableResult
    func write(_ payload: [UInt8]) -> Bool {
        var header = BinaryWriter(capacity: Self.headerSize)
        for byte in magic { header.u8(byte) }
        header.u64(version)
        header.u64(UInt64(payload.count))
        header.u64(payload.withUnsafeBytes(Self.checksum))
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).vault-tmp-\(getpid())")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var failed = header.bytes.withUnsafeBytes { FileIO.writeAll(fd, $0) } != nil
        if !failed { failed = payload.withUnsafeBytes { FileIO.writeAll(fd, $0) } != nil }
        close(fd)
        if failed || rename(temporary.path, url.path) != 0 {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// A 64-bit checksum of `bytes`: two lanes of 8-byte words, each step a
    /// bijection (xor, odd multiply, xor-shift), so any change to one word is
    /// always caught and random damage is missed with odds of 2^-64. It runs
    /// over 20 MB in a few milliseconds, where byte-wise FNV-1a takes 40.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var a: UInt64 = 0x243F_6A88_85A3_08D3
        var b: UInt64 = 0x1319_8A2E_0370_7344
        let count = bytes.count
        guard let base = bytes.baseAddress else { return StableHash.mix(a ^ b) }
        var i = 0
        while i + 16 <= count {
            a =
                (a ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                &* 0x9E37_79B9_7F4A_7C15
            a ^= a >> 29
            b =
                (b ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)))
                &* 0xC2B2_AE3D_27D4_EB4F
            b ^= b >> 31
            i += 16
        }
        while i < count {
            a = (a ^ UInt64(bytes[i])) &* StableHash.fnvPrime
            i += 1
        }
        return StableHash.mix(a ^ (b << 32 | b >> 32) ^ UInt64(count))
    }
}
