import Foundation
import Testing

@testable import VaultCore

@Suite("vault history says every event in words")
struct EventSummaryTests {
    static let time = Date(timeIntervalSince1970: 1_795_000_000)

    static func event(_ kind: String, _ fields: [(String, String)]) -> LedgerEvent {
        LedgerEvent(
            time: time, device: "laptop", sequence: 1, kind: kind, fields: fields.map { (key: $0.0, value: $0.1) })
    }

    /// One readable event of every kind docs/FORMAT.md names.
    static let everyKind: [LedgerEvent] = [
        event("curate", [("note", "n1"), ("level", "weekly"), ("period", "2026-W46"), ("decision", "keep")]),
        event("finish", [("level", "weekly"), ("period", "2026-W46")]),
        event("baseline", [("before", "2026-11-01")]),
        event("rate", [("card", "3f2a9c11"), ("note", "n1"), ("scheduler", "fsrs"), ("rating", "good")]),
        event("cram", [("card", "3f2a9c11"), ("note", "n1"), ("scheduler", "fsrs"), ("rating", "again")]),
        event("card-link", [("from", "aaaaaa11"), ("to", "bbbbbb22"), ("note", "n1")]),
        event("tier", [("card", "3f2a9c11"), ("note", "n1"), ("tier", "reviewing")]),
        event("card-reset", [("card", "3f2a9c11"), ("note", "n1"), ("reset", "forget")]),
        event("card-hold", [("card", "3f2a9c11"), ("note", "n1"), ("hold", "suspend")]),
        event("unsuspend", [("card", "3f2a9c11"), ("note", "n1")]),
        event(
            "loci-rate",
            [("location", "l1"), ("itinerary", "Home walk"), ("sequence", "2"), ("mode", "review"), ("quality", "4")]),
        event("session-start", [("session", "s1"), ("subject", "Statistics")]),
        event("session-stop", [("session", "s1"), ("questions", "10"), ("correct", "8")]),
        event("session-cancel", [("session", "s1")]),
        event(
            "session",
            [("session", "s2"), ("subject", "Spanish"), ("start", "2026-11-17T08:00:00Z"), ("minutes", "30")]),
        event("session-review", [("session", "s1"), ("result", "easy")]),
        event("session-rm", [("session", "s1")]),
        event("subject-rename", [("from", "Stats"), ("to", "Statistics")]),
        event("goal", [("goal", "g1"), ("subject", "Statistics"), ("hours", "20"), ("by", "2026-12-31")]),
        event("goal-rm", [("goal", "g1")]),
    ]

    @Test("every kind of the ledger has its words in the one table")
    func everyKindHasWords() {
        #expect(Set(Self.everyKind.map(\.kind)) == Set(EventSummary.words.keys))
        for event in Self.everyKind {
            let words = EventSummary.words[event.kind]?(event, .gmt)
            #expect(words != nil, "\(event.kind) is not read by its words")
            #expect(words?.hasPrefix(event.kind + " ") == false, "\(event.kind): \(words ?? "")")
            #expect(words?.contains("=") == false, "\(event.kind): raw fields in \(words ?? "")")
        }
    }

    @Test("a card reset and a hold are said in words, not as the kind and its raw fields")
    func resetAndHold() {
        #expect(
            EventSummary.describe(Self.everyKind[7], in: .gmt) == "card 3f2a9c forgotten: it starts over as new, its history kept")
        let reschedule = Self.event("card-reset", [("card", "3f2a9c11"), ("note", "n1"), ("reset", "reschedule")])
        #expect(EventSummary.describe(reschedule, in: .gmt) == "card 3f2a9c given a due date by hand")
        #expect(
            EventSummary.describe(Self.everyKind[8], in: .gmt) == "card 3f2a9c suspended: out of study until released")
    }

    @Test("a kind this version does not know is said by its fields, never by its kind again")
    func unknownKind() {
        let event = Self.event("future-kind", [("card", "3f2a9c"), ("note", "n1"), ("mood", "bright")])
        #expect(EventSummary.describe(event, in: .gmt) == "card 3f2a9c, mood bright")
    }
}
