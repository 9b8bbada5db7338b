import Foundation
import Testing

@testable import VaultCore

@Suite("Anki history: a vault card's events as Anki's rows")
struct AnkiHistoryTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    func at(_ text: String) -> Date { VaultDate.parse(text, in: zone)! }

    var collection: AnkiCollection {
        var c = AnkiCollection(
            created: Int64(at("2026-11-01T04:00:00").timeIntervalSince1970), schema: 18, noteTypes: [:], decks: [:],
            notes: [], cards: [], reviews: [], media: [])
        c.creationOffset = -60
        return c
    }

    @Test(
        "fsrs: a learning step logged in minus seconds, a review in days; types from the state before; factor is difficulty"
    )
    func fsrsRows() {
        let settings = SchedulerSettings.fsrs(FSRSSettings())
        let events: [CardScheduleReplay.CardEvent] = [
            .answer(time: at("2026-11-02T09:00:00"), answer: .fsrs(.good), responseMilliseconds: 4000),
            .answer(time: at("2026-11-02T09:10:00"), answer: .fsrs(.good), responseMilliseconds: 90_000),
            .answer(time: at("2026-11-05T09:00:00"), answer: .fsrs(.again)),
        ]
        let history = AnkiHistory(
            events: events, settings: settings, cardID: "c", now: at("2026-11-05T09:05:00"), collection: collection,
            zone: zone,
            newPosition: 1)
        #expect(history.reviews.map(\.kind) == [0, 0, 1])
        #expect(history.reviews[0].interval == -600, "the 10-minute step")
        #expect(history.reviews[1].interval > 0 && history.reviews[1].lastInterval == -600)
        #expect(history.reviews.map(\.ease) == [3, 3, 1])
        #expect(history.reviews.map(\.milliseconds) == [4000, 60_000, 0], "Anki caps an answer at 60 s")
        #expect(history.reviews.allSatisfy { (100...1100).contains($0.factor) })
        // Relearning after the lapse, due within the day: queue 1 with the moment.
        #expect(history.card.type == 3 && history.card.queue == 1)
        #expect(history.card.due == Int64(history.schedule.due!.timeIntervalSince1970.rounded(.down)))
        #expect(history.card.reps == 3 && history.card.lapses == 1)
    }

    @Test("sm2: a review card due on the vault's due date, its ease; a reset row and a new card")
    func sm2AndReset() {
        let events: [CardScheduleReplay.CardEvent] = [
            .answer(time: at("2026-11-02T09:00:00"), answer: .quality(4)),
            .answer(time: at("2026-11-03T09:00:00"), answer: .quality(4)),
        ]
        let history = AnkiHistory(
            events: events, settings: .sm2, cardID: "c", now: at("2026-11-04T12:00:00"), collection: collection,
            zone: zone,
            newPosition: 1)
        #expect(history.card.type == 2 && history.card.queue == 2)
        #expect(history.card.due == Int64(collection.dueDay(of: history.schedule.due!, zone: zone)))
        #expect(history.card.due == 8, "due 2026-11-09: day 8 of a collection made on 2026-11-01")
        #expect(history.card.interval == 6 && history.card.factor == 2500)
        #expect(history.reviews.map(\.interval) == [1, 6])
        let forgotten = AnkiHistory(
            events: events + [.forget(time: at("2026-11-04T10:00:00"))], settings: .sm2, cardID: "c",
            now: at("2026-11-04T12:00:00"), collection: collection, zone: zone, newPosition: 5)
        #expect(forgotten.reviews.last.map { ($0.kind, $0.ease, $0.factor) }! == (4, 0, 0), "a reset, as Anki logs one")
        #expect(forgotten.card.type == 0 && forgotten.card.queue == 0 && forgotten.card.due == 5)
    }

    @Test("a due date set by hand: a manual row with the card's factor, and the card due then")
    func setDue() {
        let due = at("2026-11-20T09:00:00")
        let history = AnkiHistory(
            events: [
                .answer(time: at("2026-11-02T09:00:00"), answer: .quality(4)),
                .dueSet(time: at("2026-11-03T09:00:00"), due: due),
            ], settings: .sm2, cardID: "c", now: at("2026-11-04T12:00:00"), collection: collection, zone: zone,
            newPosition: 1)
        #expect(history.reviews.last.map { ($0.kind, $0.ease) }! == (4, 0))
        #expect(history.reviews.last!.factor > 0)
        #expect(history.card.due == Int64(collection.dueDay(of: due, zone: zone)))
    }

    @Test("day numbers as Anki counts them, across a change of summer time")
    func days() {
        var summer = AnkiCollection(
            created: Int64(at("2026-10-01T04:00:00").timeIntervalSince1970), schema: 18, noteTypes: [:], decks: [:],
            notes: [], cards: [], reviews: [], media: [])
        summer.creationOffset = -60
        #expect(summer.dueDay(of: at("2026-11-29T08:30:00"), zone: zone) == 59)
        #expect(
            summer.dayNumber(of: at("2026-11-29T03:00:00"), zone: zone) == 58,
            "before 4 a.m. it is still the day before")
        #expect(summer.start(ofDay: 59, zone: zone) == at("2026-11-29T04:00:00"))
    }
}

@Suite("A due date set by hand in replay")
struct SettingDueTests {
    @Test(
        "the card keeps its history and is due then; a new card stays new; an fsrs card still learning becomes a review card"
    )
    func settingDue() throws {
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        let due = t.addingTimeInterval(20 * 86_400)
        let fsrs = CardScheduleReplay.fold(
            [.answer(time: t, answer: .fsrs(.good)), .dueSet(time: t.addingTimeInterval(60), due: due)],
            settings: .fsrs(FSRSSettings()), cardID: "c")
        #expect(fsrs.due == due && fsrs.reviews == 1)
        guard case .fsrs(let state) = fsrs.state else { Issue.record("not fsrs"); return }
        #expect(state.phase == .review && state.stability != nil)
        let new = CardScheduleReplay.fold([.dueSet(time: t, due: due)], settings: .sm2, cardID: "c")
        #expect(new.isNew && new.due == nil)
        // The event: written with its due, read back; one without due changes nothing.
        let event = CardResetEvent(time: t, card: "c", note: "n", reset: .reschedule, due: due).ledgerEvent(
            device: "d", sequence: 1)
        #expect(event["due"] == VaultDate.isoString(due))
        #expect(try CardResetEvent(event).due == due)
        var log = CardEventLog(events: [event])
        #expect(log.histories.first == [.dueSet(time: t, due: due)])
        log = CardEventLog(events: [
            CardResetEvent(time: t, card: "c", note: "n", reset: .reschedule).ledgerEvent(device: "d", sequence: 1)
        ])
        #expect(log.ids.isEmpty)
        #expect(
            EventSummary.describe(event, in: TimeZone(identifier: "UTC")!)
                == "card c given a due date by hand → due in 2 weeks")
        let forget = CardResetEvent(time: t, card: "c1a2b3c4d5e6", note: "n", reset: .forget).ledgerEvent(
            device: "d", sequence: 2)
        #expect(
            EventSummary.describe(forget, in: TimeZone(identifier: "UTC")!)
                == "card c1a2b3 forgotten: it starts over as new, its history kept")
    }
}
