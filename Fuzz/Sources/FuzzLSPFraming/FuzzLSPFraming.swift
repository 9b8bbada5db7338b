import Foundation
import VaultLSP

/// The language server's base protocol on arbitrary bytes (issue 48): the
/// framer fed in pieces whose sizes the input's first byte sets, then every
/// whole frame read as a JSON-RPC message. A crash, a hang or a leak stops
/// the fuzzer; a frame past the limit is skipped, never held.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLSPFraming(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start + 1, count: count - 1)
    let piece = Int(start[0]) + 1
    var framer = MessageFramer(limit: 1 << 20)
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + piece)
        for frame in framer.push(bytes[offset..<end]) {
            if case .message(let content) = frame { _ = try? RPCMessage.read(content) }
        }
        offset = end
    }
    _ = framer.holdsPartialMessage
    return 0
}
