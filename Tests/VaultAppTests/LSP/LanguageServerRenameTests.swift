import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Rename: a note (file and title) with every link to it, a heading, a tag.
final class LanguageServerRenameTests: XCTestCase {
    static let texts: [String: String] = [
        "notes/spaced-repetition.md":
            "---\nid: \(Fixture.idA)\ntags: [memory]\n---\n# Spaced repetition\n\n## Why it works\n",
        "other/x.md":
            "[[Spaced repetition]], [[spaced-repetition#Why it works|why]], [md](../notes/spaced-repetition.md) #memory/cards\n",
        "y.md": "---\ntags:\n  - memory\n---\n# Y\n\nSee [[notes/spaced-repetition]] and #memory.\n",
    ]

    /// Each document change as text: `edit URI: line:from-to=new; …` or `rename OLD -> NEW`.
    private func describe(_ edit: JSONValue) -> [String] {
        (edit["documentChanges"]?.array ?? []).map { change in
            if change["kind"] == "rename" {
                return "rename \(short(change["oldUri"])) -> \(short(change["newUri"]))"
            }
            let edits = (change["edits"]?.array ?? []).map { edit -> String in
                let start = edit["range"]?["start"], end = edit["range"]?["end"]
                return
                    "\(start?["line"]?.int ?? -1):\(start?["character"]?.int ?? -1)-\(end?["character"]?.int ?? -1)=\(edit["newText"]?.string ?? "")"
            }
            return "edit \(short(change["textDocument"]?["uri"])): " + edits.joined(separator: "; ")
        }
    }

    private func short(_ uri: JSONValue?) -> String {
        String((uri?.string ?? "").dropFirst("file:///memory-vault/".count))
    }

    private func rename(_ lsp: LSPHarness, _ path: String, _ line: Int, _ character: Int, to name: String) -> JSONValue
    {
        var params = LSPHarness.at(path, line, character)
        params["newName"] = .string(name)
        return lsp.request("textDocument/rename", params)
    }

    func testRenamingFromALinkByFileNameRenamesTheFileAndRewritesEveryLinkToIt() {
        let lsp = LSPHarness(Self.texts)
        let edit = rename(lsp, "other/x.md", 0, 26, to: "spacing")["result"] ?? .null
        XCTAssertEqual(
            describe(edit),
            [
                "edit other/x.md: 0:25-42=spacing; 0:68-97=../notes/spacing.md",
                "edit y.md: 6:6-29=spacing",
                "rename notes/spaced-repetition.md -> notes/spacing.md",
            ])
    }

    func testRenamingTheTitleRenamesTheSlugFileAndLinksByTitleAndByFile() {
        let lsp = LSPHarness(Self.texts)
        let edit = rename(lsp, "notes/spaced-repetition.md", 4, 4, to: "Spaced practice")["result"] ?? .null
        XCTAssertEqual(
            describe(edit),
            [
                "edit other/x.md: 0:2-19=Spaced practice; 0:25-42=spaced-practice; 0:68-97=../notes/spaced-practice.md",
                "edit notes/spaced-repetition.md: 4:2-19=Spaced practice",
                "edit y.md: 6:6-29=spaced-practice",
                "rename notes/spaced-repetition.md -> notes/spaced-practice.md",
            ])
    }

    func testRenamingAHeadingRewritesTheLinksToIt() {
        let lsp = LSPHarness(Self.texts)
        let edit = rename(lsp, "notes/spaced-repetition.md", 6, 5, to: "How it works")["result"] ?? .null
        XCTAssertEqual(
            describe(edit),
            ["edit notes/spaced-repetition.md: 6:3-15=How it works", "edit other/x.md: 0:43-55=How it works"])
    }

    func testRenamingATagRewritesItAndTheTagsNestedUnderItInEveryNote() {
        let lsp = LSPHarness(Self.texts)
        let edit = rename(lsp, "y.md", 6, 40, to: "recall")["result"] ?? .null
        XCTAssertEqual(
            describe(edit),
            [
                "edit notes/spaced-repetition.md: 2:7-13=recall",
                "edit other/x.md: 0:100-106=recall",
                "edit y.md: 2:4-10=recall; 6:37-43=recall",
            ])
    }

    func testARenameOntoATakenNameFails() {
        let lsp = LSPHarness(Self.texts)
        let answer = rename(lsp, "other/x.md", 0, 26, to: "other/x")
        XCTAssertEqual(answer["error"]?["code"]?.int, -32803)
        XCTAssertEqual(answer["error"]?["message"], "other/x.md exists already; choose another name.")
    }

    func testWillRenameFilesRewritesTheLinksAndLeavesTheFileToTheEditor() {
        let lsp = LSPHarness(Self.texts)
        let edit = lsp.result(
            "workspace/willRenameFiles",
            [
                "files": [
                    [
                        "oldUri": .string(LSPHarness.uri("notes/spaced-repetition.md")),
                        "newUri": .string(LSPHarness.uri("archive/srs.md")),
                    ]
                ]
            ])
        XCTAssertEqual(
            describe(edit), ["edit other/x.md: 0:25-42=srs; 0:68-97=../archive/srs.md", "edit y.md: 6:6-29=srs"])
    }

    /// Issue 48, item 20: a rename target is a note path inside the vault and
    /// outside its hidden folders, by `vault new`'s rule.
    func testARenameIntoAHiddenFolderOrOutOfTheVaultFails() {
        for target in [".vault/ledger/x", ".git/x", "notes/.hidden/x", "../outside", ".x"] {
            let lsp = LSPHarness(Self.texts)
            let answer = rename(lsp, "other/x.md", 0, 26, to: target)
            XCTAssertNotNil(answer["error"], target)
            XCTAssertNil(answer["result"].flatMap { $0 == .null ? nil : $0 }, target)
        }
    }

    func testAFileTheEditorMovesIntoAHiddenFolderGetsNoLinksRewritten() {
        let lsp = LSPHarness(Self.texts)
        let edit = lsp.result(
            "workspace/willRenameFiles",
            [
                "files": [
                    [
                        "oldUri": .string(LSPHarness.uri("notes/spaced-repetition.md")),
                        "newUri": .string(LSPHarness.uri(".vault/ledger/x.md")),
                    ]
                ]
            ])
        XCTAssertEqual(describe(edit), [])
    }
}
