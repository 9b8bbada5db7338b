import Foundation
import Testing
import VaultCore

@testable import VaultIndex

/// `VaultNotes.inDecks`: the cards of the notes in a deck, walked together
/// with the notes when both are in path order, looked up by path otherwise.
@Suite("Cards of the notes in a deck")
struct DeckCardsTests {
    static func note(_ path: String, tags: [String] = []) -> NoteSummary {
        NoteSummary(
            path: path, id: nil, title: path, tags: tags, category: nil, source: nil, sourceType: nil,
            sourceTypeInferred: false, aliases: [], created: nil, createdOrigin: .unknown, diagnostics: [])
    }

    static func card(_ path: String, _ position: Int) -> Card {
        Card(
            id: "\(path)#\(position)", notePath: path, noteID: nil, kind: .basic, question: "q", answer: "a", line: 1,
            position: position, identityText: "q\(position)")
    }

    let notes = [
        note("a/1.md"), note("a/2.md"), note("b/1.md", tags: ["flashcards"]), note("b/2.md"), note("c/1.md"),
    ]
    let decks = Decks(folders: ["a/"])

    @Test("in path order: the cards of a/ and of the tagged note, in their order")
    func inOrder() {
        let cards = [
            Self.card("a/1.md", 0), Self.card("a/1.md", 1), Self.card("b/1.md", 0), Self.card("b/2.md", 0),
            Self.card("c/1.md", 0),
        ]
        let kept = VaultNotes.inDecks(cards, notes: notes, decks: decks).map(\.id)
        #expect(kept == ["a/1.md#0", "a/1.md#1", "b/1.md#0"])
    }

    @Test("in another order, or naming a note that is not listed: the same answer as a lookup by path")
    func outOfOrder() {
        let cards = [Self.card("b/1.md", 0), Self.card("a/2.md", 0), Self.card("gone.md", 0), Self.card("a/1.md", 0)]
        let kept = VaultNotes.inDecks(cards, notes: notes, decks: decks).map(\.id)
        #expect(kept == ["b/1.md#0", "a/2.md#0", "a/1.md#0"])
    }

    @Test("every card in a deck: the same array back, not a copy")
    func allInDecks() {
        let cards = [Self.card("a/1.md", 0), Self.card("a/2.md", 0), Self.card("b/1.md", 0)]
        let kept = VaultNotes.inDecks(cards, notes: notes, decks: decks)
        #expect(kept.map(\.id) == cards.map(\.id))
        kept.withUnsafeBufferPointer { k in
            cards.withUnsafeBufferPointer { c in #expect(k.baseAddress == c.baseAddress) }
        }
    }

    @Test("the first card left out is in the middle: the ones before it are kept")
    func leftOutInTheMiddle() {
        let cards = [Self.card("a/1.md", 0), Self.card("b/2.md", 0), Self.card("b/1.md", 0), Self.card("c/1.md", 0)]
        let kept = VaultNotes.inDecks(cards, notes: notes, decks: decks).map(\.id)
        #expect(kept == ["a/1.md#0", "b/1.md#0"])
    }
}
