import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Completion of links, headings, tags and front matter.
final class LanguageServerCompletionTests: XCTestCase {
    static let texts: [String: String] = [
        "spaced-repetition.md":
            "---\naliases: [SRS]\ntags: [memory, memory/cards]\n---\n# Spaced repetition\n\n## Why it works\n\n## How to start\n",
        "a/inbox.md": "# Inbox one\n",
        "b/inbox.md": "# Inbox two\n",
        "writing.md": "---\ncategory: Learning\ntags: [writing]\n---\n# Writing\n\nText #memory here.\n",
    ]

    private func complete(_ lsp: LSPHarness, _ path: String, _ text: String, line: Int, character: Int) -> [JSONValue] {
        lsp.open(path, text)
        return lsp.result("textDocument/completion", LSPHarness.at(path, line, character))["items"]?.array ?? []
    }

    func testAfterTwoBracketsNotesAreOfferedBestFirstWithTheLinkObsidianWrites() {
        let lsp = LSPHarness(Self.texts)
        let items = complete(lsp, "writing.md", "# Writing\n\nSee [[spaced", line: 2, character: 12)
        XCTAssertEqual(items.first?["label"], "Spaced repetition")
        XCTAssertEqual(items.first?["textEdit"]?["newText"], "spaced-repetition]]")
        XCTAssertEqual(
            items.first?["textEdit"]?["range"],
            ["start": ["line": 2, "character": 6], "end": ["line": 2, "character": 12]] as JSONValue)
    }

    func testAFileNameTwoNotesShareIsInsertedAsItsPath() {
        let lsp = LSPHarness(Self.texts)
        let items = complete(lsp, "writing.md", "[[inbox t]]", line: 0, character: 9)
        XCTAssertEqual(items.first?["label"], "Inbox two")
        XCTAssertEqual(items.first?["textEdit"]?["newText"], "b/inbox", "no second ]] before the typed ones")
    }

    func testAnAliasIsOfferedAndInsertedAfterABar() {
        let lsp = LSPHarness(Self.texts)
        let items = complete(lsp, "writing.md", "[[srs", line: 0, character: 5)
        XCTAssertEqual(items.first?["label"], "SRS")
        XCTAssertEqual(items.first?["textEdit"]?["newText"], "spaced-repetition|SRS]]")
    }

    func testFuzzyLettersAtWordStartsFindTheNote() {
        let lsp = LSPHarness(Self.texts)
        let items = complete(lsp, "writing.md", "[[sprep", line: 0, character: 7)
        XCTAssertEqual(items.map { $0["label"]?.string ?? "" }, ["Spaced repetition"])
    }

    func testAfterAHashInALinkTheTargetsHeadingsAreOffered() {
        let lsp = LSPHarness(Self.texts)
        let items = complete(lsp, "writing.md", "[[SRS#how", line: 0, character: 9)
        XCTAssertEqual(items.map { $0["label"]?.string ?? "" }, ["How to start"])
        XCTAssertEqual(items.first?["textEdit"]?["newText"], "How to start]]")
        XCTAssertEqual(items.first?["textEdit"]?["range"]?["start"]?["character"]?.int, 6)
    }

    func testAfterAHashInTextTheTagsAreOfferedNestedOnesWhole() {
        let lsp = LSPHarness(Self.texts)
        let items = complete(lsp, "writing.md", "# Writing\n\nAbout #mem", line: 2, character: 10)
        XCTAssertEqual(Set(items.map { $0["label"]?.string ?? "" }), ["memory", "memory/cards"])
        XCTAssertEqual(items.first?["label"], "memory", "the tag on more notes first")
    }

    func testAHeadingMarkIsNoTagPlace() {
        let lsp = LSPHarness(Self.texts)
        XCTAssertEqual(complete(lsp, "writing.md", "# Wri", line: 0, character: 5), [])
    }

    func testFrontMatterKeysNotYetWrittenAreOffered() {
        let lsp = LSPHarness(Self.texts)
        let items = complete(lsp, "writing.md", "---\ntags: [x]\nso\n---\n", line: 2, character: 2)
        XCTAssertEqual(items.map { $0["label"]?.string ?? "" }, ["source", "source_type"])
        XCTAssertEqual(items.first?["textEdit"]?["newText"], "source: ")
    }

    func testFrontMatterValuesOfCategoryAndTagsComeFromTheVault() {
        let lsp = LSPHarness(Self.texts)
        let categories = complete(lsp, "b/inbox.md", "---\ncategory: Lear\n---\n", line: 1, character: 14)
        XCTAssertEqual(categories.first?["label"], "Learning", "the closest first")
        let tags = complete(lsp, "a/inbox.md", "---\ntags:\n  - wri\n---\n", line: 2, character: 7)
        XCTAssertEqual(tags.map { $0["label"]?.string ?? "" }, ["writing"])
        let cards = complete(lsp, "a/inbox.md", "---\ncards: \n---\n", line: 1, character: 7)
        XCTAssertEqual(cards.map { $0["label"]?.string ?? "" }, ["true", "false"])
    }

    func testInsideFencedCodeNothingIsOffered() {
        let lsp = LSPHarness(Self.texts)
        XCTAssertEqual(complete(lsp, "writing.md", "```\n[[spa\n```\n", line: 1, character: 5), [])
    }
}
