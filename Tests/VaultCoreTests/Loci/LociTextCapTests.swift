import Foundation
import Testing
import VaultCore

/// Issue 34: an itinerary description of hundreds of megabytes was taken,
/// and every later `vault status` read it. Every text field has a cap.
@Suite("Memory palaces: imported text is capped")
struct LociTextCapTests {
    func itinerary(description: String = "d", locationDescription: String = "", locations: Int = 1) -> Data {
        let items = (1...locations).map {
            #"{"name": "Stop \#($0)", "description": "\#(locationDescription)", "sequence": \#($0)}"#
        }
        return Data(
            #"{"itineraries": [{"name": "Walk", "description": "\#(description)", "locations": [\#(items.joined(separator: ", "))]}]}"#
                .utf8)
    }

    func refusal(_ data: Data) -> String? {
        do {
            _ = try LociAppFormat.read(data, file: "walk.json", pick: nil)
            return nil
        } catch {
            return (error as? VaultCoreError)?.errorDescription ?? "\(error)"
        }
    }

    @Test("a description past 64 KB is refused, naming the field and the place; 64 KB is taken")
    func descriptionCap() throws {
        let limit = LociAppFormat.maximumTextBytes
        #expect(refusal(itinerary(description: String(repeating: "a", count: limit))) == nil)
        let message = try #require(refusal(itinerary(description: String(repeating: "a", count: limit + 1))))
        #expect(message.contains("'description'"))
        #expect(message.contains("64 KB"))
        #expect(message.contains("Walk"))
        let location = try #require(refusal(itinerary(locationDescription: String(repeating: "é", count: limit / 2 + 1))))
        #expect(location.contains("location 1"))
    }

    @Test("many fields each under the cap cannot add up past the itinerary's text cap")
    func totalCap() throws {
        let each = String(repeating: "b", count: 60 * 1024)
        let count = LociAppFormat.maximumItineraryTextBytes / (60 * 1024) + 2
        let message = try #require(refusal(itinerary(locationDescription: each, locations: count)))
        #expect(message.contains("16 MB"))
    }
}
