import Foundation
import VaultAnki

/// The Anki package reader on arbitrary bytes (issue 48): the first byte
/// chooses the part, the rest is its input. 0: a whole package (the zip,
/// then whatever it holds, within a budget of 64 MB and half a second); 1: zstd frames
/// (at most 16 MB out); 2: a SQLite database read as a collection (half a second).
/// Every refusal is an error; a crash, a hang past `-timeout` or a leak
/// stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnki(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let data = Data(UnsafeBufferPointer(start: start + 1, count: count - 1))
    switch start[0] % 3 {
    case 0: _ = try? AnkiPackageFile.Parts.package(data, unpackedBytes: 64 << 20, seconds: 0.5)
    case 1: _ = try? AnkiPackageFile.Parts.zstd(data, limit: 16 << 20)
    default: _ = try? AnkiPackageFile.Parts.database(data, seconds: 0.5)
    }
    return 0
}
