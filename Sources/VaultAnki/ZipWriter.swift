import CZlib
import Foundation

/// A zip archive written entry by entry into a file, as Anki writes its
/// packages: stored entries (the zstd-compressed collection and media, and
/// `meta`) or deflated ones (a legacy collection). Each entry is handed over
/// whole, its CRC-32 and sizes known before its header is written; the
/// central directory goes last. No ZIP64: an archive past 4 GB, or past
/// 65,535 entries, is refused.
struct ZipWriter {
    enum Failure: Error, Equatable {
        case tooLarge(String)
        case deflate(Int32)
    }

    private struct Written {
        var name: [UInt8]
        var method: UInt16
        var crc: UInt32
        var packed: Int
        var size: Int
        var offset: Int
    }

    private let handle: FileHandle
    private var offset = 0
    private var written: [Written] = []

    /// Writes into `handle` from its current position (an empty file).
    init(_ handle: FileHandle) { self.handle = handle }

    /// Adds `data` under `name`, stored as it is.
    mutating func store(_ name: String, _ data: Data) throws {
        try add(name, method: 0, crc: Self.crc32(data), packed: data, size: data.count)
    }

    /// Adds `data` under `name`, deflated.
    mutating func deflate(_ name: String, _ data: Data) throws {
        try add(name, method: 8, crc: Self.crc32(data), packed: try Self.rawDeflate(data), size: data.count)
    }

    /// Adds an entry under `name`, stored, whose bytes `produce` hands to
    /// its sink piece by piece (a compressed collection never sits in memory
    /// whole): the header is written first and its CRC-32 and sizes filled
    /// in once the bytes are known.
    mutating func store(_ name: String, streaming produce: ((Data) throws -> Void) throws -> Void) throws {
        let nameBytes = Array(name.utf8)
        let start = offset
        let placeholder =
            Self.u32(0x0403_4B50) + Self.u16(20) + Self.u16(0x0800) + Self.u16(0) + Self.u16(0) + Self.u16(0x21)
            + Self.u32(0) + Self.u32(0) + Self.u32(0) + Self.u16(nameBytes.count) + Self.u16(0) + nameBytes
        try handle.write(contentsOf: Data(placeholder))
        var crc = CZlib.crc32(0, nil, 0)
        var size = 0
        try produce { piece in
            crc = piece.withUnsafeBytes { raw in
                CZlib.crc32(crc, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count))
            }
            size += piece.count
            guard start + placeholder.count + size < 0xFFFF_FFFF else { throw Failure.tooLarge("more than 4 GB") }
            try handle.write(contentsOf: piece)
        }
        // The header's CRC and sizes, in place; then back to the end.
        try handle.seek(toOffset: UInt64(start + 14))
        try handle.write(contentsOf: Data(Self.u32(UInt32(crc)) + Self.u32(size) + Self.u32(size)))
        try handle.seekToEnd()
        written.append(Written(name: nameBytes, method: 0, crc: UInt32(crc), packed: size, size: size, offset: start))
        offset += placeholder.count + size
    }

    /// Writes the central directory; the archive is complete after it.
    mutating func finish() throws {
        guard written.count <= 0xFFFF else { throw Failure.tooLarge("more than 65,535 entries") }
        var directory: [UInt8] = []
        for entry in written {
            directory +=
                Self.u32(0x0201_4B50) + Self.u16(20) + Self.u16(20) + Self.u16(0x0800) + Self.u16(entry.method)
                + Self.u16(0) + Self.u16(0x21) + Self.u32(entry.crc) + Self.u32(entry.packed) + Self.u32(entry.size)
                + Self.u16(entry.name.count) + Self.u16(0) + Self.u16(0) + Self.u16(0) + Self.u16(0) + Self.u32(0)
                + Self.u32(entry.offset) + entry.name
        }
        let start = offset
        guard start + directory.count < 0xFFFF_FFFF else { throw Failure.tooLarge("more than 4 GB") }
        let end =
            Self.u32(0x0605_4B50) + Self.u16(0) + Self.u16(0) + Self.u16(written.count) + Self.u16(written.count)
            + Self.u32(directory.count) + Self.u32(start) + Self.u16(0)
        try handle.write(contentsOf: Data(directory + end))
        offset += directory.count + end.count
    }

    private mutating func add(_ name: String, method: UInt16, crc: UInt32, packed: Data, size: Int) throws {
        let nameBytes = Array(name.utf8)
        guard offset + 30 + nameBytes.count + packed.count < 0xFFFF_FFFF, size < 0xFFFF_FFFF else {
            throw Failure.tooLarge("more than 4 GB")
        }
        // Version 2.0, UTF-8 names (bit 11), a fixed DOS date (1980-01-01 00:00): the bytes do not depend on the clock.
        let header =
            Self.u32(0x0403_4B50) + Self.u16(20) + Self.u16(0x0800) + Self.u16(method) + Self.u16(0) + Self.u16(0x21)
            + Self.u32(crc) + Self.u32(packed.count) + Self.u32(size) + Self.u16(nameBytes.count) + Self.u16(0)
            + nameBytes
        try handle.write(contentsOf: Data(header))
        try handle.write(contentsOf: packed)
        written.append(
            Written(name: nameBytes, method: method, crc: crc, packed: packed.count, size: size, offset: offset))
        offset += header.count + packed.count
    }

    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { raw -> UInt32 in
            var crc = CZlib.crc32(0, nil, 0)
            var base = raw.bindMemory(to: Bytef.self).baseAddress
            var left = raw.count
            while left > 0 {
                let chunk = min(left, Int(UInt32.max >> 1))
                crc = CZlib.crc32(crc, base, uInt(chunk))
                base = base?.advanced(by: chunk)
                left -= chunk
            }
            return UInt32(crc)
        }
    }

    /// Raw deflate (no zlib header), as zip's method 8 holds it.
    static func rawDeflate(_ data: Data) throws -> Data {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw Failure.deflate(Z_STREAM_ERROR) }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        var status: Int32 = Z_OK
        var produced = 0
        data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                status = CZlib.deflate(&stream, Z_FINISH)
                produced = out.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw Failure.deflate(status) }
        output.count = produced
        return output
    }

    static func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func u16(_ v: UInt16) -> [UInt8] { u16(Int(v)) }
    static func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16 & 0xFFFF) }
    static func u32(_ v: UInt32) -> [UInt8] { u32(Int(v)) }
}
