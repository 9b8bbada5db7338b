import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("Loading cards from note files")
struct CardLoaderTests {
    @Test(
        "cards come in note order, then reading order, keyed by note id or path; a note without card syntax gives none")
    func loads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cards-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "---\nid: b-note\n---\nB one :: 1\nB two :: 2\n".write(
            to: root.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        try "Plain text, a time 10:30 and a = sign.\n".write(
            to: root.appendingPathComponent("plain.md"), atomically: true, encoding: .utf8)
        try "A ==cloze== here\n".write(to: root.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let layout = VaultLayout(root: root)
        let notes = NoteLoader(layout: layout, timeZone: TimeZone(identifier: "UTC")!).load(
            VaultScanner(layout: layout).scan().files
        ).sorted { $0.path < $1.path }
        let cards = CardLoader(layout: layout).cards(of: notes, in: .wholeVault)
        #expect(cards.map(\.notePath) == ["a.md", "b.md", "b.md"])
        #expect(cards.map(\.answer) == ["cloze", "1", "2"])
        #expect(cards.map(\.position) == [0, 0, 1])
        #expect(cards[1].noteKey == "b-note")
        #expect(cards[0].noteKey == "a.md")
    }

    @Test("the quick byte test passes only notes with '::', '==' or a line holding only '?'")
    func quickTest() {
        #expect(!CardLoader.mayHoldCards(Array("a: b = c 10:30\n".utf8)))
        #expect(!CardLoader.mayHoldCards(Array("Why not? Because.\nReally?\n".utf8)))
        #expect(CardLoader.mayHoldCards(Array("q\n  > 1. ?  \r\na".utf8)))
        #expect(CardLoader.mayHoldCards(Array("q\n?".utf8)))
        #expect(CardLoader.mayHoldCards(Array("a :: b".utf8)))
        #expect(CardLoader.mayHoldCards(Array("x ==y==".utf8)))
        #expect(CardLoader.mayHoldCards(Array("q\n?\na".utf8)))
    }
}
