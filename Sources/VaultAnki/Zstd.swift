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
    ///
    /// The input is whole once every byte is read and the last frame is
    /// finished and flushed (libzstd answers 0); a frame that ends exactly
    /// where an output chunk fills up (a multiple of 128 KiB) is whole too:
    /// the next call, with nothing left to read, produces nothing and is not
    /// taken for a frame cut short.
    /// - Throws: ``Failure`` for a damaged frame or one that unpacks past `limit`; what `sink` throws.
    static func decompress(_ packed: Data, limit: Int, into sink: (ArraySlice<UInt8>) throws -> Void) throws {
        guard let stream = ZSTD_createDStream() else { throw Failure.damaged("zstd cannot start") }
        defer { ZSTD_freeDStream(stream) }
        ZSTD_initDStream(stream)
        guard !packed.isEmpty else { throw Failure.damaged("the zstd data is empty") }
        var total = 0
        let chunk = ZSTD_DStreamOutSize()
        var buffer = [UInt8](repeating: 0, count: chunk)
        // Whether the last frame read so far is finished and flushed.
        var frameDone = false
        var allRead = false
        try packed.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            while true {
                let before = inBuffer.pos
                let (produced, result): (Int, Int) = try buffer.withUnsafeMutableBytes { out in
                    var outBuffer = ZSTD_outBuffer(dst: out.baseAddress, size: out.count, pos: 0)
                    let result = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    if ZSTD_isError(result) != 0 {
                        throw Failure.damaged(String(cString: ZSTD_getErrorName(result)))
                    }
                    return (outBuffer.pos, result)
                }
                total += produced
                guard total <= limit else { throw Failure.tooLarge }
                if produced > 0 { try sink(buffer[0..<produced]) }
                frameDone = result == 0
                allRead = inBuffer.pos == inBuffer.size
                // Done: all read and the last frame flushed. No progress (nothing read, nothing
                // written): the input stops inside a frame. Otherwise a full buffer may hold more.
                if allRead && frameDone { break }
                if produced == 0 && inBuffer.pos == before { break }
            }
        }
        guard frameDone, allRead else { throw Failure.damaged("the zstd frame is cut short") }
    }
}
