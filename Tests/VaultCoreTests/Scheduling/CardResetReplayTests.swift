import Foundation
import Testing
import VaultCore

/// Card replay reads `card-reset` events (Anki's manual rows, imported):
/// a `forget` makes the card new again, a `reschedule` is no answer.
@Suite("card-reset in card replay")
struct CardResetReplayTests {
    /// Answers under each scheduler: correct, correct, correct, wrong (a lapse once in review), correct.
    static let schedulers: [(SchedulerSettings, [ReviewAnswer])] = [
        (.defaults(.fsrs), [.fsrs(.good), .fsrs(.good), .fsrs(.easy), .fsrs(.again), .fsrs(.good)]),
        (.sm2, [.quality(5), .quality(4), .quality(5), .quality(1), .quality(4)]),
        (.tiers(promotionStreak: 2), [.correct, .correct, .correct, .wrong, .correct]),
        (.ladder(steps: [1, 7, 30, 90]), [.correct, .correct, .correct, .wrong, .correct]),
    ]

    let c = card("what a forget does")

    /// The ledger events of `answers` on days 0, 3, 10, 40, 41, a forget on day 50
    /// when `forget`, then `later` on days 52 and 60.
    func events(_ settings: SchedulerSettings, answers: [ReviewAnswer], forget: Bool, later: [ReviewAnswer])
        -> [LedgerEvent]
    {
        var schedule = CardSchedule(settings: settings)
        var out: [LedgerEvent] = []
        func rate(_ answer: ReviewAnswer, _ n: Double) {
            let r = RatingEvent.answering(c, with: answer, at: day(n), responseMilliseconds: nil, schedule: schedule)
            schedule = r.schedule
            out.append(r.event.ledgerEvent(device: "d", sequence: out.count + 1))
        }
        for (answer, n) in zip(answers, [0.0, 3, 10, 40, 41]) { rate(answer, n) }
        if forget {
            out.append(
                CardResetEvent(time: day(50), card: c.id, note: "n1", reset: .forget)
                    .ledgerEvent(device: "d", sequence: out.count + 1))
            schedule = CardSchedule(settings: settings)  // what the card answers from next
        }
        for (answer, n) in zip(later, [52.0, 60]) { rate(answer, n) }
        return out
    }

    func replayed(_ events: [LedgerEvent], _ settings: SchedulerSettings) -> CardSchedule {
        CardScheduleReplay.replay(events, cards: [c], config: SchedulerConfig(defaultSettings: settings))
            .schedules[c.id]!
    }

    @Test("under every scheduler, answers after a forget schedule the card as if they were its only ones")
    func forgetStartsOver() {
        for (settings, answers) in Self.schedulers {
            let later = [answers[0], answers[1]]
            let full = replayed(events(settings, answers: answers, forget: true, later: later), settings)
            let only = replayed(events(settings, answers: [], forget: false, later: later), settings)
            let unforgotten = replayed(events(settings, answers: answers, forget: false, later: later), settings)
            let name = settings.name.rawValue
            #expect(full.state == only.state, "\(name)")
            #expect(full.due == only.due, "\(name)")
            #expect(full.tier == only.tier, "\(name)")
            #expect(full.dueAtLastReview == only.dueAtLastReview, "\(name)")
            #expect(!full.isNew, "\(name)")
            #expect(full.state != unforgotten.state, "\(name): the forget changes the schedule")
            // What the card has been through stays, as Anki keeps a forgotten card's repetitions and lapses.
            #expect(full.reviews == 7, "\(name)")
            #expect(full.correct == 6, "\(name)")
            #expect(full.lapses == unforgotten.lapses, "\(name)")
            #expect(full.lastReview == day(60), "\(name)")
        }
    }

    @Test("a card forgotten with no answer since is new: new state, no due date, its counts kept")
    func forgottenCardIsNew() {
        for (settings, answers) in Self.schedulers {
            let schedule = replayed(events(settings, answers: answers, forget: true, later: []), settings)
            let name = settings.name.rawValue
            #expect(schedule.isNew, "\(name)")
            #expect(schedule.state == .new(settings), "\(name)")
            #expect(schedule.due == nil, "\(name)")
            #expect(schedule.reviews == 5, "\(name)")
            #expect(schedule.forgottenAt == day(50), "\(name)")
            #expect(schedule.lastReview == day(41), "\(name)")
        }
    }

    @Test("a reschedule is no answer: the schedule is what the answers alone give")
    func rescheduleChangesNothing() {
        for (settings, answers) in Self.schedulers {
            var ledger = events(settings, answers: answers, forget: false, later: [])
            let plain = replayed(ledger, settings)
            ledger.append(
                CardResetEvent(time: day(45), card: c.id, note: "n1", reset: .reschedule)
                    .ledgerEvent(device: "d", sequence: ledger.count + 1))
            #expect(replayed(ledger, settings) == plain, "\(settings.name.rawValue)")
        }
    }

    @Test("the card log keeps forgets in order among the answers, and no reschedule")
    func logKeepsForgets() {
        var ledger = events(.sm2, answers: [.quality(5)], forget: true, later: [.quality(4)])
        ledger.append(
            CardResetEvent(time: day(70), card: c.id, note: "n1", reset: .reschedule)
                .ledgerEvent(device: "d", sequence: ledger.count + 1))
        let log = CardEventLog(events: ledger)
        #expect(ledger.allSatisfy(CardEventLog.reads))
        #expect(log.histories.first?.map(\.time) == [day(0), day(50), day(52)])
        #expect(log.histories.first?[1] == .forget(time: day(50)))
    }

    @Test("the optimizer's review log reads a forget in the card's events as a manual entry, once")
    func revlogReadsLoggedForget() {
        let ledger = events(
            .defaults(.fsrs), answers: [.fsrs(.good), .fsrs(.good)], forget: true, later: [.fsrs(.good)])
        let log = CardEventLog(events: ledger)
        let kinds = LedgerRevlog.entries([(c.id, log.histories[0])]).map(\.kind)
        #expect(kinds == [.learning, .review, .manual, .learning])
        // The same moment given by the caller too is one entry.
        #expect(LedgerRevlog.entries([(c.id, log.histories[0])], forgets: [c.id: [day(50)]]).map(\.kind) == kinds)
    }
}
