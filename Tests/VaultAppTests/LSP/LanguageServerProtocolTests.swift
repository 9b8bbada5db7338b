import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// The lifecycle and the errors of LSP 3.17, over the in-memory ports.
final class LanguageServerProtocolTests: XCTestCase {
    func testInitializeAnswersTheCapabilitiesWithUTF16Positions() {
        let lsp = LSPHarness(Fixture.weekTexts, initialize: false)
        let answer = lsp.request("initialize", ["rootUri": "file:///memory-vault", "capabilities": [:]])
        let capabilities = answer["result"]?["capabilities"]
        XCTAssertEqual(capabilities?["positionEncoding"], "utf-16")
        XCTAssertEqual(capabilities?["definitionProvider"], .bool(true))
        XCTAssertEqual(capabilities?["textDocumentSync"]?["change"]?.int, 1)
    }

    func testARequestBeforeInitializeIsAnsweredServerNotInitialized() {
        let lsp = LSPHarness(Fixture.weekTexts, initialize: false)
        let answer = lsp.request("textDocument/definition", LSPHarness.at("a.md", 0, 0))
        XCTAssertEqual(answer["error"]?["code"]?.int, -32002)
    }

    func testAnUnknownMethodIsAnsweredMethodNotFoundAndTheServerGoesOn() {
        let lsp = LSPHarness(Fixture.weekTexts)
        XCTAssertEqual(lsp.request("vault/noSuchThing", [:])["error"]?["code"]?.int, -32601)
        XCTAssertEqual(lsp.request("shutdown", [:])["result"], .null)
    }

    func testAnUnknownNotificationIsDroppedWithoutAnAnswer() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.notify("$/setTrace", ["value": "off"])
        lsp.notify("vault/whatever", [:])
    }

    func testInvalidJSONIsAnsweredParseErrorWithANullID() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let answers = lsp.send(#"{"jsonrpc":"2.0","id":1,"method":"#)
        XCTAssertEqual(answers.count, 1)
        XCTAssertEqual(answers[0]["error"]?["code"]?.int, -32700)
        XCTAssertEqual(answers[0]["id"], .null)
    }

    func testJSONThatIsNoMessageIsAnsweredInvalidRequest() {
        let lsp = LSPHarness(Fixture.weekTexts)
        XCTAssertEqual(lsp.send("[1, 2]")[0]["error"]?["code"]?.int, -32600)
        XCTAssertEqual(
            lsp.send(#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#)[0]["error"]?["code"]?.int, -32600)
    }

    func testARequestCancelledInTheSameReadIsAnsweredRequestCancelled() {
        let lsp = LSPHarness(Fixture.weekTexts)
        let request = lsp.message("textDocument/definition", LSPHarness.at("a.md", 0, 0), id: 41)
        let cancel = lsp.message("$/cancelRequest", ["id": .number(41)], id: nil)
        let other = lsp.message("textDocument/definition", LSPHarness.at("a.md", 0, 0), id: 42)
        let answers = lsp.decode(lsp.server.receive([request, cancel, other]))
        XCTAssertEqual(answers.count, 2)
        XCTAssertEqual(answers[0]["id"]?.int, 41)
        XCTAssertEqual(answers[0]["error"]?["code"]?.int, -32800)
        XCTAssertEqual(answers[1]["id"]?.int, 42)
        XCTAssertNotNil(answers[1]["result"])
    }

    func testACancelForAnAnsweredRequestIsIgnored() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.notify("$/cancelRequest", ["id": .number(1)])
        XCTAssertNil(lsp.server.exitCode)
    }

    func testShutdownThenExitEndsWithZeroAndRequestsBetweenAreRefused() {
        let lsp = LSPHarness(Fixture.weekTexts)
        XCTAssertEqual(lsp.request("shutdown", [:])["result"], .null)
        XCTAssertEqual(
            lsp.request("textDocument/definition", LSPHarness.at("a.md", 0, 0))["error"]?["code"]?.int, -32600)
        XCTAssertNil(lsp.server.exitCode)
        lsp.notify("exit", [:])
        XCTAssertEqual(lsp.server.exitCode, 0)
    }

    func testExitWithoutShutdownEndsWithOne() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.notify("exit", [:])
        XCTAssertEqual(lsp.server.exitCode, 1)
    }

    func testAVaultThatCannotBeOpenedFailsInitializeWithItsReason() {
        struct NoVault: Error, LocalizedError { var errorDescription: String? { "no vault here" } }
        let server = LanguageServer { _ in throw NoVault() }
        let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#.utf8)
        let answer = try! JSONDecoder().decode(JSONValue.self, from: Data(server.receive([request])[0]))
        XCTAssertEqual(answer["error"]?["message"], "no vault here")
    }

    func testInitializeOpensTheWorkspaceFolderTheClientNames() {
        var opened: [String?] = []
        let context = AppContext(
            notes: MemoryNotes(all: []), ledger: MemoryLedger(timeZone: Fixture.zone), ids: MemoryNoteIDs(),
            config: Fixture.config, now: Fixture.now)
        let server = LanguageServer { folder in
            opened.append(folder)
            return context
        }
        let request = Array(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///elsewhere","workspaceFolders":[{"uri":"file:///home/me/notes","name":"notes"}],"capabilities":{}}}"#
                .utf8)
        _ = server.receive([request])
        XCTAssertEqual(opened, ["/home/me/notes"])
    }

    /// Issue 48: a JSON-RPC id of 1e300 (or 1.5) is an id, answered as it came.
    func testAnyNumberIsARequestID() {
        let lsp = LSPHarness([:])
        for id in ["1e300", "1.5", "-0"] {
            let answers = lsp.send(#"{"jsonrpc":"2.0","id":"# + id + #","method":"no/such"}"#)
            XCTAssertEqual(answers.first?["error"]?["code"]?.int, -32601, id)
            XCTAssertNotEqual(answers.first?["id"], .null, id)
        }
    }
}
