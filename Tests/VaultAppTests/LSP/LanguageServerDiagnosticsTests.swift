import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Diagnostics: `vault check`'s problems for each open note, in its words,
/// from the editor's text.
final class LanguageServerDiagnosticsTests: XCTestCase {
    func testOpeningANotePublishesItsBrokenLinkOnTheLinkWithCheckWords() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.open("a.md", Fixture.weekTexts["a.md"]!)
        let published = lsp.idleDiagnostics()
        let diagnostics = published["a.md"] ?? []
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?["code"], "broken-link")
        XCTAssertEqual(diagnostics.first?["severity"]?.int, 2)
        // The same sentence `vault check` prints for that link.
        let inspection = MemoryInspection()
        inspection.notes = Fixture.weekNotes
        let context = AppContext(
            notes: MemoryNotes(all: Fixture.weekNotes), ledger: MemoryLedger(timeZone: Fixture.zone),
            ids: MemoryNoteIDs(),
            config: Fixture.config, now: Fixture.now, files: Fixture.files(Fixture.weekTexts), inspection: inspection)
        let check = VaultCheck(context).problems().problems.filter { $0.path == "a.md" && $0.code == "broken-link" }
        XCTAssertEqual(diagnostics.first?["message"]?.string, check.first?.message)
        // Line 8 of the file ("See [[Beta]] and [[Nowhere]]."), the link's columns.
        XCTAssertEqual(check.first?.line, 9)
        XCTAssertEqual(
            diagnostics.first?["range"],
            ["start": ["line": 8, "character": 17], "end": ["line": 8, "character": 28]] as JSONValue)
    }

    func testABufferOfManyBrokenLinksPublishesTheFirstThousandAndHowManyMore() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let links = (0..<1500).map { "[[Missing \($0)]]" }.joined(separator: "\n")
        lsp.open("b.md", Fixture.weekTexts["b.md"]! + links + "\n")
        let published = lsp.idleDiagnostics()["b.md"] ?? []
        XCTAssertEqual(published.count, FileDiagnostics.maxPublished + 1)
        XCTAssertEqual(published.prefix(FileDiagnostics.maxPublished).filter { $0["code"] == "broken-link" }.count, 1000)
        XCTAssertEqual(
            published.first?["message"]?.string, "[[Missing 0]] links to no note; create the note or correct the name.")
        XCTAssertEqual(published.last?["code"], "more-problems")
        XCTAssertEqual(
            published.last?["message"]?.string,
            "500 more problems in this note are not shown here; `vault check` lists each one.")
    }

    func testAnEditIsCheckedFromTheUnsavedTextOnceTheInputIsIdle() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.open("b.md", Fixture.weekTexts["b.md"]!)
        XCTAssertEqual(lsp.idleDiagnostics()["b.md"], [])
        lsp.change("b.md", Fixture.weekTexts["b.md"]! + "More: [[Gamma]]\n", version: 2)
        lsp.change("b.md", Fixture.weekTexts["b.md"]! + "More: [[Gamma]] and [[Delta]]\n", version: 3)
        XCTAssertTrue(lsp.server.hasPendingWork)
        let published = lsp.idleDiagnostics()["b.md"] ?? []
        XCTAssertEqual(
            published.map { $0["message"]?.string ?? "" },
            ["[[Gamma]] links to no note; create the note or correct the name."])
        XCTAssertEqual(lsp.idleDiagnostics(), [:], "published once per burst of edits")
    }

    func testANewTitleInABufferResolvesLinksFromOtherBuffers() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.open("a.md", Fixture.weekTexts["a.md"]!)
        _ = lsp.idleDiagnostics()
        lsp.open("d.md", Fixture.weekTexts["d.md"]!.replacingOccurrences(of: "aliases", with: "") + "\n")
        lsp.change(
            "d.md", "---\nid: \(Fixture.idD)\ncreated: 2026-11-17T09:00:00\naliases: [Nowhere]\n---\n# Delta\n",
            version: 2)
        lsp.change("a.md", Fixture.weekTexts["a.md"]! + "\n", version: 2)
        XCTAssertEqual(lsp.idleDiagnostics()["a.md"], [])
    }

    func testADuplicateIDIsAnErrorNamingTheOtherNote() {
        var texts = Fixture.weekTexts
        texts["copy.md"] = Fixture.text([("id", Fixture.idA), ("created", "2026-11-10T09:00:00")], "# Copy\n")
        let lsp = LSPHarness(texts)
        lsp.open("copy.md", texts["copy.md"]!)
        let diagnostics = lsp.idleDiagnostics()["copy.md"] ?? []
        XCTAssertEqual(diagnostics.map { $0["code"]?.string ?? "" }, ["duplicate-id"])
        XCTAssertEqual(diagnostics.first?["severity"]?.int, 1)
        XCTAssertEqual(diagnostics.first?["range"]?["start"]?["line"]?.int, 1)
        XCTAssertTrue(diagnostics.first?["message"]?.string?.contains("also used by a.md") == true)
    }

    func testAnUnknownCategoryIsReportedOnItsFrontMatterLine() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.open("d.md", Fixture.weekTexts["d.md"]!.replacingOccurrences(of: "Finance", with: "Astrology"))
        let diagnostics = lsp.idleDiagnostics()["d.md"] ?? []
        XCTAssertEqual(diagnostics.map { $0["code"]?.string ?? "" }, ["unknown-category"])
        XCTAssertEqual(diagnostics.first?["range"]?["start"]?["line"]?.int, 3)
    }

    func testASavePublishesVaultChecksProblemsInTheFilesNotOpenAndClearsThemWhenGone() {
        let inspection = MemoryInspection()
        inspection.notes = Fixture.weekNotes
        let lsp = LSPHarness(Fixture.weekTexts, inspection: inspection)
        lsp.open("b.md", Fixture.weekTexts["b.md"]!)
        _ = lsp.idleDiagnostics()
        lsp.notify("textDocument/didSave", ["textDocument": ["uri": .string(LSPHarness.uri("b.md"))]])
        let published = lsp.idleDiagnostics()
        XCTAssertEqual(
            published["a.md"]?.map { $0["code"]?.string ?? "" }, ["broken-link"], "a.md is not open: vault check's word"
        )
        XCTAssertEqual(published["b.md"], [], "an open note: from its buffer")
        inspection.notes = Fixture.notes(
            Fixture.weekTexts.merging(["a.md": Fixture.text([("created", "2026-11-10T09:00:00")], "# Alpha\n")]) { $1 })
        lsp.notify("textDocument/didSave", ["textDocument": ["uri": .string(LSPHarness.uri("b.md"))]])
        XCTAssertEqual(lsp.idleDiagnostics()["a.md"], [], "fixed on disk: cleared")
    }

    func testClosingANoteClearsItsDiagnostics() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.open("a.md", Fixture.weekTexts["a.md"]!)
        XCTAssertEqual(lsp.idleDiagnostics()["a.md"]?.count, 1)
        lsp.notify("textDocument/didClose", ["textDocument": ["uri": .string(LSPHarness.uri("a.md"))]])
        XCTAssertEqual(lsp.idleDiagnostics(), ["a.md": []])
    }
}
