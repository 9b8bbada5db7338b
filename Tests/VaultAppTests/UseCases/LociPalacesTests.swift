import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Loci palaces")
struct LociPalacesTests {
    let ledger = MemoryLedger(timeZone: Fixture.zone)

    func palaces(_ files: [String: Data], notes: [Note]? = nil) -> LociPalaces {
        let memory = MemoryFiles(files)
        return LociPalaces(Fixture.context(notes ?? LociFixture.notes(files), ledger: ledger, files: memory))
    }

    @Test("an itinerary's walk is read through the files port: name, description, stops in order, pictures")
    func walks() throws {
        let files = LociFixture.folder(LociFixture.itinerary(), in: "loci/Home walk")
        let walk = try #require(palaces(files).walks.first)
        #expect(walk.name == "Home walk")
        #expect(walk.description == "Through the house.")
        #expect(walk.folder == "loci/Home walk")
        #expect(walk.indexPath == "loci/Home walk/Home walk.md")
        #expect(walk.image == "loci/Home walk/cover.jpg")
        #expect(walk.stops.map(\.sequence).sorted() == [1, 2])
        let first = try #require(walk.stop(1))
        #expect(first.name == "Place 1" && first.description == "Stop 1.")
        #expect(first.key == "loc-1")
        #expect(first.image == "loci/Home walk/01.png")
        #expect(walk.stop(2)?.image == nil)
    }

    @Test("the cover is the picture the files port says exists; none without one")
    func cover() throws {
        var files = LociFixture.folder(LociFixture.itinerary(), in: "loci/Home walk")
        files["loci/Home walk/cover.jpg"] = nil
        #expect(palaces(files).walks.first?.image == nil)
        files["loci/Home walk/cover.webp"] = Data([1])
        #expect(palaces(files).walks.first?.image == "loci/Home walk/cover.webp")
    }

    @Test("a note named as its folder without the itinerary marker, and notes the files port cannot read, are no palace")
    func notItineraries() throws {
        let files = LociFixture.folder(LociFixture.itinerary(), in: "loci/Home walk")
        let other = ["books/books.md": Data("# Books\n".utf8)]
        #expect(palaces(other).walks.isEmpty)
        // The notes are listed but their files are gone.
        let gone = palaces([:], notes: LociFixture.notes(files))
        #expect(gone.walks.isEmpty)
    }

    @Test("walks are sorted by name and found by name in any case or by folder")
    func lookup() throws {
        let files = LociFixture.folder(LociFixture.itinerary("Zoo"), in: "loci/Zoo")
            .merging(LociFixture.folder(LociFixture.itinerary("attic"), in: "palaces/attic")) { a, _ in a }
        let palaces = palaces(files)
        #expect(palaces.walks.map(\.name) == ["attic", "Zoo"])
        #expect(try palaces.walk("zoo").folder == "loci/Zoo")
        #expect(try palaces.walk("palaces/attic/").name == "attic")
        #expect(throws: AppError.noSuchItinerary("garden", known: ["attic", "Zoo"])) { try palaces.walk("garden") }
    }

    @Test("states come from the loci-rate events: a location answered and due counts due, one never answered new")
    func states() throws {
        let files = LociFixture.folder(LociFixture.itinerary(), in: "loci/Home walk")
        let walk = try #require(palaces(files).walks.first)
        let stop = try #require(walk.stop(1))
        let earlier = Fixture.now.addingTimeInterval(-3 * 86_400)
        try ledger.append(LociStates(ratings: []).rating(stop, of: walk, mode: .review, quality: 4, at: earlier))
        let after = palaces(files)
        #expect(after.states.answers["loc-1"]?.count == 1)
        #expect(after.counts(walk) == (due: 1, new: 1))
        #expect(after.dueCount == 1)
        #expect(palaces(files).counts(walk).new == 1)
    }
}
