import Foundation
import Testing
import VaultCore

/// A card replay brought up to date after events (an answer in `vault serve`)
/// gives what replaying the whole log gives.
@Suite("Card replay updated after events")
struct CardReplayUpdateTests {
    /// The cards of two notes: `fixed` is the edited text of a card answered
    /// under its old text (re-linked when replayed), `plain` never answered.
    let a = card("the first question of the note", position: 0)
    let b = card("the second question of the note", position: 1)
    let old = card("what is the capitol of france", position: 2)
    let fixed = card("what is the capital of france", position: 2)
    let plain = card("a question nobody answered yet", position: 3)
    let other = card("a card of another note", note: "n2", path: "deck/b.md")
    var cards: [Card] { [a, b, fixed, plain, other] }
    let config = SchedulerConfig(defaultSettings: .defaults(.fsrs))

    /// The `rate` event of answering `c` with `answer` at `time`, its schedule folded from none.
    func rate(_ c: Card, _ answer: FSRSRating, at time: Date, sequence: Int) -> LedgerEvent {
        RatingEvent.answering(
            c, with: .fsrs(answer), at: time, responseMilliseconds: 900, schedule: CardSchedule(settings: .defaults(.fsrs))
        ).event.ledgerEvent(device: "d", sequence: sequence)
    }

    typealias Replayed = (replay: CardReplay, lineage: [String: [String]])

    /// Applies `events` to `log`, then checks that updating `earlier` gives the full replay; returns the update.
    func step(
        _ earlier: Replayed, _ log: inout CardEventLog, _ events: [LedgerEvent], cards: [Card],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Replayed {
        var changed: Set<String> = []
        for event in events {
            log.apply(event)
            changed.formUnion(CardEventLog.cardIDs(of: event))
        }
        let (updated, lineage) = CardScheduleReplay.updating(
            earlier.replay, lineage: earlier.lineage, changed: changed, log: log, cards: cards, config: config)
        let full = CardScheduleReplay.replay(log, cards: cards, config: config)
        #expect(
            lineage.mapValues(Set.init) == CardScheduleReplay.lineageIDs(log, cards: cards).mapValues(Set.init),
            sourceLocation: sourceLocation)
        #expect(updated.schedules == full.schedules, sourceLocation: sourceLocation)
        #expect(updated.known == full.known, sourceLocation: sourceLocation)
        #expect(updated.relinkings == full.relinkings, sourceLocation: sourceLocation)
        #expect(updated.problems == full.problems, sourceLocation: sourceLocation)
        return (updated, lineage)
    }

    @Test("answers, an undo, an answer to an old text, a link and an unreadable rating: each update equals a full replay")
    func updatesEqualFullReplays() {
        var log = CardEventLog(events: [
            rate(a, .good, at: day(0), sequence: 1), rate(old, .easy, at: day(0), sequence: 2),
            rate(other, .hard, at: day(1), sequence: 3),
        ])
        var replay = CardScheduleReplay.replayKeepingLineage(log, cards: cards, config: config)
        #expect(replay.replay.schedules[fixed.id]?.reviews == 1)  // re-linked to the old text

        // An answer: only that card changes.
        replay = step(replay, &log, [rate(a, .again, at: day(3), sequence: 4)], cards: cards)
        #expect(replay.replay.schedules[a.id]?.reviews == 2)
        // An answer to the edited card, which continues the old text's history (the
        // re-link recorded with it, as answering does).
        replay = step(
            replay, &log,
            [
                CardLink(time: day(4), note: "n1", from: old.id, to: fixed.id).ledgerEvent(device: "d", sequence: 50),
                rate(fixed, .good, at: day(4), sequence: 5),
            ], cards: cards)
        #expect(replay.replay.schedules[fixed.id]?.reviews == 2)
        // An undo of that answer, and of a's last one.
        replay = step(
            replay, &log,
            [
                AnswerUndo(time: day(4.1), card: fixed.id, note: "n1", cram: false, answered: day(4))
                    .ledgerEvent(device: "d", sequence: 6),
                AnswerUndo(time: day(4.2), card: a.id, note: "n1", cram: false, answered: day(3))
                    .ledgerEvent(device: "d", sequence: 7),
            ], cards: cards)
        #expect(replay.replay.schedules[fixed.id]?.reviews == 1)
        #expect(replay.replay.schedules[a.id]?.reviews == 1)
        // Another device answers a card under a text no current card has, close to
        // `plain`'s: the re-link it makes changes `plain`'s history, though no event names it.
        let plainOld = card("a question nobody answered yet!", position: 3)
        replay = step(replay, &log, [rate(plainOld, .good, at: day(5), sequence: 8)], cards: cards)
        #expect(replay.replay.schedules[plain.id]?.reviews == 1)
        // A recorded link carries another old id's answers to `b`.
        let gone = card("a card long deleted from the note", position: 9)
        replay = step(
            replay, &log,
            [
                rate(gone, .good, at: day(6), sequence: 9),
                CardLink(time: day(6.5), note: "n1", from: gone.id, to: b.id).ledgerEvent(device: "d", sequence: 10),
            ], cards: cards)
        #expect(replay.replay.schedules[b.id]?.reviews == 1)
        // A rating this build cannot read: a problem, no schedule.
        replay = step(
            replay, &log,
            [LedgerEvent(time: day(7), device: "d", sequence: 11, kind: "rate", fields: [("card", a.id), ("rating", "meh")])],
            cards: cards)
        #expect(replay.replay.problems.count == 1)
        // An event naming no current card changes nothing, and folds nothing again.
        replay = step(replay, &log, [TierChange(time: day(8), card: "nobody", note: "n3", tier: .mastered).ledgerEvent(device: "d", sequence: 12)], cards: cards)
    }

    @Test("after an edit (other cards) a full replay, then updates again")
    func editThenUpdates() {
        var log = CardEventLog(events: [rate(a, .good, at: day(0), sequence: 1), rate(old, .easy, at: day(0), sequence: 2)])
        let before = [a, b, old, other]
        var replay = CardScheduleReplay.replayKeepingLineage(log, cards: before, config: config)
        replay = step(replay, &log, [rate(old, .good, at: day(2), sequence: 3)], cards: before)
        // The note edited: `old` is now `fixed`. The cards differ, so the caller replays in full.
        replay = CardScheduleReplay.replayKeepingLineage(log, cards: cards, config: config)
        #expect(replay.replay.schedules[fixed.id]?.reviews == 2)
        replay = step(
            replay, &log,
            [
                CardLink(time: day(3), note: "n1", from: old.id, to: fixed.id).ledgerEvent(device: "d", sequence: 40),
                rate(fixed, .again, at: day(3), sequence: 4),
            ], cards: cards)
        #expect(replay.replay.schedules[fixed.id]?.reviews == 3)
    }
}
