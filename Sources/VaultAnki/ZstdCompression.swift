import CZstd
import Foundation

/// zstd frames written through libzstd's streaming API, as Anki writes the
/// current format's collection, media map and media files (level 0, libzstd's
/// default; one frame per entry, its size declared when known).
enum ZstdCompression {
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// `data` as one zstd frame.
    /// - Throws: ``Failure`` when libzstd refuses.
    static func compress(_ data: Data) throws -> Data {
        var output = Data()
        var offset = 0
        try compress(size: data.count, into: { output.append(contentsOf: $0) }) { buffer in
            let n = min(buffer.count, data.count - offset)
            data.withUnsafeBytes { raw in
                buffer.baseAddress!.copyMemory(from: raw.baseAddress!.advanced(by: offset), byteCount: n)
            }
            offset += n
            return n
        }
        return output
    }

    /// The file at `path` as one zstd frame, read chunk by chunk and handed
    /// to `sink` as it is compressed (a large collection never sits in memory).
    /// - Throws: ``Failure``, or the file handle's or `sink`'s error.
    static func compress(fileAt path: String, into sink: (Data) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let size = Int((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1)
        var failure: Error?
        try compress(
            size: size,
            into: { bytes in
                guard failure == nil else { return }
                do { try sink(Data(bytes)) } catch { failure = error }
            }
        ) { buffer in
            do {
                guard let chunk = try handle.read(upToCount: buffer.count), !chunk.isEmpty else { return 0 }
                chunk.copyBytes(to: buffer.bindMemory(to: UInt8.self))
                return chunk.count
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
    }

    /// The streaming loop: `read` fills a buffer and says how many bytes it
    /// gave (0 at the end); `sink` takes the compressed bytes.
    private static func compress(
        size: Int, into sink: (UnsafeRawBufferPointer) -> Void, read: (UnsafeMutableRawBufferPointer) -> Int
    ) throws {
        guard let context = ZSTD_createCCtx() else { throw Failure(reason: "zstd cannot start") }
        defer { ZSTD_freeCCtx(context) }
        if size >= 0 { ZSTD_CCtx_setPledgedSrcSize(context, UInt64(size)) }
        let inSize = ZSTD_CStreamInSize()
        let outSize = ZSTD_CStreamOutSize()
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: inSize, alignment: 16)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: outSize, alignment: 16)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var finished = false
        while !finished {
            let n = read(input)
            let last = n < inSize
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: n, pos: 0)
            var done = false
            while !done {
                var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: outSize, pos: 0)
                let remaining = ZSTD_compressStream2(
                    context, &outBuffer, &inBuffer, last ? ZSTD_e_end : ZSTD_e_continue)
                if ZSTD_isError(remaining) != 0 { throw Failure(reason: String(cString: ZSTD_getErrorName(remaining))) }
                sink(UnsafeRawBufferPointer(rebasing: output[0..<outBuffer.pos]))
                done = last ? remaining == 0 : inBuffer.pos == inBuffer.size
            }
            finished = last
        }
    }
}
