import Foundation
import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Malformed requests are answered, never a crash; the loop over real pipes.
final class LanguageServerRobustnessTests: XCTestCase {
    static let methods = [
        "textDocument/definition", "textDocument/completion", "textDocument/hover", "textDocument/references",
        "textDocument/documentSymbol", "textDocument/rename", "textDocument/codeAction", "workspace/symbol",
        "workspace/willRenameFiles", "workspace/executeCommand",
    ]

    func testEveryMethodAnswersOddParamsWithAResultOrAnError() {
        let lsp = LSPHarness(Fixture.weekTexts)
        lsp.open("a.md", "# A\n\n[[b|x]] [[ [x]( #t `[[c` ```\n")
        let odd: [[String: JSONValue]] = [
            [:],
            ["textDocument": 5],
            ["textDocument": ["uri": "file:///elsewhere/x.md"], "position": ["line": 0, "character": 0]],
            ["textDocument": ["uri": .string(LSPHarness.uri("a.md"))], "position": ["line": -3, "character": -1]],
            [
                "textDocument": ["uri": .string(LSPHarness.uri("a.md"))], "position": ["line": 2, "character": 1000],
                "newName": "",
            ],
            [
                "textDocument": ["uri": .string(LSPHarness.uri("a.md"))], "position": ["line": 99, "character": 3],
                "newName": "x",
            ],
            ["textDocument": ["uri": .string(LSPHarness.uri("nowhere.md"))], "position": ["line": 0, "character": 0]],
            ["query": 7, "files": "x", "command": "vault.curate", "arguments": [1, 2]],
        ]
        for method in Self.methods {
            for params in odd {
                for line in 0..<3 {
                    var params = params
                    if params["position"] != nil, line > 0 {
                        params["position"] = ["line": .number(Double(line)), "character": .number(Double(line * 5))]
                    }
                    let answer = lsp.request(method, params)
                    XCTAssertTrue(answer["result"] != nil || answer["error"] != nil, "\(method) \(params): \(answer)")
                }
            }
        }
    }

    func testBracketSoupAtEveryPositionIsAnsweredForEveryFeature() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "[[", "]]", "[", "](", ")", "#", "|", "`", "```", "\n", "---\n", " ", "a", "é", "😀", "b.md", "::", "tags: ",
            "- ",
        ]
        let lsp = LSPHarness(Fixture.weekTexts)
        for round in 0..<40 {
            let text = (0..<30).map { _ in pieces.randomElement(using: &generator)! }.joined()
            lsp.open("soup.md", text, version: round)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, content) in lines.enumerated() {
                for character in 0...(content.utf16.count + 1) {
                    for method in [
                        "textDocument/completion", "textDocument/definition", "textDocument/hover",
                        "textDocument/references",
                    ] {
                        let answer = lsp.request(method, LSPHarness.at("soup.md", line, character))
                        XCTAssertNotNil(
                            answer["result"] ?? answer["error"], "\(method) \(line):\(character) in \(text)")
                    }
                }
            }
            var params = LSPHarness.at("soup.md", 0, 1)
            params["newName"] = "n"
            XCTAssertNotNil(lsp.request("textDocument/rename", params)["id"])
            XCTAssertNotNil(
                lsp.request(
                    "textDocument/documentSymbol", ["textDocument": ["uri": .string(LSPHarness.uri("soup.md"))]])["id"])
            _ = lsp.idleDiagnostics()
        }
    }

    func testTheLoopReadsMessagesSplitAcrossWritesAndAnswersOnItsOutput() throws {
        var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&toServer), 0)
        XCTAssertEqual(pipe(&fromServer), 0)
        let context = AppContext(
            notes: MemoryNotes(all: Fixture.weekNotes), ledger: MemoryLedger(timeZone: Fixture.zone),
            ids: MemoryNoteIDs(),
            config: Fixture.config, now: Fixture.now, files: Fixture.files(Fixture.weekTexts))
        nonisolated(unsafe) let server = LanguageServer { _ in context }
        var loop = StdioLoop()
        loop.input = toServer[0]
        loop.output = fromServer[1]
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var code: Int32 = -1
        nonisolated(unsafe) var runner = loop
        Thread.detachNewThread {
            code = runner.run(server)
            done.signal()
        }
        func framed(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }
        let bytes =
            framed(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///memory-vault","capabilities":{}}}"#
            )
            + framed(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) + framed("not json")
            + framed(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#) + framed(#"{"jsonrpc":"2.0","method":"exit"}"#)
        // Written a few bytes at a time: every message is split across reads.
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + 7, bytes.count)
            _ = bytes[offset..<end].withUnsafeBytes { write(toServer[1], $0.baseAddress, $0.count) }
            offset = end
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(code, 0)
        close(fromServer[1])
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fromServer[0], &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        var framer = MessageFramer()
        let answers = framer.push(output).compactMap { frame -> JSONValue? in
            guard case .message(let content) = frame else { return nil }
            return try? JSONDecoder().decode(JSONValue.self, from: Data(content))
        }
        XCTAssertEqual(answers.map { $0["id"] ?? "none" }, [1, .null, 2])
        XCTAssertEqual(answers[1]["error"]?["code"]?.int, -32700)
        close(toServer[0])
        close(toServer[1])
        close(fromServer[0])
    }
}
