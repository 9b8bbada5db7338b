import CZstd
import Foundation

/// zstd frames unpacked through libzstd's streaming API, with a ceiling on
/// the output (the frames Anki writes do not always declare their size).
enum Zstd {
    enum Failure: Error, Equatable {
        case damaged(String)
        case tooLarge
    }

    /// The bytes `packed` holds, at most `limit` of them.
    /// - Throws: ``Failure`` for a damaged frame or one that unpacks past `limit`.
    static func decompress(_ packed: Data, limit: Int) throws -> Data {
        var output = Data()
        try decompress(packed, limit: limit) { output.append(contentsOf: $0) }
        return output
    }

    /// Unpacks `packed` chunk by chunk into `sink` (a file: a large collection
    /// never sits in memory whole), at most `limit` bytes in all.
    /// - Throws: ``Failure`` for a damaged frame or one that unpacks past `limit`; what `sink` throws.
    static func decompress(_ packed: Data, limit: Int, into sink: (ArraySlice<UInt8>) throws -> Void) throws {
        guard let stream = ZSTD_createDStream() else { throw Failure.damaged("zstd cannot start") }
        defer { ZSTD_freeDStream(stream) }
        ZSTD_initDStream(stream)
        var total = 0
        let chunk = ZSTD_DStreamOutSize()
        var buffer = [UInt8](repeating: 0, count: chunk)
        var lastResult = 0
        try packed.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            repeat {
                let produced: Int = try buffer.withUnsafeMutableBytes { out in
                    var outBuffer = ZSTD_outBuffer(dst: out.baseAddress, size: out.count, pos: 0)
                    let result = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    if ZSTD_isError(result) != 0 {
                        throw Failure.damaged(String(cString: ZSTD_getErrorName(result)))
                    }
                    lastResult = result
                    return outBuffer.pos
                }
                total += produced
                guard total <= limit else { throw Failure.tooLarge }
                try sink(buffer[0..<produced])
                // Done when the input is read and nothing more comes out (a frame of exactly one
                // output buffer, 128 KiB, ends with a full buffer and a finished frame).
                if inBuffer.pos == inBuffer.size, produced < chunk || lastResult == 0 { break }
            } while true
        }
        guard lastResult == 0 else { throw Failure.damaged("the zstd frame is cut short") }
    }
}
