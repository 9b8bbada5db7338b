import Foundation
import VaultCore

/// One cache file: 8 magic bytes naming the cache, the format version
/// (u64), the payload's length (u64) and its checksum (u64), then the
/// payload. Every cache in `.vault/cache/` is framed so. Written to a
/// temporary file and renamed into place, so readers see the old file or the
/// new one; a torn, foreign or other-version file fails its checks and reads
/// as absent.
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
        guard FileIO.read(url.path, into: &buffer) else { return nil }
        return buffer.withUnsafeBytes { payload($0) } != nil ? buffer : nil
    }

    /// Calls `body` with the payload of the file read into memory (valid only
    /// inside `body`); nil when the file is missing, foreign, of another
    /// version or damaged.
    func withPayload<T>(_ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        let result = FileIO.withContents(of: url.path) { raw -> T? in
            guard let payload = payload(raw) else { return nil }
            return body(payload)
        }
        return result ?? nil
    }

    /// The payload of the file bytes `raw`, when its header checks out.
    func payload(_ raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let fields = header(raw) else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: raw[Self.headerSize...])
        guard fields.length == payload.count, Self.checksum(payload) == fields.checksum else { return nil }
        return payload
    }

    /// The header's length and checksum, when the magic and version are this cache's (the payload unchecked).
    func header(_ raw: UnsafeRawBufferPointer) -> (length: Int, checksum: UInt64)? {
        guard raw.count >= Self.headerSize, raw[0..<8].elementsEqual(magic) else { return nil }
        var reader = CacheReader(UnsafeRawBufferPointer(rebasing: raw[8..<Self.headerSize]))
        guard let version = try? reader.u64(), version == self.version, let length = try? reader.u64(),
            let checksum = try? reader.u64(), length <= UInt64(Int.max)
        else { return nil }
        return (Int(length), checksum)
    }

    /// Writes `payload` in place of the file. Returns false, leaving no
    /// temporary file, when the cache folder cannot be written (the caller
    /// goes on without a cache). No fsync: a cache lost or torn in a crash
    /// fails its checks and is rebuilt.
    @discardableResult
    func write(_ payload: borrowing CacheWriter) -> Bool {
        payload.withBytes { write($0) }
    }

    @discardableResult
    func write(_ payload: UnsafeRawBufferPointer) -> Bool {
        var header = CacheWriter(capacity: Self.headerSize)
        for byte in magic { header.u8(byte) }
        header.u64(version)
        header.u64(UInt64(payload.count))
        header.u64(Self.checksum(payload))
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).vault-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var failed = header.withBytes { FileIO.writeAll(fd, $0) } != nil
        if !failed { failed = FileIO.writeAll(fd, payload) != nil }
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
