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
        guard let stream = ZSTD_createDStream() else { throw Failure.damaged("zstd cannot start") }
        defer { ZSTD_freeDStream(stream) }
        ZSTD_initDStream(stream)
        var output = Data()
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
                output.append(contentsOf: buffer[0..<produced])
                guard output.count <= limit else { throw Failure.tooLarge }
                if inBuffer.pos == inBuffer.size, produced < chunk { break }
            } while true
        }
        guard lastResult == 0 else { throw Failure.damaged("the zstd frame is cut short") }
        return output
    }
}
