import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Vault search")
struct VaultSearchTests {
    static func hit(_ path: String) -> SearchHit {
        SearchHit(path: path, id: nil, title: path, category: nil, tags: [], created: nil, score: 1, snippet: Snippet(parts: []))
    }

    let search = MemorySearch()

    func context() throws -> AppContext {
        search.hits = [Self.hit("a.md"), Self.hit("b.md"), Self.hit("d.md")]
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .archive))
        return Fixture.context(Fixture.weekNotes, ledger: ledger, search: search)
    }

    @Test("the cache is freshened first, and a text query marks no curation state")
    func plainQuery() throws {
        let hits = try VaultSearch.run(try context(), query: try SearchQueryParser.parse("habit"), limit: nil, pathsOnly: false)
        #expect(search.freshened == 1)
        #expect(search.marks.isEmpty)
        #expect(hits.map(\.path) == ["a.md", "b.md", "d.md"])
    }

    @Test("cycle: and archived: filters give the cache every note's cycle from the ledger")
    func curationFilters() throws {
        for text in ["cycle:weekly", "-archived:yes habit"] {
            let search = MemorySearch()
            let context = try context()
            let fresh = AppContext(
                notes: context.notes, ledger: context.ledger, ids: context.ids, config: context.config, now: context.now,
                search: search)
            _ = try VaultSearch.run(fresh, query: try SearchQueryParser.parse(text), limit: nil, pathsOnly: false)
            let marks = Dictionary(uniqueKeysWithValues: search.marks.map { ($0.path, $0) })
            #expect(marks.count == 4, "\(text)")
            #expect(marks["a.md"] == SearchMark(path: "a.md", cycle: .weekly, archived: false))
            #expect(marks["b.md"] == SearchMark(path: "b.md", cycle: .daily, archived: true))
            #expect(marks["d.md"] == SearchMark(path: "d.md", cycle: .daily, archived: false))
        }
    }

    @Test("other filters need no ledger; the limit is passed on")
    func limit() throws {
        let hits = try VaultSearch.run(try context(), query: try SearchQueryParser.parse("tag:habits"), limit: 2, pathsOnly: true)
        #expect(search.marks.isEmpty)
        #expect(hits.map(\.path) == ["a.md", "b.md"])
        #expect(search.asked.map(\.limit) == [2])
        #expect(search.asked.map(\.pathsOnly) == [true])
    }
}
