import Foundation
import Testing

@testable import VaultCore

/// `answer-undo` takes an answer back: card replay leaves it out, the day's
/// count of answers drops, a cram answer no longer stands.
@Suite("answer-undo")
struct AnswerUndoTests {
    let c = card("what an undo restores")
    let zone = TimeZone(identifier: "UTC")!

    /// Answers `answers` on days 0, 3, 10…, each a `rate` event of device `d`.
    func rated(_ answers: [ReviewAnswer], settings: SchedulerSettings = .defaults(.fsrs)) -> [LedgerEvent] {
        var schedule = CardSchedule(settings: settings)
        var out: [LedgerEvent] = []
        for (answer, n) in zip(answers, [0.0, 3, 10, 30]) {
            let r = RatingEvent.answering(c, with: answer, at: day(n), responseMilliseconds: nil, schedule: schedule)
            schedule = r.schedule
            out.append(r.event.ledgerEvent(device: "d", sequence: out.count + 1))
        }
        return out
    }

    func schedule(_ events: [LedgerEvent], settings: SchedulerSettings = .defaults(.fsrs)) -> CardSchedule {
        CardScheduleReplay.replay(events, cards: [c], config: SchedulerConfig(defaultSettings: settings)).schedules[c.id]!
    }

    func undo(of event: LedgerEvent, at seconds: Double = 5, sequence: Int) -> LedgerEvent {
        AnswerUndo(time: event.time.addingTimeInterval(seconds), card: c.id, note: "n1", cram: false, answered: event.time)
            .ledgerEvent(device: "d", sequence: sequence)
    }

    @Test("the fields read back; a kind of answer or a moment that does not read is a clear error")
    func roundTrip() throws {
        let undo = AnswerUndo(time: day(1), card: "c1", note: "n1", cram: true, answered: day(0.5))
        let read = try AnswerUndo(undo.ledgerEvent(device: "d", sequence: 1))
        #expect(read == undo)
        var bad = undo.ledgerEvent(device: "d", sequence: 2)
        bad.fields = bad.fields.map { $0.key == "of" ? ("of", "curate") : $0 }
        #expect(throws: VaultCoreError.self) { try AnswerUndo(bad) }
        var badTime = undo.ledgerEvent(device: "d", sequence: 3)
        badTime.fields = badTime.fields.map { $0.key == "answered" ? ("answered", "yesterday") : $0 }
        #expect(throws: VaultCoreError.self) { try AnswerUndo(badTime) }
    }

    @Test("under every scheduler, an undone last answer leaves the schedule it had before")
    func undoRestoresTheSchedule() {
        let schedulers: [(SchedulerSettings, [ReviewAnswer])] = [
            (.defaults(.fsrs), [.fsrs(.good), .fsrs(.good), .fsrs(.again)]),
            (.sm2, [.quality(5), .quality(4), .quality(1)]),
            (.tiers(promotionStreak: 2), [.correct, .correct, .wrong]),
            (.ladder(steps: [1, 7, 30, 90]), [.correct, .correct, .wrong]),
        ]
        for (settings, answers) in schedulers {
            let all = rated(answers, settings: settings)
            let before = schedule(Array(all.prefix(2)), settings: settings)
            let after = schedule(all, settings: settings)
            let undone = schedule(all + [undo(of: all[2], sequence: 4)], settings: settings)
            let name = settings.name.rawValue
            #expect(undone.state == before.state, "\(name)")
            #expect(undone.due == before.due, "\(name)")
            #expect(undone.tier == before.tier, "\(name)")
            #expect(after.due != before.due || after.state != before.state || after.tier != before.tier, "\(name)")
        }
    }

    @Test("an undo cancels one answer: the one at its moment, once; an undo of no answer changes nothing")
    func cancelsOnce() {
        let all = rated([.fsrs(.good), .fsrs(.good)])
        let one = schedule(Array(all.prefix(1)))
        let twice = [undo(of: all[1], sequence: 3), undo(of: all[1], at: 9, sequence: 4)]
        let undone = schedule(all + twice)
        #expect(undone.due == one.due)
        #expect(undone.state == one.state)
        let stray = AnswerUndo(time: day(40), card: c.id, note: "n1", cram: false, answered: day(39))
            .ledgerEvent(device: "d", sequence: 3)
        #expect(schedule(all + [stray]).due == schedule(all).due)
        let otherCard = AnswerUndo(time: day(40), card: "not-a-card", note: "n1", cram: false, answered: all[1].time)
            .ledgerEvent(device: "d", sequence: 3)
        #expect(schedule(all + [otherCard]).due == schedule(all).due)
    }

    @Test("the day's count of answers drops by the undone one; the day stays one with activity")
    func dayCounts() {
        let all = rated([.fsrs(.good)])
        var activity = StudyActivity(events: all, timeZone: zone)
        let dayNumber = VaultDate.dayNumber(of: all[0].time, in: zone)
        #expect(activity.counts[dayNumber]?.ratings == 1)
        activity.apply(undo(of: all[0], sequence: 2))
        #expect(activity.counts[dayNumber]?.ratings == 0)
        #expect(activity.firstEvent[dayNumber] != nil)
    }

    @Test("a cram answer undone no longer stands; another card's does")
    func cramStanding() {
        let a = CramAnswer(time: day(1), card: c.id, note: "n1", scheduler: .fsrs, answer: .fsrs(.good))
        let b = CramAnswer(time: day(1), card: "other", note: "n1", scheduler: .fsrs, answer: .fsrs(.again))
        let undo = AnswerUndo(time: day(1.1), card: c.id, note: "n1", cram: true, answered: day(1))
        #expect(AnswerUndo.standing([a, b], undos: [undo]) == [b])
        #expect(AnswerUndo.standing([a, b], undos: []) == [a, b])
    }
}
