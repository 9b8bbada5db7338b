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
        write(length: payload.count, checksum: Self.checksum(payload)) { fd in FileIO.writeAll(fd, payload) == nil }
    }

    /// Writes the payload made of `parts`, in order, without first copying
    /// them into one buffer (a catalog of 100,000 notes is 25 MB).
    @discardableResult
    func write(parts: [[UInt8]]) -> Bool {
        var sum = Checksum()
        for part in parts { part.withUnsafeBytes { sum.add($0) } }
        return write(length: parts.reduce(0) { $0 + $1.count }, checksum: sum.value) { fd in
            parts.allSatisfy { part in part.withUnsafeBytes { FileIO.writeAll(fd, $0) == nil } }
        }
    }

    /// Writes the header for a payload of `length` bytes with `checksum`
    /// to a temporary file, then the payload through `writePayload` (false:
    /// it failed), and renames the file into place.
    private func write(length: Int, checksum: UInt64, _ writePayload: (Int32) -> Bool) -> Bool {
        var header = CacheWriter(capacity: Self.headerSize)
        for byte in magic { header.u8(byte) }
        header.u64(version)
        header.u64(UInt64(length))
        header.u64(checksum)
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).vault-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var failed = header.withBytes { FileIO.writeAll(fd, $0) } != nil
        if !failed { failed = !writePayload(fd) }
        close(fd)
        if failed || rename(temporary.path, url.path) != 0 {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// The 64-bit checksum of `bytes` (``Checksum``).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var sum = Checksum()
        sum.add(bytes)
        return sum.value
    }
}
