import Foundation
import VaultCore

@testable import VaultApp

/// Memory palaces for the loci tests: itineraries, their folders as
/// import writes them, and pictures.
enum LociFixture {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 9, 9, 9])

    /// An itinerary with a cover and the locations of `sequences`, the first with a picture.
    static func itinerary(_ name: String = "Home walk", sequences: [Int] = [1, 2]) -> LociItinerary {
        LociItinerary(
            name: name, description: "Through the house.", image: LociImage(bytes: jpeg, kind: .jpeg),
            locations: sequences.map {
                LociLocation(
                    sequence: $0, name: "Place \($0)", description: "Stop \($0).",
                    image: $0 == sequences.first ? LociImage(bytes: png, kind: .png) : nil)
            })
    }

    /// The files of `itinerary` written into `folder`, ids `loc-<sequence>` (`loc-0` for the index).
    static func folder(_ itinerary: LociItinerary, in folder: String) -> [String: Data] {
        let ids = Dictionary(uniqueKeysWithValues: ([0] + itinerary.locations.map(\.sequence)).map { ($0, "loc-\($0)") })
        let created = ids.mapValues { _ in "2026-11-01T09:00:00" }
        var files: [String: Data] = [:]
        for file in LociFolder.files(itinerary, ids: ids, created: created) { files[folder + "/" + file.name] = file.bytes }
        return files
    }

    /// The notes among `files` (the `.md` ones), parsed.
    static func notes(_ files: [String: Data]) -> [Note] {
        Fixture.notes(files.filter { $0.key.hasSuffix(".md") }.mapValues { String(decoding: $0, as: UTF8.self) })
    }
}
