import Foundation
import VaultCore

/// The search query parser on arbitrary text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    _ = try? SearchQueryParser.parse(text)
    return 0
}
