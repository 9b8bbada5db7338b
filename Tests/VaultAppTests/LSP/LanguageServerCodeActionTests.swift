import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Code actions: create a linked note, keep or archive in the review due, add an id.
final class LanguageServerCodeActionTests: XCTestCase {
    private func actions(_ lsp: LSPHarness, _ path: String, line: Int, character: Int) -> [JSONValue] {
        let position: JSONValue = ["line": .number(Double(line)), "character": .number(Double(character))]
        return lsp.result(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(LSPHarness.uri(path))], "range": ["start": position, "end": position],
                "context": ["diagnostics": []],
            ]
        ).array ?? []
    }

    func testAnUnresolvedLinkOffersToCreateTheNoteAsVaultNewWritesIt() {
        var config = Fixture.config
        config.newNotePath = "{yyyy}/{slug}.md"
        let lsp = LSPHarness(Fixture.weekTexts, config: config)
        let create = actions(lsp, "a.md", line: 8, character: 20).first {
            $0["title"]?.string?.hasPrefix("Create") == true
        }
        XCTAssertEqual(create?["title"], "Create the note \"Nowhere\" (2026/nowhere.md)")
        let changes = create?["edit"]?["documentChanges"]?.array ?? []
        XCTAssertEqual(changes.first?["kind"], "create")
        XCTAssertEqual(changes.first?["uri"]?.string, LSPHarness.uri("2026/nowhere.md"))
        let text = changes.last?["edits"]?.array?.first?["newText"]?.string ?? ""
        XCTAssertTrue(text.hasPrefix("---\nid: "), text)
        XCTAssertTrue(text.contains("created: 2026-11-18T10:00:00+01:00\n---\n# Nowhere\n"), text)
    }

    func testANoteDueInAReviewOffersKeepAndArchiveAndTheCommandRecordsACurateEvent() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let lsp = LSPHarness(Fixture.weekTexts, ledger: ledger)
        let found = actions(lsp, "b.md", line: 5, character: 0)
        let titles = found.map { $0["title"]?.string ?? "" }
        XCTAssertEqual(
            titles.filter { !$0.hasPrefix("Add") },
            ["Keep in the weekly review 2026-W46", "Archive in the weekly review 2026-W46"])
        // A bare command, carried out by the server.
        let keep = try XCTUnwrap(found.first)
        XCTAssertEqual(keep["command"], "vault.curate")
        let answer = lsp.request(
            "workspace/executeCommand", ["command": keep["command"] ?? .null, "arguments": keep["arguments"] ?? .null])
        XCTAssertEqual(answer["result"], "Kept Beta in Week 46, 2026")
        let events = ledger.history().events
        XCTAssertEqual(events.map(\.kind), ["curate"])
        let event = try CurationEvent(events[0])
        XCTAssertEqual(event.note, Fixture.idB)
        XCTAssertEqual(event.decision, .keep)
        XCTAssertEqual(event.period.id, "2026-W46")
        // Decided now: offered no more, and the hover says so.
        XCTAssertEqual(actions(lsp, "b.md", line: 5, character: 0).filter { $0["command"] == "vault.curate" }, [])
        let hover = lsp.result("textDocument/hover", LSPHarness.at("b.md", 5, 3))["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(hover.contains("Curation: weekly"), hover)
    }

    func testANoteNotYetDueOffersNoReview() {
        let lsp = LSPHarness(Fixture.weekTexts)
        XCTAssertEqual(actions(lsp, "d.md", line: 4, character: 0).filter { $0["command"] == "vault.curate" }, [])
    }

    func testANoteWithoutAnIDIsOfferedOneInItsFrontMatter() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let add = actions(lsp, "plain.md", line: 3, character: 0).first { $0["title"] == "Add an id to this note" }
        let edit = add?["edit"]?["documentChanges"]?.array?.first?["edits"]?.array?.first
        XCTAssertEqual(edit?["range"]?["start"]?["line"]?.int, 1)
        XCTAssertEqual(edit?["newText"]?.string?.hasPrefix("id: "), true)
        XCTAssertNil(actions(lsp, "a.md", line: 3, character: 0).first { $0["title"] == "Add an id to this note" })
    }

    func testTheClientIsAskedToWatchNotesAndTheLedgerWhenItCan() {
        let lsp = LSPHarness(Fixture.weekTexts, initialize: false)
        lsp.request(
            "initialize",
            [
                "rootUri": "file:///memory-vault",
                "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": .bool(true)]]],
            ])
        let sent = lsp.decode(lsp.server.receive([lsp.message("initialized", [:], id: nil)]))
        XCTAssertEqual(sent.first?["method"], "client/registerCapability")
        XCTAssertEqual(
            sent.first?["params"]?["registrations"]?.array?.first?["method"], "workspace/didChangeWatchedFiles")
    }
}
