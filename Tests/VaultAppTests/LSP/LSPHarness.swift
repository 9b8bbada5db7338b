import Foundation
import VaultCore
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// A language server over the in-memory ports, driven message by message
/// as a client drives it, with the answers read back as JSON.
final class LSPHarness {
    let server: LanguageServer
    let files: MemoryFiles
    private var nextID = 0

    /// A server over the notes `texts` (path to Markdown), initialized unless `initialize` is false.
    /// `search`'s ``MemorySearch/links`` nil (the default): the cache cannot say which notes link to one.
    init(
        _ texts: [String: String], ledger: MemoryLedger = MemoryLedger(timeZone: Fixture.zone),
        config: VaultConfig = Fixture.config, search: MemorySearch = MemorySearch(),
        inspection: MemoryInspection = MemoryInspection(), initialize: Bool = true, cards: [Card] = [],
        capabilities: JSONValue = .object([:])
    ) {
        let notes = Fixture.notes(texts)
        let files = Fixture.files(texts)
        // The files as `vault check` reads them (the save's whole-vault check).
        if inspection.notes.isEmpty { inspection.notes = notes }
        self.files = files
        let context = AppContext(
            notes: MemoryNotes(all: notes, cards: cards), ledger: ledger,
            ids: MemoryNoteIDs(), config: config, now: Fixture.now, files: files, search: search,
            inspection: inspection)
        server = LanguageServer { _ in context }
        if initialize {
            _ = request(
                "initialize",
                ["processId": .null, "rootUri": .string("file:///memory-vault"), "capabilities": capabilities])
            notify("initialized", [:])
        }
    }

    static func uri(_ path: String) -> String { "file:///memory-vault/" + path }

    /// Sends raw content; returns every message written back, decoded.
    func send(_ content: String) -> [JSONValue] {
        decode(server.receive([Array(content.utf8)]))
    }

    func decode(_ contents: [[UInt8]]) -> [JSONValue] {
        contents.map { try! JSONDecoder().decode(JSONValue.self, from: Data($0)) }
    }

    /// A request's whole answer.
    @discardableResult
    func request(_ method: String, _ params: [String: JSONValue]) -> JSONValue {
        nextID += 1
        let answers = decode(server.receive([message(method, params, id: nextID)]))
        return answers.first { $0["id"]?.int == nextID } ?? .null
    }

    /// A request's `result`.
    func result(_ method: String, _ params: [String: JSONValue]) -> JSONValue {
        request(method, params)["result"] ?? .null
    }

    func notify(_ method: String, _ params: [String: JSONValue]) {
        XCTAssertEqual(server.receive([message(method, params, id: nil)]), [])
    }

    func message(_ method: String, _ params: [String: JSONValue], id: Int?) -> [UInt8] {
        var members: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method), "params": .object(params)]
        if let id { members["id"] = .number(Double(id)) }
        return Array(try! JSONEncoder().encode(JSONValue.object(members)))
    }

    func open(_ path: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(Self.uri(path)), "languageId": "markdown", "version": .number(Double(version)),
                    "text": .string(text),
                ]
            ])
    }

    func change(_ path: String, _ text: String, version: Int) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(Self.uri(path)), "version": .number(Double(version))],
                "contentChanges": [["text": .string(text)]],
            ])
    }

    /// The diagnostics published when the input goes idle, by path.
    func idleDiagnostics() -> [String: [JSONValue]] {
        var out: [String: [JSONValue]] = [:]
        for message in decode(server.idle()) where message["method"]?.string == "textDocument/publishDiagnostics" {
            let uri = message["params"]?["uri"]?.string ?? ""
            out[String(uri.dropFirst("file:///memory-vault/".count))] = message["params"]?["diagnostics"]?.array ?? []
        }
        return out
    }

    /// Position params.
    static func at(_ path: String, _ line: Int, _ character: Int) -> [String: JSONValue] {
        [
            "textDocument": ["uri": .string(uri(path))],
            "position": ["line": .number(Double(line)), "character": .number(Double(character))],
        ]
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral,
    ExpressibleByIntegerLiteral
{
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { a, _ in a }))
    }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
