import Foundation
import VaultCore
import VaultMarkdown
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Hover, references and symbols.
final class LanguageServerNavigationTests: XCTestCase {
    func testHoverOnALinkShowsTheTargetsTitleTagsAndFirstLines() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let hover = lsp.result("textDocument/hover", LSPHarness.at("a.md", 8, 7))
        let text = hover["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(text.hasPrefix("**Beta**\n\n`b.md`\n\n#habits"), text)
        XCTAssertTrue(text.contains("Back to [[Alpha]]."), text)
        XCTAssertEqual(hover["range"]?["start"]?["character"]?.int, 4)
    }

    func testHoverOnABrokenLinkSaysNoNoteHasTheName() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let text = lsp.result("textDocument/hover", LSPHarness.at("a.md", 8, 20))["contents"]?["value"]?.string
        XCTAssertEqual(text, "`Nowhere`: no note has this name.")
    }

    func testHoverOnTheTitleShowsTheCurationStateAndHistory() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = ReviewPeriod(level: .weekly, year: 2026, number: 46)
        try ledger.append(
            CurationEvent(time: Fixture.at("2026-11-16T10:00:00"), note: Fixture.idA, period: week46, decision: .keep))
        let lsp = LSPHarness(Fixture.weekTexts, ledger: ledger)
        let a = lsp.result("textDocument/hover", LSPHarness.at("a.md", 6, 3))["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(a.contains("Curation: weekly"), a)
        XCTAssertTrue(a.contains("Next review: monthly 2026-11 (due on 2026-12-01)"), a)
        XCTAssertTrue(a.contains("History: 1 event, last curate on 2026-11-16"), a)
        let b = lsp.result("textDocument/hover", LSPHarness.at("b.md", 5, 3))["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(b.contains("Curation: daily"), b)
        XCTAssertTrue(b.contains("Next review: weekly 2026-W46 (due since 2026-11-15)"), b)
        XCTAssertTrue(b.contains("History: no events"), b)
    }

    func testHoverOnACardLineShowsItsSchedulerStateDueStabilityAndRetrievability() throws {
        var config = Fixture.config
        config.decks = Decks(folders: ["/"])
        let text = "---\nid: \(Fixture.idA)\ncreated: 2026-11-01\n---\n# Cards\n\nWhat is two and two? :: four\n"
        let card = try XCTUnwrap(CardExtractor.cards(in: Data(text.utf8), notePath: "n.md", noteID: Fixture.idA).first)
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating(card.id, note: Fixture.idA, at: Fixture.at("2026-11-10T10:00:00")))
        let lsp = LSPHarness(["n.md": text], ledger: ledger, config: config)
        let hover = lsp.result("textDocument/hover", LSPHarness.at("n.md", 6, 3))["contents"]?["value"]?.string ?? ""
        // One good answer in FSRS's learning steps: due again the same day.
        XCTAssertTrue(hover.contains("Scheduler: fsrs\nState: learning\nDue: 2026-11-10\nReviews: 1"), hover)
        XCTAssertTrue(hover.contains("Reviews: 1"), hover)
        XCTAssertTrue(hover.contains("Stability: "), hover)
        XCTAssertTrue(hover.contains("Retrievability now: "), hover)
        let blank = lsp.result("textDocument/hover", LSPHarness.at("n.md", 5, 0))
        XCTAssertEqual(blank, .null, "no hover on an empty line")
    }

    func testHoverRetrievabilityCountsWholeDaysSinceTheAnswerAsStudyDoes() throws {
        var config = Fixture.config
        config.decks = Decks(folders: ["/"])
        let text = "---\nid: \(Fixture.idA)\ncreated: 2026-11-01\n---\n# Cards\n\nWhat is two and two? :: four\n"
        let card = try XCTUnwrap(CardExtractor.cards(in: Data(text.utf8), notePath: "n.md", noteID: Fixture.idA).first)
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        // Answered last night at 22:00, twelve hours ago: the day before in the calendar, no whole day in time.
        try ledger.append(Fixture.rating(card.id, note: Fixture.idA, at: Fixture.at("2026-11-17T22:00:00"), .easy))
        let lsp = LSPHarness(["n.md": text], ledger: ledger, config: config)
        let hover = lsp.result("textDocument/hover", LSPHarness.at("n.md", 6, 3))["contents"]?["value"]?.string ?? ""
        let schedule = try XCTUnwrap(ledger.cardSchedules(cards: [card], config: config.schedulers)[card.id])
        let r = try XCTUnwrap(schedule.retrievability(at: Fixture.now))
        XCTAssertEqual(r, 1, "no whole day since the answer")
        XCTAssertTrue(hover.contains("Retrievability now: 100%"), hover)
    }

    func testReferencesOnANoteAreItsBacklinksWithTheirPlaces() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let found = lsp.result("textDocument/references", LSPHarness.at("b.md", 0, 0)).array ?? []
        XCTAssertEqual(found.map { $0["uri"]?.string ?? "" }, [LSPHarness.uri("a.md")])
        XCTAssertEqual(
            found.first?["range"],
            ["start": ["line": 8, "character": 4], "end": ["line": 8, "character": 12]] as JSONValue)
    }

    func testReferencesOnAHeadingAreTheLinksToThatHeadingOnly() {
        let texts = [
            "n.md": "# N\n\n## Part\n",
            "x.md": "[[n#Part]] and [[n]] and [[n#part|p]]\n",
        ]
        let lsp = LSPHarness(texts)
        let found = lsp.result("textDocument/references", LSPHarness.at("n.md", 2, 4)).array ?? []
        XCTAssertEqual(found.map { $0["range"]?["start"]?["character"]?.int ?? -1 }, [0, 25])
    }

    /// Three notes linking to `b.md` (`Beta`, alias `Second`) in three ways, and one that does not.
    static let backlinkTexts = [
        "a.md": "# Alpha\n\nSee [[b]].\n",
        "b.md": "---\naliases: [Second]\n---\n# Beta\n",
        "c.md": "# Gamma\n\nAlso [[Second]].\n",
        "d.md": "# Delta\n\nNothing here.\n",
        "e.md": "# Epsilon\n\n[the beta](b.md)\n",
    ]

    func testReferencesReadOnlyTheNotesTheSearchCacheNamesForTheNotesNames() {
        let search = MemorySearch()
        // The cache knows a.md's and c.md's links, not e.md's: e.md is not read.
        search.links = ["a.md": ["b"], "c.md": ["Second"], "d.md": []]
        let lsp = LSPHarness(Self.backlinkTexts, search: search)
        let found = lsp.result("textDocument/references", LSPHarness.at("b.md", 4, 0)).array ?? []
        XCTAssertEqual(found.map { $0["uri"]?.string ?? "" }, [LSPHarness.uri("a.md"), LSPHarness.uri("c.md")])
        XCTAssertEqual(search.linkNames, [["b", "Beta", "Second"]])
        XCTAssertEqual(search.freshened, 1, "the cache is brought up to date before it is asked")
    }

    func testReferencesFindAnOpenBuffersNewLinkTheSearchCacheDoesNotKnow() {
        let search = MemorySearch()
        search.links = ["a.md": ["b"]]
        let lsp = LSPHarness(Self.backlinkTexts, search: search)
        lsp.open("d.md", "# Delta\n\nNow [[Beta]].\n")
        lsp.open("new.md", "[[b]]\n")
        let found = lsp.result("textDocument/references", LSPHarness.at("b.md", 4, 0)).array ?? []
        XCTAssertEqual(
            found.map { $0["uri"]?.string ?? "" },
            [LSPHarness.uri("a.md"), LSPHarness.uri("d.md"), LSPHarness.uri("new.md")])
    }

    func testReferencesLeaveOutAnOpenBufferWhoseLinkWasRemoved() {
        let search = MemorySearch()
        search.links = ["a.md": ["b"], "c.md": ["Second"]]
        let lsp = LSPHarness(Self.backlinkTexts, search: search)
        lsp.open("a.md", "# Alpha\n\nSee nothing.\n")
        let found = lsp.result("textDocument/references", LSPHarness.at("b.md", 4, 0)).array ?? []
        XCTAssertEqual(found.map { $0["uri"]?.string ?? "" }, [LSPHarness.uri("c.md")])
    }

    func testReferencesReadEveryNoteWhenTheSearchCacheCannotSay() {
        let search = MemorySearch()  // links nil: the cache cannot say
        let lsp = LSPHarness(Self.backlinkTexts, search: search)
        let found = lsp.result("textDocument/references", LSPHarness.at("b.md", 4, 0)).array ?? []
        XCTAssertEqual(
            found.map { $0["uri"]?.string ?? "" },
            [LSPHarness.uri("a.md"), LSPHarness.uri("c.md"), LSPHarness.uri("e.md")])
        XCTAssertEqual(search.linkNames.count, 1)
    }

    func testANoteSavedUnderItsBufferAndOneCreatedOutsideAnswerOnceTheBufferCloses() throws {
        let lsp = LSPHarness(["a.md": "# Alpha\n", "b.md": "# Beta\n"])
        let titles = { (query: String) in
            (lsp.result("workspace/symbol", ["query": .string(query)]).array ?? []).compactMap { $0["name"]?.string }
        }
        lsp.open("b.md", "# Beta typed\n")
        XCTAssertEqual(titles("beta"), ["Beta typed"])
        _ = try lsp.files.rewrite("b.md") { _ in Data("# Beta saved\n".utf8) }
        _ = try lsp.files.create(Data("# Gamma\n".utf8), preferredPath: "c.md")
        lsp.notify(
            "workspace/didChangeWatchedFiles",
            [
                "changes": [
                    ["uri": .string(LSPHarness.uri("b.md")), "type": 2],
                    ["uri": .string(LSPHarness.uri("c.md")), "type": 1],
                ]
            ])
        XCTAssertEqual(titles("beta"), ["Beta typed"], "the buffer still answers for its note")
        XCTAssertEqual(titles("gamma"), ["Gamma"])
        lsp.notify("textDocument/didClose", ["textDocument": ["uri": .string(LSPHarness.uri("b.md"))]])
        XCTAssertEqual(titles("beta"), ["Beta saved"])
    }

    func testDocumentSymbolsNestHeadings() {
        let lsp = LSPHarness(["n.md": "# Top\n\n## One\n\ntext\n\n### Deep\n\n## Two\n"])
        let symbols =
            lsp.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(LSPHarness.uri("n.md"))]]).array
            ?? []
        XCTAssertEqual(symbols.map { $0["name"]?.string ?? "" }, ["Top"])
        let children = symbols.first?["children"]?.array ?? []
        XCTAssertEqual(children.map { $0["name"]?.string ?? "" }, ["One", "Two"])
        XCTAssertEqual(children.first?["children"]?.array?.map { $0["name"]?.string ?? "" }, ["Deep"])
        XCTAssertEqual(children.first?["range"]?["end"]?["line"]?.int, 7)
    }

    func testDocumentSymbolsListTheCardsOfANoteInADeck() {
        var config = Fixture.config
        config.decks = Decks(folders: ["/"])
        let lsp = LSPHarness(["n.md": "# Cards\n\nWhat is two and two? :: four\n"], config: config)
        let symbols =
            lsp.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(LSPHarness.uri("n.md"))]]).array
            ?? []
        XCTAssertEqual(symbols.last?["name"], "What is two and two?")
        XCTAssertEqual(symbols.last?["kind"]?.int, 7)
        XCTAssertEqual(symbols.last?["range"]?["start"]?["line"]?.int, 2)
    }

    func testWorkspaceSymbolsFindNotesByTitle() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let found = lsp.result("workspace/symbol", ["query": "plain"]).array ?? []
        XCTAssertEqual(found.map { $0["name"]?.string ?? "" }, ["Plain note"])
        XCTAssertEqual(found.first?["location"]?["uri"]?.string, LSPHarness.uri("plain.md"))
    }
}
