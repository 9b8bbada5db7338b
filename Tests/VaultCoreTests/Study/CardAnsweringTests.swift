import Foundation
import Testing
import VaultCore

@Suite("Answering a card and checking cards")
struct CardAnsweringTests {
    @Test("answering an edited card records the link first; replaying the new events gives the same schedule")
    func linkThenRate() {
        let old = card("what is the capitol of france", position: 0)
        let first = RatingEvent.answering(
            old, with: .fsrs(.good), at: t0, responseMilliseconds: 1000,
            schedule: CardSchedule(settings: .defaults(.fsrs)))
        var ledger = [first.event.ledgerEvent(device: "d", sequence: 1)]
        let fixed = card("what is the capital of france", position: 0)
        let replay = CardScheduleReplay.replay(ledger, cards: [fixed], config: SchedulerConfig())
        let answered = CardAnswering.answer(
            fixed, with: .fsrs(.good), at: day(1), responseMilliseconds: 900, replay: replay, config: SchedulerConfig())
        guard answered.events.count == 2, case .link(let link) = answered.events[0], case .rate = answered.events[1]
        else {
            Issue.record("expected a card-link then a rate event, got \(answered.events)")
            return
        }
        #expect(link.from == old.id)
        #expect(link.to == fixed.id)
        #expect(answered.schedule.reviews == 2)
        ledger += answered.events.enumerated().map { $0.element.ledgerEvent(device: "d", sequence: 2 + $0.offset) }
        let again = CardScheduleReplay.replay(ledger, cards: [fixed], config: SchedulerConfig())
        #expect(again.schedules[fixed.id] == answered.schedule)
        #expect(again.relinkings.isEmpty)
    }

    @Test("vault check hears about re-linked, orphaned and duplicate cards and unreadable ratings")
    func checks() {
        let old = card("alpha beta gamma delta", position: 0)
        let gone = card("a question that was deleted", position: 1)
        var events: [LedgerEvent] = []
        for (n, c) in [old, gone].enumerated() {
            let r = RatingEvent.answering(
                c, with: .fsrs(.good), at: t0, responseMilliseconds: nil,
                schedule: CardSchedule(settings: .defaults(.fsrs)))
            events.append(r.event.ledgerEvent(device: "d", sequence: n + 1))
        }
        events.append(LedgerEvent(time: day(1), device: "d", sequence: 9, kind: "rate", fields: [("rating", "good")]))
        let edited = card("alpha beta gamma delte", position: 0)
        let twins = CardIdentity.cards(
            from: [
                CardDraft(kind: .basic, question: "same", answer: "1", line: 5),
                CardDraft(kind: .basic, question: "Same!", answer: "2", line: 6),
            ], notePath: "deck/a.md", noteID: "n1")
        let cards = [edited] + twins
        let diagnostics = CardChecks.run(
            cards: cards, replay: CardScheduleReplay.replay(events, cards: cards, config: SchedulerConfig()))
        #expect(diagnostics.map(\.code) == ["card-relinked", "card-orphaned", "card-duplicate", "ledger-rating"])
        #expect(diagnostics[2].line == 6)
        #expect(twins[0].id != twins[1].id)
    }
}
