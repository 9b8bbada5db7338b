import Foundation
import Testing

@testable import VaultCore

@Suite("Card holds: suspended and buried cards")
struct CardHoldTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    func at(_ text: String) -> Date { VaultDate.parse(text, in: zone)! }

    @Test("a suspended card stays held until released; a buried one only for the rest of its day")
    func holdsInForce() {
        let events = [
            CardHoldEvent(time: at("2026-11-20T10:00:00"), card: "a", note: "n", action: .suspend),
            CardHoldEvent(time: at("2026-11-20T10:00:00"), card: "b", note: "n", action: .bury),
            CardHoldEvent(time: at("2026-11-20T10:00:00"), card: "c", note: "n", action: .suspend),
            CardHoldEvent(time: at("2026-11-21T08:00:00"), card: "c", note: "n", action: .release),
        ]
        #expect(CardHoldEvent.holds(events, now: at("2026-11-20T23:59:00"), timeZone: zone) == ["a": .suspended, "b": .buried, "c": .suspended])
        #expect(CardHoldEvent.holds(events, now: at("2026-11-21T09:00:00"), timeZone: zone) == ["a": .suspended])
    }

    @Test("a card-hold event reads back what it wrote; an unknown hold is refused")
    func roundTrip() throws {
        let event = CardHoldEvent(time: at("2026-11-20T10:00:00"), card: "a", note: "n", action: .bury)
        #expect(try CardHoldEvent(event.ledgerEvent(device: "d", sequence: 1)) == event)
        var bad = event.ledgerEvent(device: "d", sequence: 2)
        bad.fields = [("card", "a"), ("hold", "freeze")]
        #expect(throws: VaultCoreError.self) { try CardHoldEvent(bad) }
    }
}
