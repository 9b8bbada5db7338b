import Foundation
import Testing
import VaultCore

/// A 1x1 PNG, as LociApp would send it.
private let pngBase64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
private let pngBytes = Data(base64Encoded: pngBase64)!
private let pngURI = "data:image/png;base64,\(pngBase64)"

/// The JSON text of a location (raw `sequence` text, so odd values can be written).
private func location(_ name: String, sequence: String, image: String? = pngURI, description: String = "") -> String {
    let picture = image.map { #", "image": {"format": "base64", "data": "\#($0)"}"# } ?? ""
    return #"{"name": "\#(name)", "description": "\#(description)", "sequence": \#(sequence)\#(picture)}"#
}

private func file(_ locations: [String], name: String = "Home walk") -> Data {
    Data(#"{"itineraries": [{"name": "\#(name)", "description": "d", "locations": [\#(locations.joined(separator: ", "))]}]}"#.utf8)
}

/// The message `read` refuses `data` with (nil when it reads).
private func refusal(_ data: Data, pick: String? = nil) -> String? {
    do {
        _ = try LociAppFormat.read(data, file: "walk.json", pick: pick)
        return nil
    } catch let error as VaultCoreError {
        return error.errorDescription ?? "\(error)"
    } catch {
        return "\(error)"
    }
}

@Suite("Memory palaces: the LociApp format, file names, folders and SM-2 replay")
struct LociTests {
    // MARK: Refusals

    @Test("invalid JSON is refused with its line and column")
    func invalidJSON() throws {
        let text = "{\"itineraries\": [\n  {\"name\": \"x\",, }\n]}"
        let m = try #require(refusal(Data(text.utf8)))
        #expect(m.hasPrefix("walk.json: line 2, column "), "\(m)")
        #expect(m.contains("not valid JSON"))
        #expect(m.hasSuffix("Nothing was written."))
    }

    @Test("a missing 'locations' and a location without a name are refused naming the field")
    func missingFields() throws {
        let noLocations = Data(#"{"itineraries": [{"name": "Home walk"}]}"#.utf8)
        #expect(refusal(noLocations) == "walk.json: itinerary 'Home walk': the field 'locations' is missing. Nothing was written.")
        let noName = file([location("Door", sequence: "1"), #"{"sequence": 2}"#])
        #expect(refusal(noName) == "walk.json: itinerary 'Home walk', location 2: the field 'name' is missing. Nothing was written.")
        #expect(refusal(Data(#"{"walks": []}"#.utf8))?.contains("'itineraries' is missing") == true)
    }

    @Test("a sequence that is not a whole number from 1 is refused", arguments: ["0", "-1", "2.5", "\"3\"", "true", "null"])
    func badSequence(_ sequence: String) throws {
        let m = try #require(refusal(file([location("Door", sequence: sequence)])))
        #expect(m.contains("itinerary 'Home walk', location 1 ('Door')"), "\(m)")
        #expect(m.contains("the field 'sequence'"), "\(m)")
    }

    @Test("sequences 1 and 2.0 are taken; a duplicate sequence is refused naming both locations")
    func duplicateSequence() throws {
        let fine = try LociAppFormat.read(file([location("B", sequence: "2.0"), location("A", sequence: "1")]), file: "walk.json", pick: nil)
        #expect(fine.locations.map(\.sequence) == [1, 2])
        #expect(fine.locations.map(\.name) == ["A", "B"])
        let m = refusal(file([location("Door", sequence: "1"), location("Hall", sequence: "2"), location("Sofa", sequence: "1")]))
        #expect(m == "walk.json: itinerary 'Home walk', location 3 ('Sofa'): the field 'sequence' is 1, as for 'Door'; each location needs its own. Nothing was written.")
    }

    @Test("bad base64 and bytes that are not a picture are refused naming image.data")
    func badPictures() throws {
        let bad = refusal(file([location("Door", sequence: "1", image: "data:image/png;base64,@@@not base64@@@")]))
        #expect(bad == "walk.json: itinerary 'Home walk', location 1 ('Door'): the field 'image.data' is not valid base64. Nothing was written.")
        let text = Data("hello, this is not a picture".utf8).base64EncodedString()
        let notImage = refusal(file([location("Door", sequence: "1", image: "data:image/png;base64,\(text)")]))
        #expect(notImage == "walk.json: itinerary 'Home walk', location 1 ('Door'): the bytes of 'image.data' are not a PNG, JPEG, GIF or WebP picture. Nothing was written.")
        // A data URI that claims JPEG but holds a PNG keeps the bytes' type.
        let claimed = try LociAppFormat.read(
            file([location("Door", sequence: "1", image: "data:image/jpeg;base64,\(pngBase64)")]), file: "walk.json", pick: nil)
        #expect(claimed.locations[0].image == LociImage(bytes: pngBytes, kind: .png))
    }

    @Test("several itineraries: no pick lists them, an unknown pick is refused, a pick in another case is taken")
    func picking() throws {
        let two = Data(
            #"{"itineraries": [{"name": "Home walk", "locations": [\#(location("Door", sequence: "1"))]}, {"name": "Office", "locations": [\#(location("Desk", sequence: "1"))]}]}"#.utf8)
        #expect(try LociAppFormat.names(in: two, file: "walk.json") == ["Home walk", "Office"])
        #expect(refusal(two) == "walk.json: the file holds 2 itineraries ('Home walk', 'Office'); pick one with --itinerary NAME. Nothing was written.")
        #expect(refusal(two, pick: "Garden") == "walk.json: no itinerary is named 'Garden'; the file holds 'Home walk', 'Office'. Nothing was written.")
        let office = try LociAppFormat.read(two, file: "walk.json", pick: "office")
        #expect(office.name == "Office")
        #expect(office.locations.map(\.name) == ["Desk"])
    }

    @Test("a location name that is no file name is refused")
    func badLocationName() throws {
        #expect(refusal(file([location("..", sequence: "1")])) == "walk.json: itinerary 'Home walk', location 1 ('..'): the field 'name' is '..', which would leave the folder. Nothing was written.")
        #expect(refusal(file([location("Door", sequence: "1")], name: "a/b"))?.contains("itinerary 'a/b': the field 'name' holds a slash") == true)
    }

    // MARK: Names and pictures

    @Test("file names that leave the folder, hide, or Windows cannot store are refused")
    func fileNames() {
        #expect(LociFileName.problem("..") == "is '..', which would leave the folder")
        #expect(LociFileName.problem("a/b") == "holds a slash, which would make a folder")
        #expect(LociFileName.problem("a\\b") == "holds a slash, which would make a folder")
        #expect(LociFileName.problem("CON") == "is a device name that Windows reserves")
        #expect(LociFileName.problem("nul.txt") == "is a device name that Windows reserves")
        #expect(LociFileName.problem("Lpt9") == "is a device name that Windows reserves")
        #expect(LociFileName.problem("a\u{1}b") == "holds the control character U+0001")
        #expect(LociFileName.problem(".hidden") == "starts with '.', which hides it")
        #expect(LociFileName.problem("door.") == "ends with a space or a dot, which Windows cannot store")
        #expect(LociFileName.problem(String(repeating: "é", count: 101)) == "is longer than 200 bytes")
        #expect(LociFileName.problem("ok name") == nil)
        #expect(LociFileName.problem("console") == nil)
        #expect(LociFileName.problem("Küche 2") == nil)
    }

    @Test("picture types are told by their first bytes")
    func sniff() {
        #expect(LociImage.Kind.sniff(pngBytes) == .png)
        #expect(LociImage.Kind.sniff(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == .jpeg)
        #expect(LociImage.Kind.sniff(Data("GIF89a\u{1}\0\u{1}\0".utf8)) == .gif)
        #expect(LociImage.Kind.sniff(Data("GIF87a".utf8)) == .gif)
        #expect(LociImage.Kind.sniff(Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(LociImage.Kind.sniff(Data("RIFF\0\0\0\0WAVEfmt ".utf8)) == nil)
        #expect(LociImage.Kind.sniff(Data("GIF90a".utf8)) == nil)
        #expect(LociImage.Kind.sniff(Data([0x89, 0x50, 0x4E, 0x47])) == nil)
        #expect(LociImage.Kind.sniff(Data("garbage bytes".utf8)) == nil)
        #expect(LociImage.Kind.sniff(Data()) == nil)
        #expect(LociImage(bytes: pngBytes, kind: .png).pixelSize.map { [$0.width, $0.height] } == [1, 1])
    }

    // MARK: Round trips

    func sample() -> LociItinerary {
        let gif = LociImage(bytes: Data("GIF89a\u{2}\0\u{3}\0rest".utf8), kind: .gif)
        return LociItinerary(
            name: "Home walk", description: "The flat, from the door.", image: LociImage(bytes: pngBytes, kind: .png),
            locations: [
                LociLocation(sequence: 10, name: "Balcony", description: "Plants.\n\nAnd a *chair*.", image: gif),
                LociLocation(sequence: 1, name: "Front door", description: "Red, with a brass knocker.", image: LociImage(bytes: pngBytes, kind: .png)),
                LociLocation(sequence: 2, name: "Hall [left]", description: "", image: nil),
            ])
    }

    @Test("write then read gives the same itinerary, pictures included")
    func writeReadRoundTrip() throws {
        let itinerary = sample()
        let data = LociAppFormat.write(itinerary)
        let back = try LociAppFormat.read(data, file: "out.json", pick: nil)
        #expect(back == itinerary)
        #expect(back.locations.map(\.sequence) == [1, 2, 10])
        #expect(back.locations[2].image?.kind == .gif)
        #expect(String(decoding: data, as: UTF8.self).contains("data:image/gif;base64,"))
    }

    @Test("the folder's files read back as sequence, picture and description")
    func folderRoundTrip() throws {
        let itinerary = sample()
        let files = LociFolder.files(
            itinerary, ids: [0: "id-index", 1: "id-1", 2: "id-2", 10: "id-10"],
            created: [0: "2026-11-18", 1: "2026-11-18", 2: "2026-11-18", 10: "2026-11-18"])
        #expect(
            files.map(\.name) == [
                "Home walk.md", "cover.png", "01 Front door.md", "01.png", "02 Hall [left].md", "10 Balcony.md", "10.gif",
            ])
        func note(_ name: String) throws -> (fields: [String: String], heading: String?, description: String) {
            let file = try #require(files.first { $0.name == name })
            return LociFolder.read(note: String(decoding: file.bytes, as: UTF8.self))
        }
        let index = try note("Home walk.md")
        #expect(index.fields["loci"] == "itinerary")
        #expect(index.fields["id"] == "id-index")
        #expect(index.heading == "Home walk")
        #expect(index.description == "The flat, from the door.")
        let door = try note("01 Front door.md")
        #expect(door.fields["loci"] == "location")
        #expect(door.fields["sequence"] == "1")
        #expect(door.fields["image"] == "01.png")
        #expect(door.fields["itinerary"] == "Home walk")
        #expect(door.fields["id"] == "id-1")
        #expect(door.heading == "Front door")
        #expect(door.description == "Red, with a brass knocker.")
        let hall = try note("02 Hall [left].md")
        #expect(hall.fields["sequence"] == "2")
        #expect(hall.fields["image"] == nil)
        #expect(hall.heading == "Hall [left]")
        #expect(hall.description == "")
        let balcony = try note("10 Balcony.md")
        #expect(balcony.fields["image"] == "10.gif")
        #expect(balcony.description == "Plants.\n\nAnd a *chair*.")
        #expect(files.first { $0.name == "10.gif" }?.bytes == itinerary.locations[2].image?.bytes)
        #expect(files.first { $0.name == "cover.png" }?.bytes == pngBytes)
    }

    // MARK: SM-2 across modes

    let t0 = Date(timeIntervalSince1970: 1_794_000_000)

    func walk() -> LociWalk {
        LociWalk(
            name: "Home walk", description: "", folder: "loci/Home walk", indexPath: "loci/Home walk/Home walk.md", image: nil,
            stops: (1...4).reversed().map {
                LociStop(sequence: $0, name: "L\($0)", description: "", path: "loci/Home walk/0\($0) L\($0).md", key: "id-\($0)", image: nil)
            })
    }

    @Test("a '## Walk' line in a description and an image that opens one are kept when the notes are read back")
    func descriptionsKeepTheirOwnMarkup() throws {
        let itinerary = LociItinerary(
            name: "Odd", description: "Intro\n\n## Walk\n\nmore text", image: nil,
            locations: [
                LociLocation(sequence: 1, name: "A", description: "![x](y.png)\nafter", image: nil),
                LociLocation(sequence: 2, name: "B", description: "plain", image: LociImage(bytes: pngBytes, kind: .png)),
            ])
        let files = LociFolder.files(itinerary, ids: [0: "i", 1: "a", 2: "b"], created: [:])
        func note(_ name: String) throws -> String {
            String(decoding: try #require(files.first { $0.name == name }).bytes, as: UTF8.self)
        }
        #expect(LociFolder.read(note: try note("Odd.md")).description == "Intro\n\n## Walk\n\nmore text")
        #expect(LociFolder.read(note: try note("01 A.md")).description == "![x](y.png)\nafter")
        #expect(LociFolder.read(note: try note("02 B.md")).description == "plain", "the picture line import wrote goes")
    }

    @Test("review and reverse move one state: 5 then 5 gives 1 then 6 days; a reverse 2 resets it")
    func sharedState() throws {
        let walk = walk()
        let stop = try #require(walk.stop(3))
        var states = LociStates(ratings: [])
        let first = states.rating(stop, of: walk, mode: .review, quality: 5, at: t0)
        #expect(first.before == .new)
        #expect(first.after.interval == 1)
        states.record(first)
        let second = states.rating(stop, of: walk, mode: .reverse, quality: 5, at: t0.addingTimeInterval(86_400), answer: 3)
        #expect(second.before.interval == 1 && second.before.repetitions == 1)
        #expect(second.after.interval == 6)
        #expect(second.after.repetitions == 2)
        #expect(second.right == true)
        states.record(second)
        #expect(states.state("id-3").interval == 6)
        #expect(states.state("id-3").repetitions == 2)
        #expect(states.state("id-3").due == t0.addingTimeInterval(86_400 * 7))
        let third = states.rating(stop, of: walk, mode: .reverse, quality: 2, at: t0.addingTimeInterval(86_400 * 8), answer: 4)
        #expect(third.right == false)
        states.record(third)
        #expect(states.state("id-3").interval == 1)
        #expect(states.state("id-3").repetitions == 0)
        #expect(abs(states.state("id-3").easeFactor - 2.38) < 0.001)
        // Replaying the three ratings from scratch gives the same state.
        let replayed = LociStates(ratings: [first, second, third])
        #expect(replayed.state("id-3") == states.state("id-3"))
        #expect(replayed.answers["id-3"]?.map(\.mode) == [.review, .reverse, .reverse])
        #expect(replayed.state("id-1") == .new)
    }

    @Test("a rating survives the trip through a ledger event")
    func ratingEvent() throws {
        let walk = walk()
        let states = LociStates(ratings: [])
        let rating = states.rating(try #require(walk.stop(2)), of: walk, mode: .reverse, quality: 4, at: t0, answer: 7)
        let fields = Dictionary(uniqueKeysWithValues: rating.fields.map { ($0.key, $0.value) })
        #expect(fields["mode"] == "reverse")
        #expect(fields["answer"] == "7")
        #expect(fields["right"] == "no")
        #expect(fields["interval"] == "1")
        #expect(fields["location"] == "id-2")
        #expect(LociRating.kind == "loci-rate")
    }

    @Test("review order: the due stops first, the longest overdue first, then the rest in walking order")
    func reviewOrder() throws {
        let walk = walk()
        var states = LociStates(ratings: [])
        // 4 answered first (due day 1), then 2 (due day 1, an hour later); 1 answered with a 6-day interval.
        for (sequence, offset) in [(4, 0.0), (2, 3600.0)] {
            states.record(states.rating(walk.stop(sequence)!, of: walk, mode: .review, quality: 4, at: t0.addingTimeInterval(offset)))
        }
        let one = walk.stop(1)!
        states.record(states.rating(one, of: walk, mode: .review, quality: 5, at: t0))
        states.record(states.rating(one, of: walk, mode: .review, quality: 5, at: t0.addingTimeInterval(60)))
        #expect(states.reviewOrder(walk, at: t0).map(\.sequence) == [1, 2, 3, 4], "nothing due yet: walking order")
        let later = t0.addingTimeInterval(2 * 86_400)
        #expect(states.isDue(walk.stop(4)!, at: later))
        #expect(!states.isDue(walk.stop(3)!, at: later), "never answered is not due")
        #expect(!states.isDue(one, at: later))
        #expect(states.reviewOrder(walk, at: later).map(\.sequence) == [4, 2, 1, 3])
    }
}
