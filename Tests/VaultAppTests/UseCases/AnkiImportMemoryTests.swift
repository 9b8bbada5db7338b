import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// What a large Anki import holds while it plans (issue 42's peak memory):
/// the vault cards once, in ``AnkiCardMap``, and each pending rating in 16 bytes.
@Suite("Anki import: what the plan holds")
struct AnkiImportMemoryTests {
    func card(_ id: String) -> Card {
        Card(
            id: id, notePath: "Anki/\(id).md", noteID: "n-\(id)", kind: .basic, question: "q \(id)", answer: "a",
            line: 1, position: 0, identityText: "q \(id)")
    }

    @Test("the card map finds each Anki card's vault card, a card set again replaced in place")
    func cardMap() {
        var map = AnkiCardMap(minimumCapacity: 2)
        map.set(card("a"), for: 100)
        map.set(card("b"), for: 7)
        map.set(card("c"), for: 100)
        #expect(map.count == 2)
        #expect(map[100]?.id == "c" && map[7]?.id == "b" && map[8] == nil)
        #expect(map.place(of: 100) == 0 && map.place(of: 7) == 1 && map.place(of: 8) == nil)
        #expect(map.values.map(\.id) == ["c", "b"])
    }

    @Test("a pending rating is 16 bytes and gives back its card's place and its rating, up to the largest place")
    func pendingRating() {
        #expect(MemoryLayout<AnkiConversion.PendingRating>.stride == 16)
        for (card, rating) in [(Int32(0), UInt8(1)), (12_345, 4), ((1 << 29) - 1, 3), (1, 2)] {
            let pending = AnkiConversion.PendingRating(
                id: 1_767_225_600_000, card: card, rating: rating, milliseconds: -7)
            #expect(pending.card == card && pending.rating == rating && pending.milliseconds == -7)
            #expect(pending.id == 1_767_225_600_000)
        }
    }

    @Test("each rate event names the vault card its Anki card became, reviews of many cards interleaved in time")
    func eventsThroughTheMap() throws {
        // Twenty Basic notes, a card each, whose reviews alternate between the cards (newest card first).
        let notes = (0..<20).map {
            AnkiNote(
                id: 1_700_000_000_000 + Int64($0), guid: "g\($0)", noteType: 1, tags: [],
                fields: ["front \($0)", "back"])
        }
        let cards = (0..<20).map {
            AnkiCard(id: 500 + Int64($0), note: 1_700_000_000_000 + Int64($0), deck: 1, ord: 0, queue: 2)
        }
        let reviews = (0..<200).map { i in
            AnkiReview(
                id: 1_767_225_600_000 + Int64(i), card: 519 - Int64(i % 20), ease: 1 + i % 4, milliseconds: i, kind: 1)
        }
        let collection = AnkiCollection(
            created: 1, schema: 11, noteTypes: [1: AnkiImportingTests.basic], decks: [1: "Default"], notes: notes,
            cards: cards, reviews: reviews, media: [])
        let conversion = AnkiConversion(collection, folder: "Anki", timeZone: Fixture.zone)
        #expect(conversion.cards.count == 20 && conversion.ratingCount == 200)
        let events = try Array(conversion.events).map { try RatingEvent($0) }
        #expect(events.map(\.responseMilliseconds) == [nil] + (1..<200).map { Optional($0) })
        for (review, event) in zip(reviews, events) {
            let card = try #require(conversion.cards[review.card])
            #expect(event.card == card.id && event.note == card.noteKey)
            #expect(event.answer == .fsrs(FSRSRating(rawValue: review.ease)!))
        }
        #expect(Set(events.map(\.card)).count == 20)
    }
}
