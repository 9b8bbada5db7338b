import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Loci importing")
struct LociImportingTests {
    let files = MemoryFiles()
    let ids = CountingIDs()

    func importing() -> LociImporting {
        let notes = LociFixture.notes(files.all)
        return LociImporting(Fixture.context(notes, files: files, newIDs: ids))
    }

    func plan(_ itinerary: LociItinerary, into: String? = nil, update: Bool = false) throws -> LociImporting.Plan {
        try importing().plan(
            reading: { LociAppFormat.write(itinerary) }, file: "home.json", pick: nil, into: into, update: update)
    }

    func fields(_ path: String) -> [String: String] {
        LociFolder.read(note: String(decoding: files.all[path] ?? Data(), as: UTF8.self)).fields
    }

    @Test("a new itinerary is planned into loci/ with ids from the id generator and the moment as created date")
    func newPlan() throws {
        let plan = try plan(LociFixture.itinerary())
        #expect(plan.folder == "loci/Home walk")
        #expect(!plan.replacing && plan.kept == 0)
        #expect(plan.imageBytes == LociFixture.png.count + LociFixture.jpeg.count)
        #expect(ids.count == 3)
        #expect(files.all.isEmpty, "planning writes nothing")
        try importing().write(plan)
        #expect(fields("loci/Home walk/Home walk.md")["id"] == "00000000-0000-4000-8000-000000000001")
        #expect(fields("loci/Home walk/01 Place 1.md")["id"] == "00000000-0000-4000-8000-000000000002")
        #expect(fields("loci/Home walk/02 Place 2.md")["id"] == "00000000-0000-4000-8000-000000000003")
        #expect(fields("loci/Home walk/01 Place 1.md")["created"] == VaultDate.isoString(Fixture.now, in: Fixture.zone))
        #expect(files.all["loci/Home walk/01.png"] == LociFixture.png)
        #expect(files.all["loci/Home walk/cover.jpg"] == LociFixture.jpeg)
    }

    @Test("--into chooses the folder; a folder name that leaves the rules is refused")
    func into() throws {
        #expect(try plan(LociFixture.itinerary(), into: "/palaces/").folder == "palaces/Home walk")
        #expect(try plan(LociFixture.itinerary(), into: "").folder == "Home walk")
        #expect(throws: VaultCoreError.self) { try plan(LociFixture.itinerary(), into: "../out") }
    }

    @Test("an itinerary already imported is refused without --update")
    func exists() throws {
        try importing().write(try plan(LociFixture.itinerary()))
        #expect(throws: AppError.itineraryExists(name: "Home walk", folder: "loci/Home walk")) {
            try plan(LociFixture.itinerary())
        }
    }

    @Test("a folder that is there but holds no itinerary is refused even with --update")
    func notAnItinerary() throws {
        try files.writeFolder([VaultFile(name: "notes.md", bytes: Data("# Notes\n".utf8))], at: "loci/Home walk", replacing: false)
        #expect(throws: VaultCoreError.self) { try plan(LociFixture.itinerary(), update: true) }
    }

    @Test("--update keeps the ids and created dates of the index and the sequences kept; new sequences get new ids")
    func update() throws {
        try importing().write(try plan(LociFixture.itinerary(sequences: [1, 2])))
        let created = fields("loci/Home walk/01 Place 1.md")["created"]
        let later = LociImporting(
            Fixture.context(
                LociFixture.notes(files.all), now: Fixture.now.addingTimeInterval(86_400), files: files, newIDs: ids))
        let plan = try later.plan(
            reading: { LociAppFormat.write(LociFixture.itinerary(sequences: [1, 3])) }, file: "home.json", pick: nil,
            into: nil, update: true)
        #expect(plan.replacing && plan.kept == 1)
        try later.write(plan)
        #expect(fields("loci/Home walk/Home walk.md")["id"] == "00000000-0000-4000-8000-000000000001")
        #expect(fields("loci/Home walk/01 Place 1.md")["id"] == "00000000-0000-4000-8000-000000000002")
        #expect(fields("loci/Home walk/01 Place 1.md")["created"] == created)
        #expect(fields("loci/Home walk/03 Place 3.md")["id"] == "00000000-0000-4000-8000-000000000004")
        #expect(files.all["loci/Home walk/02 Place 2.md"] == nil, "the folder is replaced whole")
    }

    @Test("export reads the pictures back through the files port")
    func export() throws {
        try importing().write(try plan(LociFixture.itinerary()))
        let walk = try LociPalaces(Fixture.context(LociFixture.notes(files.all), files: files)).walk("Home walk")
        let itinerary = try importing().export(walk)
        #expect(itinerary.name == "Home walk" && itinerary.description == "Through the house.")
        #expect(itinerary.image == LociImage(bytes: LociFixture.jpeg, kind: .jpeg))
        #expect(itinerary.locations.map(\.sequence).sorted() == [1, 2])
        #expect(itinerary.locations.first { $0.sequence == 1 }?.image == LociImage(bytes: LociFixture.png, kind: .png))
        try files.rewrite("loci/Home walk/01.png") { _ in Data() }
        let emptied = try importing().export(walk)
        #expect(emptied.locations.first { $0.sequence == 1 }?.image?.bytes == Data())
    }
}
