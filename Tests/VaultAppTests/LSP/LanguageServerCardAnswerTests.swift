import Foundation
import VaultCore
import VaultMarkdown
import XCTest

@testable import VaultApp
@testable import VaultLSP

/// Answering a flashcard from the editor: `textDocument/codeAction` on a card's lines offers its
/// scheduler's answers while it is up for study, and `vault.answer` records the answer as
/// `vault study --rate` does, writing the plugin's comment back into the open buffer through
/// `workspace/applyEdit` (or into the file when the note is not open or the client refuses).
final class LanguageServerCardAnswerTests: XCTestCase {
    static let path = "Biology/Cells.md"
    /// Lines (0-based): 5 a card due 2026-11-15, 6 its comment; 8 a card due 2026-12-01; 11 a new card.
    static let text = """
        ---
        tags: [flashcards/biology]
        ---
        # Cells

        The smallest unit of life?::The cell
        <!--SR:!2026-11-15,10,250-->

        Powerhouse of the cell::mitochondria
        <!--SR:!2026-12-01,20,270-->

        Organelle that makes proteins::ribosome

        """
    static let smallest = "The smallest unit of life?"

    /// The Spaced Repetition plugin's defaults adopted, with `write_back` as given.
    static func config(writeBack: Bool = true) throws -> VaultConfig {
        var config = try ObsidianSRPluginData(data: Data("{}".utf8)).adopting(into: Fixture.config)
        config.obsidianSR?.writeBack = writeBack
        return config
    }

    static func cards(_ config: VaultConfig) -> [Card] {
        let note = NoteParser.parse(Data(text.utf8), path: path, timeZone: Fixture.zone)
        return CardExtractor.cards(in: Data(text.utf8), of: note.summary, syntax: config.cardSyntax)
    }

    static func server(
        config: VaultConfig, ledger: MemoryLedger = MemoryLedger(timeZone: Fixture.zone), appliesEdits: Bool = true
    ) -> LSPHarness {
        LSPHarness(
            [path: text], ledger: ledger, config: config, cards: cards(config),
            capabilities: ["workspace": ["applyEdit": .bool(appliesEdits)]])
    }

    func codeActions(_ lsp: LSPHarness, line: Int) -> [JSONValue] {
        lsp.result(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(LSPHarness.uri(Self.path))],
                "range": [
                    "start": ["line": .number(Double(line)), "character": 0],
                    "end": ["line": .number(Double(line)), "character": 0],
                ],
                "context": ["diagnostics": []],
            ]
        ).array?.filter { $0["command"]?.string == CardAnswers.command } ?? []
    }

    /// Every message the server writes for `vault.answer` of the card `id` with `answer`.
    func execute(_ lsp: LSPHarness, card id: String, _ answer: String) -> [JSONValue] {
        lsp.decode(
            lsp.server.receive([
                lsp.message(
                    "workspace/executeCommand",
                    [
                        "command": .string(CardAnswers.command),
                        "arguments": [.string(LSPHarness.uri(Self.path)), .string(id), .string(answer)],
                    ], id: 900)
            ]))
    }

    /// What `vault study --rate ID=ANSWER` (the same use case, over a second vault) writes: its ledger's events and the note.
    func scripted(config: VaultConfig, card id: String, _ answer: String) throws -> (
        events: [LedgerEvent], note: String
    ) {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let files = Fixture.files([Self.path: Self.text])
        let context = Fixture.context(
            Fixture.notes([Self.path: Self.text]), cards: Self.cards(config), ledger: ledger, config: config,
            files: files)
        _ = try Studying(context).answerWritingBack(rates: ["\(id)=\(answer)"], tiers: [])
        return (ledger.events, String(decoding: try files.read(Self.path), as: UTF8.self))
    }

    /// `text` with `edit` applied (positions in UTF-16 columns).
    static func applying(_ edit: TextEdit, to text: String) -> String {
        let units = Array(text.utf16)
        func offset(_ p: Position) -> Int {
            var line = 0, i = 0
            while line < p.line, i < units.count {
                if units[i] == 0x0A { line += 1 }
                i += 1
            }
            return i + p.character
        }
        let start = offset(edit.range.start), end = offset(edit.range.end)
        return String(
            decoding: Array(units[..<start]) + Array(edit.newText.utf16) + Array(units[end...]), as: UTF16.self)
    }

    func testADueCardOffersItsSchedulersAnswersOnItsLineAndItsComment() throws {
        let config = try Self.config()
        let lsp = Self.server(config: config)
        lsp.open(Self.path, Self.text)
        let card = try XCTUnwrap(Self.cards(config).first { $0.question == Self.smallest })
        for line in [5, 6] {
            let actions = codeActions(lsp, line: line)
            XCTAssertEqual(
                actions.compactMap { $0["title"]?.string.map { String($0.prefix { $0 != "(" }) } },
                [
                    "Answer this card: Again ", "Answer this card: Hard ", "Answer this card: Good ",
                    "Answer this card: Easy ",
                ],
                "line \(line)")
            XCTAssertEqual(
                actions.map { $0["arguments"]?.array?.compactMap(\.string) ?? [] },
                ["again", "hard", "good", "easy"].map { [LSPHarness.uri(Self.path), card.id, $0] })
        }
        // Good gives 25 days (due 2026-12-13, as `vault study --rate` says at this moment), written as the plugin's button writes it.
        XCTAssertEqual(
            codeActions(lsp, line: 5)[2]["title"]?.string, "Answer this card: Good (\(OSR.intervalText(25)))")
        // A new card is up for study; the blank line between cards and the title hold no card.
        XCTAssertEqual(codeActions(lsp, line: 11).count, 4)
        XCTAssertEqual(codeActions(lsp, line: 4), [])
        XCTAssertEqual(codeActions(lsp, line: 3), [])
    }

    func testACardNotDueUntilALaterDayOffersNoAnswer() throws {
        let lsp = Self.server(config: try Self.config())
        lsp.open(Self.path, Self.text)
        XCTAssertEqual(codeActions(lsp, line: 8), [])
        XCTAssertEqual(codeActions(lsp, line: 9), [])
    }

    func testTheAnswerIsTheScriptedAnswersEventAndItsCommentIsEditedInTheOpenBuffer() throws {
        let config = try Self.config()
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let lsp = Self.server(config: config, ledger: ledger)
        lsp.open(Self.path, Self.text)
        let card = try XCTUnwrap(Self.cards(config).first { $0.question == Self.smallest })
        let out = execute(lsp, card: card.id, "good")
        XCTAssertEqual(out.count, 2, "\(out)")
        let request = out[0]
        XCTAssertEqual(request["method"]?.string, "workspace/applyEdit")
        XCTAssertEqual(out[1]["id"]?.int, 900)
        XCTAssertEqual(out[1]["result"]?.string?.hasPrefix("Answered Good: due in "), true, "\(out[1])")

        let expected = try scripted(config: config, card: card.id, "good")
        XCTAssertEqual(ledger.events, expected.events)
        XCTAssertEqual(ledger.events.map(\.kind), ["rate"])
        let change = try XCTUnwrap(request["params"]?["edit"]?["documentChanges"]?.array?.first)
        XCTAssertEqual(change["textDocument"]?["uri"]?.string, LSPHarness.uri(Self.path))
        XCTAssertEqual(change["textDocument"]?["version"]?.int, 1)
        let edits = try XCTUnwrap(change["edits"]).decode([TextEdit].self)
        XCTAssertEqual(edits.count, 1)
        // Only the comment's line is touched, and the buffer becomes what the terminal writes into the file.
        XCTAssertEqual(edits[0].range.start.line, 6)
        XCTAssertEqual(edits[0].range.end.line, 6)
        XCTAssertNotEqual(expected.note, Self.text)
        XCTAssertEqual(Self.applying(edits[0], to: Self.text), expected.note)
        // The editor owns the buffer: the file is not written, also once the client applied the edit.
        let id = try XCTUnwrap(request["id"])
        let applied = lsp.server.receive([
            Array(
                try JSONEncoder().encode(
                    JSONValue.object(["jsonrpc": "2.0", "id": id, "result": ["applied": .bool(true)]])))
        ])
        XCTAssertTrue(applied.isEmpty)
        XCTAssertEqual(String(decoding: try lsp.files.read(Self.path), as: UTF8.self), Self.text)
        // Answered, the card is no longer due: no answer is offered, and a second one is refused.
        XCTAssertEqual(codeActions(lsp, line: 5), [])
        let again = execute(lsp, card: card.id, "good")
        XCTAssertEqual(again.count, 1)
        XCTAssertNotNil(again[0]["error"], "\(again)")
        XCTAssertEqual(ledger.events.count, 1)
    }

    func testTheEditorTheScriptedAnswerAndTheWebPageRecordTheSameEventAndComment() throws {
        let config = try Self.config()
        let card = try XCTUnwrap(Self.cards(config).first { $0.question == Self.smallest })
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let lsp = Self.server(config: config, ledger: ledger, appliesEdits: false)
        XCTAssertEqual(execute(lsp, card: card.id, "easy").count, 1)
        let scripted = try scripted(config: config, card: card.id, "easy")
        // The web page's answer without its script (no response time), through the study flow.
        let webLedger = MemoryLedger(timeZone: Fixture.zone)
        let webFiles = Fixture.files([Self.path: Self.text])
        let studying = Studying(
            Fixture.context(
                Fixture.notes([Self.path: Self.text]), cards: Self.cards(config), ledger: webLedger, config: config,
                files: webFiles))
        try StudyFlow(studying, request: StudyRequest()).answerOutOfTurn(
            card, with: .fsrs(.easy), elapsedMilliseconds: 0, responseMilliseconds: nil, through: studying)
        XCTAssertEqual(ledger.events.map(\.kind), ["rate"])
        XCTAssertEqual(ledger.events, scripted.events)
        XCTAssertEqual(ledger.events, webLedger.events)
        let file = String(decoding: try lsp.files.read(Self.path), as: UTF8.self)
        XCTAssertNotEqual(file, Self.text)
        XCTAssertEqual(file, scripted.note)
        XCTAssertEqual(file, String(decoding: try webFiles.read(Self.path), as: UTF8.self))
    }

    func testANoteReviewIsAnsweredOnItsFrontMatterAndItsSRKeysAreEdited() throws {
        let config = try Self.config()
        let path = "Reviews/Essay.md"
        let text = "---\ntags: [review]\nsr-due: 2026-11-16\nsr-interval: 4\nsr-ease: 250\n---\n# Essay on memory\n\nA note reviewed as a whole.\n"
        let note = NoteParser.parse(Data(text.utf8), path: path, timeZone: Fixture.zone)
        let cards = CardExtractor.cards(in: Data(text.utf8), of: note.summary, syntax: config.cardSyntax)
        let review = try XCTUnwrap(cards.first { $0.kind == .note })
        let lsp = LSPHarness(
            [path: text], config: config, cards: cards, capabilities: ["workspace": ["applyEdit": .bool(true)]])
        lsp.open(path, text)
        let actions = lsp.result(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(LSPHarness.uri(path))],
                "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 0]],
                "context": ["diagnostics": []],
            ]
        ).array?.filter { $0["command"]?.string == CardAnswers.command } ?? []
        XCTAssertEqual(actions.map { $0["arguments"]?.array?[1].string }, Array(repeating: review.id, count: 4))
        let out = lsp.decode(
            lsp.server.receive([
                lsp.message(
                    "workspace/executeCommand",
                    [
                        "command": .string(CardAnswers.command),
                        "arguments": [.string(LSPHarness.uri(path)), .string(review.id), "good"],
                    ], id: 901)
            ]))
        let change = try XCTUnwrap(out.first?["params"]?["edit"]?["documentChanges"]?.array?.first)
        let edits = try XCTUnwrap(change["edits"]).decode([TextEdit].self)
        // As `vault study --rate` writes the file.
        let files = Fixture.files([path: text])
        _ = try Studying(
            Fixture.context(Fixture.notes([path: text]), cards: cards, config: config, files: files)
        ).answerWritingBack(rates: ["\(review.id)=good"], tiers: [])
        let expected = String(decoding: try files.read(path), as: UTF8.self)
        XCTAssertNotEqual(expected, text)
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(Self.applying(edits[0], to: text), expected)
        XCTAssertTrue(edits[0].range.start.line >= 2 && edits[0].range.end.line <= 4, "\(edits[0])")
    }

    func testAnEditTheClientRefusesIsWrittenIntoTheFile() throws {
        let config = try Self.config()
        let lsp = Self.server(config: config)
        lsp.open(Self.path, Self.text)
        let card = try XCTUnwrap(Self.cards(config).first { $0.question == Self.smallest })
        let out = execute(lsp, card: card.id, "hard")
        let id = try XCTUnwrap(out.first?["id"])
        // Until the client answers, the file is the editor's to write.
        XCTAssertEqual(String(decoding: try lsp.files.read(Self.path), as: UTF8.self), Self.text)
        let refused = lsp.server.receive([
            Array(
                try JSONEncoder().encode(
                    JSONValue.object(["jsonrpc": "2.0", "id": id, "result": ["applied": .bool(false)]])))
        ])
        XCTAssertTrue(refused.isEmpty)
        XCTAssertEqual(
            String(decoding: try lsp.files.read(Self.path), as: UTF8.self),
            try scripted(config: config, card: card.id, "hard").note)
    }

    func testANoteNotOpenIsWrittenThroughTheFilesPort() throws {
        let config = try Self.config()
        let lsp = Self.server(config: config)
        let card = try XCTUnwrap(Self.cards(config).first { $0.question == "Organelle that makes proteins" })
        XCTAssertEqual(codeActions(lsp, line: 11).count, 4)
        let out = execute(lsp, card: card.id, "easy")
        XCTAssertEqual(out.map { $0["method"]?.string }, [nil], "no edit is sent: \(out)")
        let expected = try scripted(config: config, card: card.id, "easy").note
        XCTAssertTrue(expected.contains("Organelle that makes proteins::ribosome\n<!--SR:!"), expected)
        XCTAssertEqual(String(decoding: try lsp.files.read(Self.path), as: UTF8.self), expected)
    }

    func testWithoutWriteBackOnlyTheAnswerIsRecorded() throws {
        let config = try Self.config(writeBack: false)
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let lsp = Self.server(config: config, ledger: ledger)
        lsp.open(Self.path, Self.text)
        let card = try XCTUnwrap(Self.cards(config).first { $0.question == Self.smallest })
        let out = execute(lsp, card: card.id, "again")
        XCTAssertEqual(out.map { $0["id"]?.int }, [900], "\(out)")
        XCTAssertEqual(ledger.events, try scripted(config: config, card: card.id, "again").events)
        XCTAssertEqual(String(decoding: try lsp.files.read(Self.path), as: UTF8.self), Self.text)
    }

    func testAnAnswerTheSchedulerDoesNotOfferIsRefused() throws {
        let config = try Self.config()
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let lsp = Self.server(config: config, ledger: ledger)
        let card = try XCTUnwrap(Self.cards(config).first { $0.question == Self.smallest })
        let out = execute(lsp, card: card.id, "q4")
        XCTAssertEqual(out.first?["error"]?["code"]?.int, RPCError.invalidParams)
        XCTAssertEqual(execute(lsp, card: "000000000000", "good").first?["error"]?["code"]?.int, RPCError.requestFailed)
        XCTAssertEqual(ledger.events, [])
    }

    func testTheServerSaysItRunsTheAnswerCommand() {
        let lsp = LSPHarness([:], initialize: false)
        let answer = lsp.request("initialize", ["processId": .null, "capabilities": .object([:])])
        XCTAssertEqual(
            answer["result"]?["capabilities"]?["executeCommandProvider"]?["commands"]?.array?.compactMap(\.string),
            [CodeActions.curate, CardAnswers.command])
    }

    func testTheEditSpansOnlyWhatChangedAndCountsUTF16Columns() throws {
        let edit = try XCTUnwrap(
            CardAnswers.minimalEdit(
                from: "😀 a::b <!--SR:!2026-11-15,10,250-->\n", to: "😀 a::b <!--SR:!2026-12-13,25,250-->\n"))
        // The emoji counts two columns; the dates' common "2026-1" and the common ",250-->" stay.
        XCTAssertEqual(edit.range.start, Position(line: 0, character: 22))
        XCTAssertEqual(edit.range.end, Position(line: 0, character: 29))
        XCTAssertEqual(edit.newText, "2-13,25")
        let added = try XCTUnwrap(
            CardAnswers.minimalEdit(from: "q::a\n\nnext", to: "q::a\n<!--SR:!2026-11-20,2,250-->\n\nnext"))
        XCTAssertEqual(Self.applying(added, to: "q::a\n\nnext"), "q::a\n<!--SR:!2026-11-20,2,250-->\n\nnext")
        XCTAssertEqual(added.range.start.line, 1)
        XCTAssertNil(CardAnswers.minimalEdit(from: "same", to: "same"))
    }
}
