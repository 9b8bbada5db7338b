import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Vault statistics")
struct VaultStatsTests {
    static let texts: [String: String] = [
        "deck/a.md": Fixture.text([("id", Fixture.idA), ("created", "2026-11-10T09:00:00"), ("category", "Health")], "# A\n"),
        "deck/b.md": Fixture.text([("id", Fixture.idB), ("created", "2026-11-11T09:00:00"), ("category", "Health")], "# B\n"),
        "other/d.md": Fixture.text([("id", Fixture.idD), ("created", "2026-11-17T09:00:00"), ("category", "Finance")], "# D\n"),
    ]
    static let cards = [
        Fixture.card("c1", "deck/a.md", noteID: Fixture.idA, question: "One?"),
        Fixture.card("c2", "deck/b.md", noteID: Fixture.idB, question: "Two?"),
        Fixture.card("c3", "other/d.md", noteID: Fixture.idD, question: "Three?"),
    ]

    func context() throws -> AppContext {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating("c1", note: Fixture.idA, at: Fixture.now.addingTimeInterval(-3600), .good))
        try ledger.append(Fixture.rating("c3", note: Fixture.idD, at: Fixture.now.addingTimeInterval(-1800), .again))
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        return Fixture.context(Fixture.notes(Self.texts), cards: Self.cards, ledger: ledger)
    }

    @Test("the whole vault: its notes, cards and answers")
    func whole() throws {
        let stats = VaultStats.load(try context(), folder: nil, days: 30)
        #expect(stats.notes.total == 3)
        #expect(stats.cards.total == 3)
        #expect(stats.reviews.total == 2)
        #expect(stats.days == 30)
        #expect(stats.loci.itineraries.isEmpty)
    }

    @Test("a folder keeps to its notes, cards and their answers")
    func folder() throws {
        let stats = VaultStats.load(try context(), folder: "deck", days: 30)
        #expect(stats.notes.total == 2)
        #expect(stats.cards.total == 2)
        #expect(stats.reviews.total == 1)
    }

    @Test("the days asked for are kept between a week and a year")
    func days() throws {
        #expect(VaultStats.load(try context(), folder: nil, days: 2).days == 7)
        #expect(VaultStats.load(try context(), folder: nil, days: 1000).days == 365)
    }

    @Test("memory palaces under the folder are counted from the files port")
    func palaces() throws {
        let files = LociFixture.folder(LociFixture.itinerary(), in: "deck/Home walk")
        let context = Fixture.context(LociFixture.notes(files) + Fixture.notes(Self.texts), files: MemoryFiles(files))
        #expect(VaultStats.load(context, folder: nil, days: 30).loci.itineraries.map(\.locations) == [2])
        #expect(VaultStats.load(context, folder: "other", days: 30).loci.itineraries.isEmpty)
    }
}
