import CZlib
import Foundation
import VaultCore

/// A zip archive read from its central directory, with limits checked
/// before anything is unpacked: the number of entries, the total unpacked
/// size and the ratio of unpacked to packed bytes (a zip bomb is refused, not
/// unpacked). Stored and deflated entries only, as Anki writes them.
struct ZipArchive {
    /// The most entries, unpacked bytes and unpacked-to-packed ratio a package may have.
    struct Limits {
        var entries = 200_000
        var totalBytes: UInt64 = 8 << 30
        /// Applies to entries over 1 MB unpacked (a small file's ratio says nothing).
        var ratio: UInt64 = 1_000
    }

    struct Entry {
        var name: String
        var method: UInt16
        var packedSize: UInt64
        var size: UInt64
        var localHeader: UInt64
    }

    enum Failure: Error, Equatable {
        case notZip
        case damaged(String)
        case tooLarge(String)
    }

    let data: Data
    let entries: [String: Entry]
    let limits: Limits

    /// Reads the central directory of `data`.
    /// - Throws: ``Failure`` for what is no zip, a damaged one or one over `limits`.
    init(_ data: Data, limits: Limits = Limits()) throws {
        self.data = data
        self.limits = limits
        guard data.count >= 22, data.prefix(2) == Data([0x50, 0x4B]) else { throw Failure.notZip }
        // The end of central directory record: its signature, searched back over the longest comment.
        var end = -1
        var i = data.count - 22
        let floor = max(0, data.count - 22 - 65_535)
        while i >= floor {
            if Self.u32(data, i) == 0x0605_4B50 {
                end = i
                break
            }
            i -= 1
        }
        guard end >= 0 else { throw Failure.notZip }
        let count = Int(Self.u16(data, end + 10))
        let directorySize = Int(Self.u32(data, end + 12))
        let directoryStart = Int(Self.u32(data, end + 16))
        if count == 0xFFFF || directoryStart == 0xFFFF_FFFF {
            throw Failure.tooLarge("it is a ZIP64 archive (over 65,535 entries or 4 GB)")
        }
        guard count <= limits.entries else { throw Failure.tooLarge("it has \(count) entries, more than \(limits.entries)") }
        guard directoryStart + directorySize <= end else { throw Failure.damaged("the central directory lies outside the file") }
        var entries: [String: Entry] = [:]
        var offset = directoryStart
        var total: UInt64 = 0
        for _ in 0..<count {
            guard offset + 46 <= end, Self.u32(data, offset) == 0x0201_4B50 else {
                throw Failure.damaged("a central directory entry is damaged")
            }
            let method = Self.u16(data, offset + 10)
            let packed = UInt64(Self.u32(data, offset + 20))
            let size = UInt64(Self.u32(data, offset + 24))
            let nameLength = Int(Self.u16(data, offset + 28))
            let extraLength = Int(Self.u16(data, offset + 30))
            let commentLength = Int(Self.u16(data, offset + 32))
            let local = UInt64(Self.u32(data, offset + 42))
            guard offset + 46 + nameLength <= end else { throw Failure.damaged("an entry's name runs past the directory") }
            let nameBytes = data.subdata(in: (offset + 46)..<(offset + 46 + nameLength))
            let name = String(decoding: nameBytes, as: UTF8.self)
            total += size
            guard total <= limits.totalBytes else {
                throw Failure.tooLarge("its entries unpack to more than \(InputBudget.bytesText(Double(limits.totalBytes)))")
            }
            if size > 1 << 20, size > max(packed, 1) * limits.ratio {
                throw Failure.tooLarge("'\(name)' unpacks \(size / max(packed, 1)) times its packed size (at most \(limits.ratio))")
            }
            entries[name] = Entry(name: name, method: method, packedSize: packed, size: size, localHeader: local)
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The unpacked bytes of the entry `name` in memory, nil when there is none
    /// (for small entries: `meta`, the media map).
    /// - Throws: ``Failure`` when it is damaged, of another method, or unpacks past its declared size.
    func read(_ name: String) throws -> Data? {
        guard let entry = entries[name] else { return nil }
        let packed = try packedBytes(of: entry)
        switch entry.method {
        case 0:
            return Data(packed)
        case 8:
            return try Self.inflate(packed, size: Int(entry.size), name: name)
        default:
            throw Failure.damaged("the entry '\(name)' is compressed with method \(entry.method), not stored or deflated")
        }
    }

    /// The entry's bytes as they lie in the archive (a slice of it, not a copy).
    /// - Throws: ``Failure`` when its local header is damaged or it runs past the file.
    func packedBytes(of entry: Entry) throws -> Data {
        let header = Int(entry.localHeader)
        guard header >= 0, header <= data.count - 30, Self.u32(data, header) == 0x0403_4B50 else {
            throw Failure.damaged("the entry '\(entry.name)' is damaged")
        }
        let start = header + 30 + Int(Self.u16(data, header + 26)) + Int(Self.u16(data, header + 28))
        guard entry.packedSize <= UInt64(max(0, data.count - start)) else {
            throw Failure.damaged("the entry '\(entry.name)' is cut short")
        }
        return data[(data.startIndex + start)..<(data.startIndex + start + Int(entry.packedSize))]
    }

    /// Unpacks the entry `name` chunk by chunk (at most 64 KB each) into
    /// `sink`: a large entry never sits in memory whole. False when there is none.
    /// - Throws: ``Failure`` when it is damaged, of another method, or unpacks
    ///   past its declared size; what `sink` throws.
    func stream(_ name: String, into sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        guard let entry = entries[name] else { return false }
        let packed = try packedBytes(of: entry)
        switch entry.method {
        case 0:
            try packed.withUnsafeBytes { all in
                var offset = 0
                while offset < all.count {
                    let end = min(all.count, offset + Self.chunk)
                    try sink(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                    offset = end
                }
            }
        case 8:
            try Self.inflate(packed, size: entry.size, name: name, into: sink)
        default:
            throw Failure.damaged("the entry '\(name)' is compressed with method \(entry.method), not stored or deflated")
        }
        return true
    }

    /// The most bytes handed to a sink at once.
    static let chunk = 64 << 10

    /// Raw deflate of `packed` into `sink` a chunk at a time, refusing more
    /// than `size` bytes or fewer (the size the directory declared).
    static func inflate(_ packed: Data, size: UInt64, name: String, into sink: (UnsafeRawBufferPointer) throws -> Void)
        throws
    {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.damaged("zlib cannot start")
        }
        defer { inflateEnd(&stream) }
        var buffer = [UInt8](repeating: 0, count: chunk)
        var produced: UInt64 = 0
        var status: Int32 = Z_OK
        try packed.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while status != Z_STREAM_END {
                let made: Int = buffer.withUnsafeMutableBytes { out in
                    stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                // Z_OK says zlib made progress; Z_BUF_ERROR that it could make none: the input ends early.
                if status == Z_BUF_ERROR { throw Failure.damaged("the entry '\(name)' is cut short") }
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw Failure.damaged("the entry '\(name)' does not inflate (zlib \(status))")
                }
                produced += UInt64(made)
                if produced > size { throw Failure.tooLarge("'\(name)' unpacks past the size its directory declares") }
                if made > 0 { try buffer.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<made])) } }
            }
        }
        guard produced == size else { throw Failure.damaged("the entry '\(name)' unpacks to another size than its directory declares") }
    }

    /// Raw deflate of `packed`, refusing more than `size` bytes (the size the directory declared).
    static func inflate(_ packed: Data, size: Int, name: String) throws -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.damaged("zlib cannot start")
        }
        defer { inflateEnd(&stream) }
        var output = Data(count: size + 1)
        var status: Int32 = Z_OK
        var produced = 0
        packed.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = out.count - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END, produced == size else {
            if produced > size { throw Failure.tooLarge("'\(name)' unpacks past the size its directory declares") }
            throw Failure.damaged("the entry '\(name)' does not inflate (zlib \(status))")
        }
        output.count = size
        return output
    }

    static func u16(_ data: Data, _ at: Int) -> UInt16 {
        let i = data.startIndex + at
        return UInt16(data[i]) | UInt16(data[i + 1]) << 8
    }

    static func u32(_ data: Data, _ at: Int) -> UInt32 {
        let i = data.startIndex + at
        return UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16 | UInt32(data[i + 3]) << 24
    }
}
