import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Go to definition on wiki, Markdown and heading links.
final class LanguageServerDefinitionTests: XCTestCase {
    static let texts: [String: String] = [
        "notes/alpha.md":
            "# Alpha\n\nSee [[Beta]], [[beta#Second part|the second part]] and [the file](../other/beta.md#second-part).\n",
        "other/beta.md": "---\naliases: [B]\n---\n# Beta\n\nText.\n\n## Second part\n\nMore.\n",
        "emoji.md": "# 😀 [[B]]\n",
    ]

    private func definition(_ lsp: LSPHarness, _ path: String, _ line: Int, _ character: Int) -> JSONValue? {
        lsp.result("textDocument/definition", LSPHarness.at(path, line, character)).array?.first
    }

    func testAWikiLinkByTitleLeadsToTheNote() {
        let lsp = LSPHarness(Self.texts)
        let found = definition(lsp, "notes/alpha.md", 2, 7)
        XCTAssertEqual(found?["uri"]?.string, LSPHarness.uri("other/beta.md"))
        XCTAssertEqual(found?["range"]?["start"]?["line"]?.int, 0)
    }

    func testAHeadingLinkLeadsToTheHeading() {
        let lsp = LSPHarness(Self.texts)
        let found = definition(lsp, "notes/alpha.md", 2, 16)
        XCTAssertEqual(found?["uri"]?.string, LSPHarness.uri("other/beta.md"))
        XCTAssertEqual(
            found?["range"], ["start": ["line": 7, "character": 3], "end": ["line": 7, "character": 14]] as JSONValue)
    }

    func testAMarkdownLinkResolvesFromTheNotesFolder() {
        let lsp = LSPHarness(Self.texts)
        let found = definition(lsp, "notes/alpha.md", 2, 60)
        XCTAssertEqual(found?["uri"]?.string, LSPHarness.uri("other/beta.md"))
    }

    func testColumnsCountUTF16UnitsAfterAnEmoji() {
        let lsp = LSPHarness(Self.texts)
        // "# 😀 " is 5 UTF-16 units: the link starts at 5.
        XCTAssertNil(definition(lsp, "emoji.md", 0, 4))
        XCTAssertEqual(definition(lsp, "emoji.md", 0, 6)?["uri"]?.string, LSPHarness.uri("other/beta.md"))
    }

    func testOffALinkThereIsNoDefinition() {
        let lsp = LSPHarness(Self.texts)
        XCTAssertEqual(lsp.result("textDocument/definition", LSPHarness.at("notes/alpha.md", 0, 2)), [])
    }

    func testTheUnsavedTextIsWhereTheLinkIsLookedFor() {
        let lsp = LSPHarness(Self.texts)
        lsp.open("notes/alpha.md", "Now [[emoji]] here.\n")
        XCTAssertEqual(definition(lsp, "notes/alpha.md", 0, 7)?["uri"]?.string, LSPHarness.uri("emoji.md"))
    }
}
