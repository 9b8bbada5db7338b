import Foundation
import Testing

@testable import VaultCore

/// One answer sent twice (a lost reply, two tabs, two servers merged by git)
/// is two lines with one given id; replay keeps the first and ignores the rest.
@Suite("Given ids: an answer sent twice is one event")
struct GivenIDTests {
    let zone = TimeZone(identifier: "UTC")!
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A `rate` of card `card` at `seconds` after the start by `device`, with the given id `id`.
    func rate(_ card: String, _ seconds: Double, device: String, sequence: Int, id: String?) -> LedgerEvent {
        LedgerEvent(
            time: start.addingTimeInterval(seconds), device: device, sequence: sequence, kind: "rate",
            fields: GivenID.fields([("card", card), ("rating", "good")], given: id))
    }

    @Test("the id is written first and read back; a field elsewhere or too long is no id")
    func readsTheFirstField() {
        let id = "0b8f3a1e-5c2d-4e6f-9a7b-1c2d3e4f5a6b"
        let event = rate("c1", 0, device: "a", sequence: 1, id: id)
        #expect(event.fields.first?.key == "id")
        #expect(GivenID.of(event) == id)
        let later = LedgerEvent(
            time: start, device: "a", sequence: 2, kind: "rate", fields: [("card", "c1"), ("id", id)])
        #expect(GivenID.of(later) == nil)
        let long = rate("c1", 0, device: "a", sequence: 3, id: String(repeating: "a", count: 65))
        #expect(GivenID.of(long) == nil)
        #expect(GivenID.isValid(id))
        #expect(!GivenID.isValid(""))
        #expect(!GivenID.isValid("a b"))
        #expect(!GivenID.isValid("x\n"))
        #expect(!GivenID.isValid(String(repeating: "a", count: 65)))
    }

    @Test("replay keeps the first event with an id and drops a copy from another device")
    func historyDropsRepeats() {
        let id = "5f0c9e2a-7b1d-4c3e-8f6a-2b3c4d5e6f70"
        let events = [
            rate("c1", 0, device: "a", sequence: 1, id: id),
            rate("c2", 5, device: "a", sequence: 2, id: nil),
            rate("c1", 10, device: "b", sequence: 1, id: id),  // the same answer, through another server
            rate("c2", 20, device: "b", sequence: 2, id: nil),
        ]
        let history = LedgerHistory(events.shuffled())
        #expect(history.events.count == 3)
        #expect(history.repeatedGivenIDs == 1)
        #expect(history.events.filter { GivenID.of($0) == id }.map(\.device) == ["a"])
        let replay = LedgerReplay(history, timeZone: zone)
        #expect(replay.eventCount == 3)
        #expect(replay.holds(givenID: id))
        #expect(replay.holds(givenID: id.uppercased()))  // a UUID is its bits
        #expect(!replay.holds(givenID: "6f0c9e2a-7b1d-4c3e-8f6a-2b3c4d5e6f70"))
    }

    @Test("extending a replay with a repeated id changes nothing, as the full replay leaves it out")
    func extendingIgnoresRepeats() {
        let id = "answer-1"
        var replay = LedgerReplay(LedgerHistory([rate("c1", 0, device: "a", sequence: 1, id: id)]), timeZone: zone)
        let again = rate("c1", 10, device: "a", sequence: 2, id: id)
        #expect(replay.repeatsGivenID(again))
        let appliedAgain = replay.append(again)
        #expect(!appliedAgain)
        #expect(replay.eventCount == 1)
        let other = rate("c1", 20, device: "a", sequence: 3, id: "answer-2")
        let appliedOther = replay.append(other)
        #expect(appliedOther)
        #expect(replay.eventCount == 2)
        let full = LedgerReplay(
            LedgerHistory([rate("c1", 0, device: "a", sequence: 1, id: id), again, other]), timeZone: zone)
        #expect(full.eventCount == replay.eventCount)
        #expect(full.givenIDs == replay.givenIDs)
    }

    @Test("a card answered twice with one id is scheduled as answered once")
    func cardReplayCountsOnce() {
        let c = card("one answer, sent twice")
        var schedule = CardSchedule(settings: .defaults(.fsrs))
        let first = RatingEvent.answering(c, with: .fsrs(.good), at: start, responseMilliseconds: nil, schedule: schedule)
        schedule = first.schedule
        var a = first.event.ledgerEvent(device: "a", sequence: 1)
        a.fields = GivenID.fields(a.fields, given: "same")
        var b = first.event.ledgerEvent(device: "b", sequence: 1)
        b.time = start.addingTimeInterval(3)
        b.fields = GivenID.fields(b.fields, given: "same")
        let config = SchedulerConfig(defaultSettings: .defaults(.fsrs))
        let once = CardScheduleReplay.replay(LedgerHistory([a]).events, cards: [c], config: config).schedules[c.id]!
        let twice = CardScheduleReplay.replay(LedgerHistory([a, b]).events, cards: [c], config: config).schedules[c.id]!
        #expect(twice.state == once.state)
        #expect(twice.due == once.due)
        #expect(twice.due == schedule.due)
    }
}
