import Foundation
import Testing
import VaultCore

/// A card of `question`; on a line of its own (from the question's hash)
/// unless `line` is given, so cards made apart are never siblings.
func card(
    _ question: String, note: String = "n1", path: String = "deck/a.md", position: Int = 0, kind: Card.Kind = .basic,
    line: Int? = nil
)
    -> Card
{
    let line = line ?? Int(StableHash.fnv1a(question) % 1_000_000) + 1
    var c = CardIdentity.cards(
        from: [CardDraft(kind: kind, question: question, answer: "x", line: line)], notePath: path, noteID: note)[0]
    c.position = position
    return c
}

@Suite("Rating events and replay")
struct CardScheduleReplayTests {
    @Test("a ledger scheduler value reads as its name; other values (case included) read as nothing")
    func schedulerLedgerValue() {
        for name in SchedulerName.allCases { #expect(SchedulerName(ledgerValue: name.rawValue) == name) }
        #expect(SchedulerName(ledgerValue: "FSRS") == nil)
        #expect(SchedulerName(ledgerValue: "anki") == nil)
        #expect(SchedulerName(ledgerValue: "") == nil)
    }

    @Test("a rating event survives the trip through a ledger event, with its states before and after")
    func roundTrip() throws {
        let c = card("capital of france")
        let (event, schedule) = RatingEvent.answering(
            c, with: .fsrs(.good), at: t0, responseMilliseconds: 4200,
            schedule: CardSchedule(settings: .defaults(.fsrs)))
        let ledger = event.ledgerEvent(device: "dev1", sequence: 7)
        #expect(ledger.kind == "rate")
        #expect(ledger.fields.prefix(5).map(\.key) == ["card", "note", "scheduler", "rating", "response_ms"])
        #expect(ledger["rating"] == "good")
        #expect(ledger["response_ms"] == "4200")
        #expect(ledger["state_before"] == "learning")
        #expect(ledger["s_before"] == "")
        #expect(ledger["s_after"] == "2.3065")
        #expect(ledger["due_after"] == "2026-11-18T09:10:00Z")
        let back = try RatingEvent(ledger)
        #expect(back == event)
        #expect(schedule.reviews == 1)
    }

    @Test("replay folds each card's ratings in order, and new cards stay new")
    func replay() {
        let a = card("one", position: 0)
        let b = card("two", position: 1)
        var events: [LedgerEvent] = []
        var schedule = CardSchedule(settings: .sm2)
        var seq = 0
        for n in 0..<3 {
            let r = RatingEvent.answering(
                a, with: .quality(5), at: day(Double(n)), responseMilliseconds: nil, schedule: schedule)
            schedule = r.schedule
            seq += 1
            events.append(r.event.ledgerEvent(device: "d", sequence: seq))
        }
        let config = SchedulerConfig(defaultSettings: .sm2)
        let result = CardScheduleReplay.replay(events, cards: [a, b], config: config)
        #expect(result.schedules[a.id] == schedule)
        guard case .sm2(let state)? = result.schedules[a.id]?.state else {
            Issue.record("card a should be under sm2")
            return
        }
        #expect(state.repetitions == 3)
        #expect(state.interval == 17)  // 1, 6, round(6 × 2.8 = 16.8)
        #expect(result.schedules[b.id]?.isNew == true)
    }

    @Test("replay reschedules under the folder's current scheduler")
    func schedulerFollowsConfig() {
        let a = card("one")
        let r = RatingEvent.answering(
            a, with: .fsrs(.good), at: t0, responseMilliseconds: nil, schedule: CardSchedule(settings: .defaults(.fsrs))
        )
        let config = SchedulerConfig(folders: [.init(prefix: "deck/", settings: .ladder(steps: [1, 7, 30, 90]))])
        let result = CardScheduleReplay.replay(
            [r.event.ledgerEvent(device: "d", sequence: 1)], cards: [a], config: config)
        #expect(result.schedules[a.id]?.due == day(1))
    }

    @Test("a typo fix keeps the history through re-linking; a rewrite orphans it")
    func relinkThroughReplay() {
        let old = card("what is the capitol of france", position: 2)
        let r = RatingEvent.answering(
            old, with: .fsrs(.easy), at: t0, responseMilliseconds: nil,
            schedule: CardSchedule(settings: .defaults(.fsrs)))
        let events = [r.event.ledgerEvent(device: "d", sequence: 1)]
        let fixed = card("what is the capital of france", position: 2)
        #expect(fixed.id != old.id)
        let kept = CardScheduleReplay.replay(events, cards: [fixed], config: SchedulerConfig())
        #expect(kept.schedules[fixed.id]?.reviews == 1)
        #expect(kept.relinkings["n1"]?.relinked.map(\.from) == [old.id])

        let rewritten = card("which city hosts the french government", position: 2)
        let lost = CardScheduleReplay.replay(events, cards: [rewritten], config: SchedulerConfig())
        #expect(lost.schedules[rewritten.id]?.isNew == true)
        #expect(lost.relinkings["n1"]?.orphaned.map(\.id) == [old.id])
    }

    @Test("a recorded card-link carries history to the new id")
    func recordedLink() {
        let old = card("alpha beta gamma")
        let new = card("completely different words")
        let r = RatingEvent.answering(
            old, with: .fsrs(.good), at: t0, responseMilliseconds: nil,
            schedule: CardSchedule(settings: .defaults(.fsrs)))
        let link = CardLink(time: day(1), note: "n1", from: old.id, to: new.id)
        let result = CardScheduleReplay.replay(
            [r.event.ledgerEvent(device: "d", sequence: 1), link.ledgerEvent(device: "d", sequence: 2)], cards: [new],
            config: SchedulerConfig())
        #expect(result.schedules[new.id]?.reviews == 1)
    }

    @Test("a rating this build cannot read is reported and skipped")
    func unreadableRating() {
        let a = card("one")
        let bad = LedgerEvent(
            time: t0, device: "d", sequence: 3, kind: "rate", fields: [("card", a.id), ("rating", "meh")])
        let result = CardScheduleReplay.replay([bad], cards: [a], config: SchedulerConfig())
        #expect(
            result.problems == [
                .badRatingEvent(device: "d", sequence: 3, reason: "has a 'rating' this build cannot read ('meh')")
            ])
        #expect(result.schedules[a.id]?.isNew == true)
    }

    @Test("tier events move a card under the tiers scheduler")
    func tierEvent() {
        let a = card("one")
        let move = TierChange(time: t0, card: a.id, note: "n1", tier: .mastered)
        let result = CardScheduleReplay.replay(
            [move.ledgerEvent(device: "d", sequence: 1)], cards: [a],
            config: SchedulerConfig(defaultSettings: .tiers(promotionStreak: 5)))
        #expect(result.schedules[a.id]?.tier == .mastered)
    }
}

@Suite("Card re-linking")
struct CardRelinkerTests {
    func known(_ c: Card) -> KnownCard { KnownCard(id: c.id, kind: c.kind, text: c.identityText, position: c.position) }

    @Test("an unchanged card keeps its id, a near neighbour with similar text inherits, a far one does not")
    func matching() {
        let old = card("the mitochondria is the powerhouse of the cell", position: 1)
        let typo = card("the mitochondrion is the powerhouse of the cell", position: 2)
        let far = card("the mitochondrion is the powerhouse of the cell", position: 9)
        let near = CardRelinker.relink(known: [known(old)], current: [typo])
        #expect(near.historyID[typo.id] == old.id)
        let distant = CardRelinker.relink(known: [known(old)], current: [far])
        #expect(distant.historyID[far.id] == far.id)
        #expect(distant.orphaned.map(\.id) == [old.id])
    }

    @Test("each old card is inherited at most once, by the most similar new card")
    func bestMatchWins() {
        let old = card("abcdefghij klmnop", position: 0)
        let close = card("abcdefghij klmnoq", position: 1)
        let closer = card("abcdefghij klmnopq", position: 0)
        let result = CardRelinker.relink(known: [known(old)], current: [close, closer])
        #expect(result.relinked.map(\.to) == [closer.id])
        #expect(result.historyID[close.id] == close.id)
    }

    @Test("similarity is 1 − edit distance / longer length")
    func similarity() {
        #expect(CardRelinker.similarity("kitten", "sitting") == 1 - 3.0 / 7.0)
        #expect(CardRelinker.similarity("", "") == 1)
    }
}

@Suite("Card event log rebuilt from its parts")
struct CardEventLogPartsTests {
    /// Three cards rated on three days, one rating of a card the vault no longer has, and a link.
    static func events(_ a: Card, _ b: Card) -> [LedgerEvent] {
        var events: [LedgerEvent] = []
        var schedule = CardSchedule(settings: .defaults(.fsrs))
        for (n, c) in [a, b, a].enumerated() {
            let r = RatingEvent.answering(
                c, with: .fsrs(.good), at: day(Double(n)), responseMilliseconds: 900, schedule: schedule)
            schedule = r.schedule
            events.append(r.event.ledgerEvent(device: "d", sequence: n + 1))
        }
        let gone = card("deleted long ago")
        events.append(
            RatingEvent.answering(gone, with: .fsrs(.hard), at: day(4), responseMilliseconds: nil, schedule: schedule)
                .event.ledgerEvent(device: "d", sequence: 9))
        return events
    }

    /// Two answers given after ``events(_:_:)``: one of the known card `a`, one of the new card `c`.
    static func laterAnswers(_ a: Card, _ c: Card) -> [LedgerEvent] {
        [(a, FSRSRating.easy, 5.0, 10), (c, .again, 6, 11)].map { card, rating, when, sequence in
            RatingEvent.answering(
                card, with: .fsrs(rating), at: day(when), responseMilliseconds: nil,
                schedule: .init(settings: .defaults(.fsrs))
            ).event.ledgerEvent(device: "d", sequence: sequence)
        }
    }

    /// `log` and `built` (the log of ``events(_:_:)`` built from events),
    /// both extended with ``laterAnswers(_:_:)``, expected alike: the same
    /// ids, histories, slots, last ratings and replay.
    static func expectExtendedAlike(
        _ log: CardEventLog, _ built: CardEventLog, a: Card, b: Card,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var log = log
        var extended = built
        let c = card("three", position: 2)
        for event in laterAnswers(a, c) {
            log.apply(event)
            extended.apply(event)
        }
        #expect(log.ids == extended.ids && log.ids.count == 4, sourceLocation: sourceLocation)
        #expect(log.histories == extended.histories, sourceLocation: sourceLocation)
        #expect(log.slots(of: [c.id, a.id]) == [3, 0], sourceLocation: sourceLocation)
        #expect(
            log.ids.indices.map(log.lastRating) == extended.ids.indices.map(extended.lastRating),
            sourceLocation: sourceLocation)
        let config = SchedulerConfig()
        #expect(
            CardScheduleReplay.replay(log, cards: [a, b, c], config: config).schedules
                == CardScheduleReplay.replay(extended, cards: [a, b, c], config: config).schedules,
            sourceLocation: sourceLocation)
    }

    static func rebuilt(_ log: CardEventLog) -> CardEventLog {
        CardEventLog(
            ids: log.ids, histories: log.histories, lastRatings: log.ids.indices.map(log.lastRating),
            links: log.links, problems: log.problems, count: log.count)
    }

    @Test("a compacted log answers as the log built from events it was made of, and is extended alike")
    func compactedAsBuilt() {
        let a = card("one", position: 0)
        let b = card("two", position: 1)
        let built = CardEventLog(events: Self.events(a, b))
        let compact = built.compacted()
        let asked = [b.id, "unknown", a.id, b.id]
        #expect(compact.slots(of: asked) == [1, nil, 0, 1])
        #expect(compact.ids == built.ids)
        #expect(compact.histories == built.histories)
        #expect(compact.count == built.count && compact.links == built.links)
        #expect(compact.ids.indices.map(compact.lastRating) == built.ids.indices.map(built.lastRating))
        #expect(compact.lastRating(0) != nil)
        let config = SchedulerConfig()
        #expect(
            CardScheduleReplay.replay(compact, cards: [a, b], config: config).schedules
                == CardScheduleReplay.replay(built, cards: [a, b], config: config).schedules)
        // Compacting again gives the same log.
        #expect(compact.compacted().histories == compact.histories)
        #expect(compact.compacted().ids == compact.ids)
        Self.expectExtendedAlike(compact, built, a: a, b: b)
    }

    @Test("slots, last ratings and replay are those of the log built from events, then extended alike")
    func sameAsBuilt() {
        let a = card("one", position: 0)
        let b = card("two", position: 1)
        let built = CardEventLog(events: Self.events(a, b))
        let copy = Self.rebuilt(built)
        let asked = [b.id, "unknown", a.id, b.id]
        #expect(copy.slots(of: asked) == built.slots(of: asked))
        #expect(copy.slots(of: asked) == [1, nil, 0, 1])
        #expect(copy.ids.indices.map(copy.lastRating) == built.ids.indices.map(built.lastRating))
        let config = SchedulerConfig()
        #expect(
            CardScheduleReplay.replay(copy, cards: [a, b], config: config).schedules
                == CardScheduleReplay.replay(built, cards: [a, b], config: config).schedules)

        // A new event on the rebuilt log: the known card's slot is found, a new card gets the next one.
        Self.expectExtendedAlike(copy, built, a: a, b: b)
    }
}
