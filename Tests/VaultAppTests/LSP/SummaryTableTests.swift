import Foundation
import VaultCore
import XCTest

@testable import VaultLSP

/// The language server's one copy of the notes' summaries.
final class SummaryTableTests: XCTestCase {
    static func summary(_ path: String, _ title: String) -> NoteSummary {
        Fixture.notes([path: "# \(title)\n"])[0].summary
    }

    func testSummariesGivenOutOfOrderAreKeptInPathOrderTheFirstOfAPathWinning() {
        let table = SummaryTable(files: [
            Self.summary("c.md", "C"), Self.summary("a.md", "A"), Self.summary("c.md", "Other C"),
            Self.summary("b/x.md", "X"),
        ])
        XCTAssertEqual(table.all.map(\.path), ["a.md", "b/x.md", "c.md"])
        XCTAssertEqual(table["c.md"]?.title, "C")
        XCTAssertNil(table["b.md"])
    }

    func testABufferStandsInPlaceOfItsFileUntilItCloses() {
        var table = SummaryTable(files: [Self.summary("a.md", "A"), Self.summary("b.md", "B")])
        table.setBuffer(Self.summary("b.md", "B edited"))
        XCTAssertEqual(table.all.map(\.title), ["A", "B edited"])
        XCTAssertEqual(table.file(at: "b.md")?.title, "B")
        table.closeBuffer("b.md")
        XCTAssertEqual(table.all.map(\.title), ["A", "B"])
    }

    func testANoteOnlyInTheEditorTakesItsPlaceInPathOrderAndGoesWhenClosed() {
        var table = SummaryTable(files: [Self.summary("a.md", "A"), Self.summary("c.md", "C")])
        table.setBuffer(Self.summary("b.md", "New"))
        XCTAssertEqual(table.all.map(\.path), ["a.md", "b.md", "c.md"])
        XCTAssertNil(table.file(at: "b.md"))
        table.closeBuffer("b.md")
        XCTAssertEqual(table.all.map(\.path), ["a.md", "c.md"])
    }

    func testAFileSavedUnderItsBufferAnswersOnceTheBufferCloses() {
        var table = SummaryTable(files: [Self.summary("a.md", "A")])
        table.setBuffer(Self.summary("a.md", "Typing"))
        table.setFile("a.md", Self.summary("a.md", "Saved"))
        XCTAssertEqual(table["a.md"]?.title, "Typing")
        table.closeBuffer("a.md")
        XCTAssertEqual(table["a.md"]?.title, "Saved")
        table.setFile("a.md", nil)
        XCTAssertEqual(table.all.count, 0)
        table.setFile("z.md", Self.summary("z.md", "Z"))
        XCTAssertEqual(table.all.map(\.path), ["z.md"])
    }
}
