import Foundation
import VaultCore

/// A LociApp itinerary file (`vault import loci` reads it from anywhere) and,
/// when it reads, the folder it would become read back as notes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoci(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    if let itinerary = try? LociAppFormat.read(data, file: "fuzz.json", pick: nil) {
        let ids = Dictionary(uniqueKeysWithValues: ([0] + itinerary.locations.map(\.sequence)).map { ($0, "id\($0)") })
        for file in LociFolder.files(itinerary, ids: ids, created: [:]) where file.name.hasSuffix(".md") {
            _ = LociFolder.read(note: String(decoding: file.bytes, as: UTF8.self))
        }
    }
    _ = LociFolder.read(note: String(decoding: data, as: UTF8.self))
    return 0
}
