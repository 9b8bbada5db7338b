import Foundation
import Testing
import VaultCore

/// Issue 36: overdue cards that come back, batches all day, leeches, weak and cram queues.
@Suite("Overdue cards coming back, batches, leeches, weak and cram queues")
struct StudyComebackTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A tiers card in the reviewing tier, answered once, due at `due`.
    func reviewing(_ name: String, due: Date, path: String = "deck/a.md") -> (Card, CardSchedule) {
        var s = CardSchedule(settings: .tiers(promotionStreak: 5))
        s.state = .tiers(
            TiersCardState(tier: .reviewing, correctStreak: 1, due: due, lastReview: due.addingTimeInterval(-86_400)))
        s.reviews = 1
        s.correct = 1
        s.lastReview = due.addingTimeInterval(-86_400)
        return (card(name, path: path), s)
    }

    func plan(
        _ cards: [Card], _ schedules: [String: CardSchedule], at now: Date, options: StudyOptions = StudyOptions()
    )
        -> StudyQueue
    {
        StudyPlanner.plan(cards: cards, schedules: schedules, now: now, timeZone: utc, options: options)
    }

    @Test("after a 30-day break, 50 overdue cards come back 20 a day, oldest first, each once, in their own group")
    func overdueSpreadAcrossABreak() {
        // Cards due on days -29 … -(29 - 49/2): two a day, the oldest first; now is day 0 after the break.
        let items = (0..<50).map { n in reviewing("card \(n)", due: day(-30 + Double(n) / 2)) }
        let cards = items.map(\.0)
        var schedules = Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) })
        let options = StudyOptions(limit: 100, daily: 100)
        var seen: [String] = []
        for d in 0..<4 {
            let now = day(Double(d))
            let queue = plan(cards, schedules, at: now, options: options)
            let back = queue.entries.map(\.card.question)
            #expect(back.count == [20, 20, 10, 0][d], "day \(d)")
            #expect(queue.entries.allSatisfy { $0.group == .reviewing }, "day \(d): not the red overdue group")
            #expect(queue.setAside.count == [30, 10, 0, 0][d], "day \(d)")
            // Studied, all of them: asked again the same day, no more come back.
            for entry in queue.entries {
                // Answered, and (as after a good answer) not due again for months.
                var next = entry.schedule.answering(.correct, at: now, cardID: entry.card.id)
                next.state = .tiers(TiersCardState(tier: .reviewing, correctStreak: 1, due: day(100), lastReview: now))
                schedules[entry.card.id] = next
            }
            let again = plan(cards, schedules, at: now.addingTimeInterval(60), options: options)
            #expect(again.entries.isEmpty, "day \(d): the day's share is spent")
            #expect(again.returnedToday == back.count)
            seen += back
        }
        #expect(seen == (0..<50).map { "card \($0)" }, "oldest first, each once")
    }

    @Test("a day's share counts the cards answered today after coming back; unanswered ones stay for tomorrow's share")
    func shareCountsAnswersOfToday() {
        let items = (0..<30).map { n in reviewing("card \(n)", due: day(-10 - Double(n) / 10)) }
        let cards = items.map(\.0)
        var schedules = Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) })
        let options = StudyOptions(limit: 5, daily: 100, overduePerDay: 8)
        let first = plan(cards, schedules, at: t0, options: options)
        #expect(first.entries.count == 5)
        #expect(first.deferred == 3)
        for entry in first.entries {
            schedules[entry.card.id] = entry.schedule.answering(.correct, at: t0, cardID: entry.card.id)
        }
        let second = plan(cards, schedules, at: t0.addingTimeInterval(600), options: options)
        #expect(second.entries.count == 3, "8 a day, 5 answered")
        #expect(second.setAside.count == 22)
    }

    @Test("--overdue takes every overdue card now, oldest first, past the share and the daily limit")
    func overdueFocusTakesAll() {
        var items = (0..<40).map { n in reviewing("old \(n)", due: day(-20 + Double(n) / 4)) }
        items.append(reviewing("two days late", due: day(-2)))
        items.append(reviewing("due today", due: t0.addingTimeInterval(-60)))
        let schedules = Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) })
        let queue = plan(items.map(\.0), schedules, at: t0, options: StudyOptions(focus: .overdue))
        #expect(queue.entries.count == 41)
        #expect(queue.entries.first?.card.question == "old 0")
        #expect(queue.entries.last?.card.question == "two days late")
        #expect(queue.setAside.isEmpty)
        #expect(
            plan(items.map(\.0), schedules, at: t0, options: StudyOptions(limit: 5, focus: .overdue)).entries.count == 5
        )
    }

    @Test("a batch after earlier answers is the batch asked for; the daily limit caps the day and says it is reached")
    func batchesAfterEarlierAnswers() {
        let items = (0..<40).map { n in reviewing("card \(n)", due: t0.addingTimeInterval(-3_600 - Double(n))) }
        let cards = items.map(\.0)
        var schedules = Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) })
        var answered = 0
        for round in 0..<20 {
            let now = t0.addingTimeInterval(Double(round) * 1_200)  // every 20 minutes, all on one day
            let queue = plan(cards, schedules, at: now, options: StudyOptions(limit: 2))
            if answered == 30 {
                #expect(queue.entries.isEmpty)
                #expect(queue.dailyLimitReached)
                break
            }
            #expect(queue.entries.count == 2, "round \(round): 2 now, after \(answered) answered")
            #expect(!queue.dailyLimitReached)
            for entry in queue.entries {
                schedules[entry.card.id] = entry.schedule.answering(.correct, at: now, cardID: entry.card.id)
                answered += 1
            }
        }
        #expect(answered == 30)
    }

    @Test("a leech after 8 failed answers once in review; failures while learning are no lapses")
    func leechThreshold() {
        let c = card("hard one")
        var s = CardSchedule(settings: .defaults(.fsrs))
        var time = t0
        // Failures before the card first reaches review count for nothing.
        for _ in 0..<3 {
            s = s.answering(.fsrs(.again), at: time, cardID: c.id)
            time = time.addingTimeInterval(600)
        }
        #expect(s.lapses == 0)
        func reachReview() {
            while s.tier == .learning {
                s = s.answering(.fsrs(.good), at: time, cardID: c.id)
                time = s.due ?? time.addingTimeInterval(600)
            }
        }
        for n in 1...8 {
            reachReview()
            time = s.due ?? time
            s = s.answering(.fsrs(.again), at: time, cardID: c.id)
            #expect(s.lapses == n)
            #expect(s.lastLapse == time)
            #expect(s.isLeech(threshold: 8) == (n >= 8))
            time = time.addingTimeInterval(600)
        }
    }

    @Test("under suspend a leech leaves study until unsuspended, and again at its next lapse; under flag it stays")
    func suspension() {
        let (c, base) = reviewing("leech", due: t0.addingTimeInterval(-60))
        var s = base
        s.lapses = 8
        s.lastLapse = day(-1)
        let schedules = [c.id: s]
        let suspend = StudySettings(leechAction: .suspend)
        #expect(Leeches.suspended(schedules, habits: StudySettings(), unsuspensions: []).isEmpty)
        #expect(Leeches.suspended(schedules, habits: suspend, unsuspensions: []) == [c.id])
        let back = CardUnsuspension(time: day(-0.5), card: c.id, note: "n1")
        #expect(Leeches.suspended(schedules, habits: suspend, unsuspensions: [back]).isEmpty)
        var lapsedAgain = s
        lapsedAgain.lapses = 9
        lapsedAgain.lastLapse = day(-0.1)
        #expect(Leeches.suspended([c.id: lapsedAgain], habits: suspend, unsuspensions: [back]) == [c.id])
        let out = plan([c], schedules, at: t0, options: StudyOptions(suspended: [c.id]))
        #expect(out.entries.isEmpty)
        #expect(plan([c], schedules, at: t0).entries.count == 1)
        let counts = FlashcardCounts.count(
            cards: [c], schedules: schedules, now: t0, timeZone: utc, options: .unlimited(suspended: [c.id]))
        #expect(counts.toStudy == 0)
    }

    @Test("weak order: lowest retrievability now, then most lapses, then lowest accuracy; new cards left out")
    func weakOrder() {
        func fsrs(_ name: String, stability: Double, last: Date, lapses: Int = 0, correct: Int = 4) -> (
            Card, CardSchedule
        ) {
            var s = CardSchedule(settings: .defaults(.fsrs))
            s.state = .fsrs(
                FSRSCardState(
                    phase: .review, step: nil, stability: stability, difficulty: 5,
                    due: last.addingTimeInterval(stability * 86_400), lastReview: last))
            s.reviews = 4
            s.correct = correct
            s.lapses = lapses
            s.lastReview = last
            return (card(name), s)
        }
        let items = [
            fsrs("strong", stability: 100, last: day(-1)),
            fsrs("faded", stability: 2, last: day(-20)),
            fsrs("same, more lapses", stability: 10, last: day(-5), lapses: 3),
            fsrs("same, fewer lapses, worse accuracy", stability: 10, last: day(-5), lapses: 1, correct: 1),
            fsrs("same, fewer lapses, better accuracy", stability: 10, last: day(-5), lapses: 1, correct: 3),
            (card("never seen"), CardSchedule(settings: .defaults(.fsrs))),
        ]
        let schedules = Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) })
        let weak = plan(items.map(\.0), schedules, at: t0, options: StudyOptions(focus: .weak))
        #expect(
            weak.entries.map(\.card.question) == [
                "faded", "same, more lapses", "same, fewer lapses, worse accuracy",
                "same, fewer lapses, better accuracy",
                "strong",
            ])
        // Cram: every card, the one never seen first (nothing recalled), whatever the daily limit.
        let cram = plan(items.map(\.0), schedules, at: t0, options: StudyOptions(daily: 0, focus: .cram))
        #expect(cram.entries.map(\.card.question).first == "never seen")
        #expect(cram.entries.count == 6)
        #expect(
            plan(items.map(\.0), schedules, at: t0, options: StudyOptions(limit: 2, focus: .cram)).entries.count == 2)
    }

    @Test("cram answers are cram events: the schedules replayed and the optimizer's log are as without them")
    func cramLeavesSchedulesAlone() throws {
        let c = card("crammed")
        let before = CardSchedule(settings: .defaults(.fsrs)).answering(.fsrs(.good), at: day(-3), cardID: c.id)
        let rated = RatingEvent.answering(
            c, with: .fsrs(.good), at: day(-3), responseMilliseconds: nil,
            schedule: CardSchedule(settings: .defaults(.fsrs)))
        let replay = CardScheduleReplay.replay(
            [rated.event.ledgerEvent(device: "d1", sequence: 1)], cards: [c], config: SchedulerConfig())
        #expect(replay.schedules[c.id] == before)
        let crammed = CardAnswering.answer(
            c, with: .fsrs(.again), at: t0, responseMilliseconds: 1_200, replay: replay, config: SchedulerConfig(),
            cram: true)
        #expect(crammed.schedule == before)
        guard case .cram(let event) = crammed.events.first, crammed.events.count == 1 else {
            Issue.record("expected one cram event, got \(crammed.events)")
            return
        }
        let ledger = event.ledgerEvent(device: "d1", sequence: 2)
        #expect(ledger.kind == "cram")
        #expect(try CramAnswer(ledger) == event)
        let events = [rated.event.ledgerEvent(device: "d1", sequence: 1), ledger]
        let log = CardEventLog(events: events)
        #expect(log.histories.map { $0.count } == [1], "the cram answer is not a card event")
        let replayed = CardScheduleReplay.replay(events, cards: [c], config: SchedulerConfig())
        #expect(replayed.schedules[c.id] == before)
        let histories: [(card: String, events: [CardScheduleReplay.CardEvent])] = Array(zip(log.ids, log.histories))
        #expect(LedgerRevlog.entries(histories).count == 1)
        let planned = try StudyAnswers.plan(
            rates: ["\(c.id)=again"], tiers: [], cards: [c], replay: replay, config: SchedulerConfig(), at: t0,
            cram: true)
        #expect(planned.outcomes.first?.schedule == before)
        #expect(planned.events.count == 1)
    }
}
