import Foundation
import Testing
import VaultCore

/// `vault stats`'s figures on hand-made events and a fixed clock.
@Suite("Statistics")
struct StatisticsTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func at(_ text: String) -> Date { VaultDate.parse(text + ":00", in: berlin)! }

    func input(
        ratings: [RatingEvent] = [], cards: [Card] = [], schedules: [String: CardSchedule] = [:],
        sessions: [StudySessionRecord] = [], activity: StudyActivity? = nil, now: Date, days: Int = 30
    ) -> StatsInput {
        StatsInput(
            notes: [], board: CurationBoard(notes: [], state: CurationState(events: []), timeZone: berlin),
            cardLog: log(ratings), countedCards: nil, cards: cards, schedules: schedules, relinked: 0, orphaned: 0, sessions: sessions,
            goals: [], activity: activity ?? StudyActivity(timeZone: berlin), now: now, timeZone: berlin, days: days)
    }

    /// The FSRS weights of a schedule's settings.
    func weights(of schedule: CardSchedule) -> [Double] {
        if case .fsrs(let settings) = schedule.settings { return settings.parameters }
        return []
    }

    func log(_ ratings: [RatingEvent]) -> CardEventLog {
        CardEventLog(events: ratings.enumerated().map { $1.ledgerEvent(device: "aaaa", sequence: $0 + 1) })
    }

    func rate(_ card: String, _ answer: FSRSRating, _ time: String, dueBefore: String? = nil) -> RatingEvent {
        RatingEvent(
            time: at(time), card: card, note: "n", scheduler: .fsrs, answer: .fsrs(answer),
            before: dueBefore.map { [RatingEvent.Field("due", VaultDate.isoString(at($0)))] } ?? [])
    }

    @Test("review kinds: first answer learn, after a fail relearn, interval under 21 days young, else mature")
    func kinds() {
        let reviews = ReviewKind.classify(
            log([
                rate("a", .good, "2026-10-01T09:00"),
                rate("a", .again, "2026-10-04T09:00", dueBefore: "2026-10-04T09:00"),
                rate("a", .good, "2026-10-04T09:10", dueBefore: "2026-10-04T09:10"),
                rate("a", .good, "2026-11-10T09:00", dueBefore: "2026-11-10T09:00"),
            ]), cards: nil, now: at("2026-11-18T12:00"), timeZone: berlin)
        #expect(reviews.map(\.kind) == [.learn, .young, .relearn, .mature])
        #expect(reviews.map(\.passed) == [true, false, true, true])
    }

    @Test("a new card's learning steps, even after an Again, are learn; it is young once it passes and comes back a day later")
    func learningSteps() {
        let reviews = ReviewKind.classify(
            log([
                rate("a", .again, "2026-11-01T09:00"),
                rate("a", .good, "2026-11-01T09:01"),
                rate("a", .again, "2026-11-01T09:11"),  // still a learning step
                rate("a", .good, "2026-11-02T08:00"),  // failed learning, back the next day: still learning
                rate("a", .good, "2026-11-02T08:10"),
                rate("a", .good, "2026-11-05T08:00"),  // graduated: young
                rate("a", .again, "2026-12-20T08:00"),  // a review failed
                rate("a", .good, "2026-12-20T08:10"),  // its relearning step
                rate("a", .good, "2026-12-21T08:00"),  // after a pass: young again
            ]), cards: nil, now: at("2026-12-31T12:00"), timeZone: berlin)
        #expect(reviews.map(\.kind) == [.learn, .learn, .learn, .learn, .learn, .young, .mature, .relearn, .young])
        #expect(reviews.map(\.firstOfDay) == [true, false, false, true, false, true, true, false, true])
    }

    @Test("true retention counts only a card's first review of the day, Again a fail, young and mature apart")
    func trueRetention() {
        let ratings = [
            rate("a", .good, "2026-11-01T09:00"),  // learn
            rate("a", .again, "2026-11-17T09:00", dueBefore: "2026-11-17T09:00"),  // young fail (16 days)
            rate("a", .good, "2026-11-17T09:10", dueBefore: "2026-11-17T09:10"),  // same day: not counted
            rate("b", .good, "2026-09-01T09:00"),  // learn
            rate("b", .hard, "2026-11-17T10:00", dueBefore: "2026-11-17T10:00"),  // mature pass (77 days)
            rate("c", .good, "2026-11-10T09:00"),  // learn
            rate("c", .good, "2026-11-18T08:00", dueBefore: "2026-11-18T08:00"),  // young pass, today
        ]
        let stats = VaultStatistics.compute(input(ratings: ratings, now: at("2026-11-18T12:00")))
        let spans = Dictionary(uniqueKeysWithValues: stats.reviews.retention.map { ($0.span, $0) })
        #expect(spans["today"]?.young == 1 && spans["today"]?.youngReviews == 1)
        #expect(spans["yesterday"]?.young == 0 && spans["yesterday"]?.youngReviews == 1)
        #expect(spans["yesterday"]?.mature == 1 && spans["yesterday"]?.matureReviews == 1)
        #expect(spans["week"]?.total == 2.0 / 3.0)
        #expect(stats.reviews.buttons.first { $0.kind == "learn" }?.good == 2, "b's first answer is before the 30 days")
        #expect(stats.reviews.total == 6)
    }

    @Test("retrievability in the stats is the card's own: the decay vault fsrs optimize fitted, 24-hour periods since the last review")
    func retrievabilityWithTheCardsWeights() {
        let card = CardIdentity.cards(
            from: [CardDraft(kind: .basic, question: "q", answer: "a", line: 1)], notePath: "d/n.md", noteID: "n")[0]
        let now = at("2026-11-18T08:00")
        // Last answered forty days and eleven hours ago (the clocks went back on 25 October):
        // 40 whole 24-hour periods, 41 calendar days.
        let last = at("2026-10-08T22:00")
        func schedule(decay: Double) -> CardSchedule {
            var weights = FSRSSettings.defaultParameters
            weights[20] = decay
            var s = CardSchedule(settings: .fsrs(FSRSSettings(parameters: weights)))
            s.state = .fsrs(FSRSCardState(phase: .review, step: nil, stability: 4, difficulty: 5, due: last.addingTimeInterval(4 * 86_400), lastReview: last))
            s.reviews = 3
            s.lastReview = last
            return s
        }
        for decay in [FSRSSettings.defaultParameters[20], 0.6] {
            let s = schedule(decay: decay)
            let stats = VaultStatistics.compute(input(cards: [card], schedules: [card.id: s], now: now))
            let expected = FSRS(settings: FSRSSettings(parameters: weights(of: s))).retrievability(4, days: 40)
            #expect(s.retrievability(at: now) == expected)
            #expect(stats.cards.estimatedKnown == (expected * 10).rounded() / 10, "decay \(decay)")
        }
        let fitted = VaultStatistics.compute(input(cards: [card], schedules: [card.id: schedule(decay: 0.6)], now: now))
        let standard = VaultStatistics.compute(
            input(cards: [card], schedules: [card.id: schedule(decay: FSRSSettings.defaultParameters[20])], now: now))
        #expect(fitted.cards.estimatedKnown == 0.5 && standard.cards.estimatedKnown == 0.7, "a fitted decay moves the figures")
        #expect(fitted.cards.retrievability != standard.cards.retrievability)
    }

    @Test("the forecast counts cards per day across a month boundary, overdue ones on today, with the load")
    func forecast() {
        let cards = (0..<4).map { i in
            CardIdentity.cards(from: [CardDraft(kind: .basic, question: "q\(i)", answer: "a", line: i + 1)], notePath: "d/n.md", noteID: "n")[0]
        }
        func schedule(due: String, interval: Int) -> CardSchedule {
            var s = CardSchedule(settings: .defaults(.sm2))
            s.state = .sm2(SM2CardState(easeFactor: 2.5, repetitions: 2, interval: interval, due: at(due), lastReview: at(due).addingTimeInterval(-Double(interval) * 86_400)))
            s.reviews = 2
            s.lastReview = at(due).addingTimeInterval(-Double(interval) * 86_400)
            return s
        }
        let schedules = [
            cards[0].id: schedule(due: "2026-11-10T09:00", interval: 4),  // overdue: today
            cards[1].id: schedule(due: "2026-11-30T09:00", interval: 10),
            cards[2].id: schedule(due: "2026-12-01T09:00", interval: 2),
            cards[3].id: schedule(due: "2026-12-01T20:00", interval: 5),
        ]
        let stats = VaultStatistics.compute(input(cards: cards, schedules: schedules, now: at("2026-11-18T12:00")))
        let days = Dictionary(uniqueKeysWithValues: stats.cards.forecast.map { ($0.day, $0) })
        #expect(days["2026-11-18"]?.due == 1)
        #expect(days["2026-11-30"]?.due == 1)
        #expect(days["2026-12-01"]?.due == 2)
        #expect(days["2026-12-01"]?.load == 0.7, "1/2 + 1/5")
        #expect(stats.cards.forecast.count == 30 && stats.cards.forecast.last?.day == "2026-12-17")
        #expect(stats.cards.dailyLoad == 1.05, "Anki's daily load: 1/4 + 1/10 + 1/2 + 1/5")
    }

    @Test("the streak counts the vault's days: a session at 00:30 Berlin on the DST day is that day, not the UTC one before")
    func streakAcrossMidnightAndDST() {
        // 25 October 2026 00:30 in Berlin is 24 October 22:30 UTC.
        let sessions = [
            StudySessionRecord(id: "1", subject: "X", start: at("2026-10-24T21:00"), end: at("2026-10-24T21:30")),
            StudySessionRecord(id: "2", subject: "X", start: at("2026-10-25T00:30"), end: at("2026-10-25T01:00")),
            StudySessionRecord(id: "3", subject: "X", start: at("2026-10-26T23:50"), end: at("2026-10-27T00:20")),
        ]
        let stats = VaultStatistics.compute(input(sessions: sessions, now: at("2026-10-27T10:00")))
        #expect(stats.streak == 3, "24, 25 and 26 October (the last session started on the 26th)")
        let minutes = Dictionary(uniqueKeysWithValues: stats.calendar.days.map { ($0.day, $0.minutes) })
        #expect(minutes["2026-10-26"] == 10 && minutes["2026-10-27"] == 20, "split at the vault's midnight")
    }

    @Test("the calendar's first column starts on the Monday on or before the first day, even when the year began on a Sunday")
    func calendarColumns() {
        // 2023 began on a Sunday; a year back from 2024-01-01 starts on 2023-01-02 (a Monday).
        let stats = VaultStatistics.compute(input(now: at("2024-01-01T12:00")))
        let first = stats.calendar.days[0]
        #expect(first.week == 0)
        #expect(stats.calendar.days.count == 365)
        let sunday = stats.calendar.days.first { $0.day == "2023-01-08" }!
        #expect(sunday.weekday == 6 && sunday.week == first.week + (first.weekday == 0 ? 0 : 1))
        #expect(stats.calendar.days.allSatisfy { $0.weekday == (VaultDate.parseDay($0.day)! + 3) % 7 })
        // And from 2023-01-02 back: the year 2022-01-02 (a Sunday) is the first day, in a column that starts Monday 2021-12-27.
        let other = VaultStatistics.compute(input(now: at("2023-01-01T12:00")))
        #expect(other.calendar.days[0].day == "2022-01-02" && other.calendar.days[0].weekday == 6 && other.calendar.days[0].week == 0)
        #expect(other.calendar.days[1].week == 1, "Monday 3 January starts the second column")
    }

    @Test(
        "the calendar holds the 365 days after the same date a year before (366 across a 29 February)",
        arguments: [
            ("2026-03-31", "2025-04-01", 365), ("2026-01-29", "2025-01-30", 365), ("2024-12-31", "2024-01-01", 366),
            ("2028-02-29", "2027-03-01", 366), ("2028-03-01", "2027-03-02", 366), ("2026-11-18", "2025-11-19", 365),
        ])
    func calendarLength(today: String, first: String, count: Int) {
        let stats = VaultStatistics.compute(input(now: at(today + "T12:00")))
        #expect(stats.calendar.days.count == count)
        #expect(stats.calendar.days.first?.day == first)
        #expect(stats.calendar.days.last?.day == today)
    }

    @Test("under a folder, cycles, captures and the funnel count only that folder's notes")
    func folderNotes() {
        var fixture = CurationFixture()
        fixture.note("a", created: "2026-11-02T10:00:00", path: "work/a.md")
        fixture.note("b", created: "2026-11-03T10:00:00", path: "home/b.md")
        fixture.note("c", created: "2026-11-04T10:00:00", path: "work/c.md")
        fixture.decide("a", .keep, .weekly, "2026-W45", at: "2026-11-08T20:00:00")
        fixture.decide("b", .keep, .weekly, "2026-W45", at: "2026-11-08T20:01:00")
        fixture.decide("c", .archive, .weekly, "2026-W45", at: "2026-11-08T20:02:00")
        let board = fixture.board
        let notes = board.items.map(\.note).filter { $0.path.hasPrefix("work/") }
        let stats = VaultStatistics.compute(
            StatsInput(
                notes: notes, board: board, cardLog: log([]), countedCards: nil, cards: [], schedules: [:], relinked: 0,
                orphaned: 0, sessions: [], goals: [], activity: StudyActivity(timeZone: berlin), now: at("2026-11-18T12:00"),
                timeZone: berlin, days: 30, folder: "work/"))
        #expect(stats.notes.total == 2)
        #expect(stats.notes.perCycle.map(\.count) == [0, 1, 0, 0, 1], "daily, weekly, monthly, yearly, archived")
        #expect(stats.notes.capturedPerWeek.map(\.count).reduce(0, +) == 2)
        #expect(stats.notes.funnel[0].decided == 2 && stats.notes.funnel[0].kept == 1 && stats.notes.funnel[0].keepRate == 0.5)
        let whole = VaultStatistics.compute(
            StatsInput(
                notes: board.items.map(\.note), board: board, cardLog: log([]), countedCards: nil, cards: [], schedules: [:],
                relinked: 0, orphaned: 0, sessions: [], goals: [], activity: StudyActivity(timeZone: berlin),
                now: at("2026-11-18T12:00"), timeZone: berlin, days: 30))
        #expect(whole.notes.perCycle.map(\.count) == [0, 2, 0, 0, 1])
        #expect(whole.notes.funnel[0].decided == 3 && whole.notes.funnel[0].kept == 2)
    }
}
