import Foundation
import Testing
import VaultCore

@Suite("Scripted study answers")
struct StudyAnswersTests {
    let cards = CardIdentity.cards(
        from: [
            CardDraft(kind: .basic, question: "one", answer: "1", line: 1),
            CardDraft(kind: .basic, question: "two", answer: "2", line: 2),
        ], notePath: "deck/a.md", noteID: "n1")

    @Test("two answers to one card build on each other; the events replay to the same schedule")
    func chained() throws {
        let config = SchedulerConfig(defaultSettings: .sm2)
        let replay = CardScheduleReplay.replay([], cards: cards, config: config)
        let id = cards[0].id
        let planned = try StudyAnswers.plan(
            rates: ["\(id.prefix(6))=q5", "\(id)=4"], tiers: [], cards: cards, replay: replay, config: config, at: t0)
        #expect(planned.events.count == 2)
        #expect(planned.outcomes.map(\.given) == ["q5", "q4"])
        guard case .sm2(let state) = planned.outcomes[1].schedule.state else {
            Issue.record("expected sm2")
            return
        }
        #expect(state.repetitions == 2)
        let ledger = planned.events.enumerated().map { $0.element.ledgerEvent(device: "d", sequence: $0.offset + 1) }
        let again = CardScheduleReplay.replay(ledger, cards: cards, config: config)
        #expect(again.schedules[id] == planned.outcomes[1].schedule)
    }

    @Test("an unknown card, an unreadable answer or a tier move outside the tiers scheduler plans nothing")
    func refusals() {
        let config = SchedulerConfig()
        let replay = CardScheduleReplay.replay([], cards: cards, config: config)
        #expect(throws: VaultCoreError.cardNotFound("ffff")) {
            try StudyAnswers.plan(rates: ["ffff=good"], tiers: [], cards: cards, replay: replay, config: config, at: t0)
        }
        #expect(throws: VaultCoreError.self) {
            try StudyAnswers.plan(
                rates: ["\(cards[0].id)=7"], tiers: [], cards: cards, replay: replay, config: config, at: t0)
        }
        #expect(throws: VaultCoreError.self) {
            try StudyAnswers.plan(
                rates: [], tiers: ["\(cards[0].id)=mastered"], cards: cards, replay: replay, config: config, at: t0)
        }
    }

    @Test("a tier move under the tiers scheduler records a tier event")
    func tierMove() throws {
        let config = SchedulerConfig(defaultSettings: .tiers(promotionStreak: 5))
        let replay = CardScheduleReplay.replay([], cards: cards, config: config)
        let planned = try StudyAnswers.plan(
            rates: [], tiers: ["\(cards[1].id)=reviewing"], cards: cards, replay: replay, config: config, at: t0)
        #expect(planned.events.map { type(of: $0.typed).kind } == ["tier"])
        #expect(planned.outcomes.first?.schedule.tier == .reviewing)
    }

    @Test("answers are dated to the whole millisecond, as the ledger writes times")
    func millisecondTimes() throws {
        let config = SchedulerConfig()
        let replay = CardScheduleReplay.replay([], cards: cards, config: config)
        let planned = try StudyAnswers.plan(
            rates: ["\(cards[0].id)=good"], tiers: [], cards: cards, replay: replay, config: config,
            at: t0.addingTimeInterval(0.0123456))
        let time = try #require(planned.events.first?.time)
        #expect(abs(time.timeIntervalSince(t0) - 0.012) < 1e-6)
        #expect(planned.outcomes.first?.schedule.lastReview == time)
    }

    @Test("a short or shared prefix is refused")
    func prefixes() {
        #expect(throws: VaultCoreError.cardNotFound(String(cards[0].id.prefix(3)))) {
            try CardReference.resolve(String(cards[0].id.prefix(3)), in: cards)
        }
        #expect((try? CardReference.resolve(cards[1].id.uppercased(), in: cards))?.id == cards[1].id)
    }
}
