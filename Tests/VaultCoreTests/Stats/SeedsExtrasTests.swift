import Foundation
import Testing
import VaultCore

/// Issue 49, point 6: the perfect-accuracy streak, insights on sitting
/// length and the hardest cards, the reminders' answers, the card tree,
/// review records and the session report's average.
@Suite("Achievements, insights, reminders, the card tree and review records")
struct SeedsExtrasTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    func at(_ text: String) -> Date { VaultDate.parse(text, in: berlin)! }

    /// Card answers: `(moment, card, right)`.
    func reviews(_ answers: [(String, String, Bool)], now: String = "2026-11-30T12:00:00") -> (
        [ClassifiedReview], CardEventLog
    ) {
        let events = answers.enumerated().map { k, answer in
            RatingEvent(
                time: at(answer.0), card: answer.1, note: "n", scheduler: .fsrs,
                answer: .fsrs(answer.2 ? .good : .again)
            ).ledgerEvent(device: "d", sequence: k + 1)
        }
        let log = CardEventLog(events: events)
        return (ReviewKind.classify(log, cards: nil, now: at(now), timeZone: berlin), log)
    }

    @Test(
        "three days in a row with every answer right is a milestone on the third day; a wrong answer or an empty day ends the run"
    )
    func perfectStreak() {
        let board = CurationBoard(notes: [], state: CurationState(LedgerHistory([])), timeZone: berlin)
        func reached(_ answers: [(String, String, Bool)], now: String) -> [Milestone] {
            let (classified, log) = reviews(answers, now: now)
            return Milestone.reached(
                activeDays: [], reviews: classified, log: log, board: board, sessions: [], now: at(now),
                timeZone: berlin)
        }
        let perfect = [
            ("2026-11-01T09:00:00", "a", true), ("2026-11-02T09:00:00", "b", true), ("2026-11-02T10:00:00", "a", true),
            ("2026-11-03T20:00:00", "c", true),
        ]
        let three = reached(perfect, now: "2026-11-03T21:00:00")
        #expect(three.map(\.title) == ["3 days in a row with every answer right"])
        #expect(three.first?.kind == .perfectStreak && three.first?.day == "2026-11-03" && three.first?.isNew == true)
        #expect(reached(perfect, now: "2026-11-03T08:00:00").isEmpty, "the third day's answer is later than the moment")
        var slip = perfect
        slip.append(("2026-11-02T11:00:00", "c", false))
        #expect(reached(slip, now: "2026-11-10T09:00:00").isEmpty, "a wrong answer on the second day breaks it")
        let gap = [
            ("2026-11-01T09:00:00", "a", true), ("2026-11-02T09:00:00", "a", true), ("2026-11-04T09:00:00", "a", true),
        ]
        #expect(reached(gap, now: "2026-11-10T09:00:00").isEmpty, "a day without answers ends the run")
    }

    @Test("recall by sitting length: sittings are answers at most 30 minutes apart; the best length needs 20 answers")
    func sittingLength() {
        var answers: [(String, String, Bool)] = []
        // Four short sittings of 6 answers, all right (24 answers in the 1-10 bin).
        for sitting in 0..<4 {
            for k in 0..<6 {
                answers.append(("2026-11-0\(sitting + 1)T08:\((k * 2).zeroPadded(2)):00", "s\(sitting)\(k)", true))
            }
        }
        // One sitting of 30 answers a minute apart, a third of them wrong (the 26-50 bin).
        for k in 0..<30 { answers.append(("2026-11-10T18:\(k.zeroPadded(2)):00", "l\(k)", k % 3 != 0)) }
        let (classified, _) = reviews(answers)
        let insights = Insights(classified)
        #expect(insights.bySittingLength.map(\.from) == [1, 11, 26, 51])
        #expect(insights.bySittingLength.map(\.answers) == [24, 0, 30, 0])
        #expect(insights.bySittingLength[0].recall == 1.0 && insights.bySittingLength[2].recall == 20.0 / 30.0)
        #expect(insights.bestSittingLength == 1)
    }

    @Test("the hardest cards: four answers or more, under 60% right, lowest recall first, five at most, by id")
    func hardestCards() {
        var answers: [(String, String, Bool)] = []
        var minute = 0
        func answer(_ card: String, _ right: Bool) {
            minute += 1
            answers.append(
                (
                    "2026-11-\((1 + minute / 600).zeroPadded(2))T\((8 + minute / 60 % 10).zeroPadded(2)):\((minute % 60).zeroPadded(2)):00",
                    card, right
                ))
        }
        for _ in 0..<5 { answer("never", false) }  // 0 of 5
        for k in 0..<4 { answer("once", k == 0) }  // 1 of 4
        for k in 0..<5 { answer("half", k < 3) }  // 3 of 5: 60%, not below
        for _ in 0..<3 { answer("few", false) }  // 3 answers: too few
        for k in 0..<10 { answer("good", k > 0) }
        let (classified, log) = reviews(answers)
        let insights = Insights(classified, ids: log.ids)
        #expect(insights.hardestCards.map(\.card) == ["never", "once"])
        #expect(
            insights.hardestCards.first
                == Insights.HardCard(card: "never", answers: 5, failed: 5, recall: 0, question: nil))
        #expect(Insights(classified).hardestCards.isEmpty, "without the log's ids no card can be named")
    }

    @Test("reminders of the last 30 days by answer: studied, snoozed, skipped, ignored after a day, waiting within it")
    func reminderAnswers() {
        let now = at("2026-11-18T10:00:00")
        func raised(_ hoursAgo: Double, _ answer: ReminderEntry.Answer?) -> ReminderEntry {
            ReminderEntry(raised: now.addingTimeInterval(-hoursAgo * 3600), title: "t", batch: 1, answer: answer)
        }
        let entries = [
            raised(1, nil), raised(30, nil), raised(48, .study), raised(50, .study), raised(60, .skip),
            raised(70, .snooze(until: now)), raised(24 * 31, .study), raised(-1, nil),
        ]
        let answers = ReminderAnswers(entries, now: now, days: 30)
        #expect(answers.total == 6 && answers.days == 30)
        #expect(
            answers.study == 2 && answers.snooze == 1 && answers.skip == 1 && answers.ignored == 1
                && answers.pending == 1)
    }

    @Test("the card tree counts each folder's cards with those below, the deck first, then in path order")
    func cardTree() {
        let cards = [
            card("q1", path: "2026/11/a.md"), card("q2", path: "2026/11/a.md"), card("q3", path: "2026/10/b.md"),
            card("q4", path: "top.md"),
        ]
        var mastered = CardSchedule(settings: .tiers(promotionStreak: 5))
        mastered.state = .tiers(
            TiersCardState(
                tier: .mastered, correctStreak: 0, due: at("2026-12-01T00:00:00"), lastReview: at("2026-11-01T00:00:00")
            ))
        mastered.reviews = 3
        let tree = CardTree(cards: cards, schedules: [cards[2].id: mastered], dueToday: [cards[0].id])
        #expect(tree.folders.map(\.path) == ["/", "2026/", "2026/10/", "2026/11/"])
        #expect(tree.folders.map(\.depth) == [0, 1, 2, 2])
        #expect(tree.folders.map(\.cards) == [4, 3, 1, 2])
        #expect(tree.folders.map(\.due) == [1, 1, 0, 1])
        #expect(tree.folders.map(\.new) == [3, 2, 0, 2])
        #expect(tree.folders.map(\.mastered) == [1, 1, 1, 0])
        #expect(CardTree(cards: [], schedules: [:], dueToday: []).folders.isEmpty)
    }

    @Test(
        "a review's record: kept and archived in force, started at its first decision, completed at its last or its finish"
    )
    func reviewRecord() throws {
        let week = try #require(ReviewPeriod("2026-W46", level: .weekly))
        // Decisions name notes by id (a UUID).
        let ids = [
            "a": "0a000000-0000-4000-8000-000000000001", "b": "0b000000-0000-4000-8000-000000000002",
            "c": "0c000000-0000-4000-8000-000000000003",
        ]
        let notes = ["a", "b", "c"].map { name in
            NoteSummary(
                path: "\(name).md", id: ids[name], title: name, tags: [], category: nil, source: nil, sourceType: nil,
                sourceTypeInferred: false, aliases: [], created: at("2026-11-10T09:00:00"), createdOrigin: .frontMatter,
                diagnostics: [])
        }
        func review(_ events: [LedgerEvent]) -> CurationBoard.Review {
            CurationBoard(notes: notes, state: CurationState(LedgerHistory(events)), timeZone: berlin).review(week)
        }
        func decide(_ note: String, _ decision: CurationDecision, _ time: String, _ sequence: Int) -> LedgerEvent {
            CurationEvent(time: at(time), note: ids[String(note.prefix(1))]!, period: week, decision: decision)
                .ledgerEvent(device: "d", sequence: sequence)
        }
        let two = [decide("a.md", .keep, "2026-11-16T18:00:00", 1), decide("b.md", .archive, "2026-11-16T18:05:00", 2)]
        let partial = review(two)
        #expect(partial.keptCount == 1 && partial.archivedCount == 1)
        #expect(partial.startedAt == at("2026-11-16T18:00:00") && partial.completedAt == nil)
        let done = review(two + [decide("c.md", .keep, "2026-11-17T07:00:00", 3)])
        #expect(done.keptCount == 2 && done.completedAt == at("2026-11-17T07:00:00"))
        let finished = review(
            two + [FinishEvent(time: at("2026-11-16T19:00:00"), period: week).ledgerEvent(device: "d", sequence: 3)])
        #expect(finished.completedAt == at("2026-11-16T19:00:00"), "finished early: the finish is the completion")
        #expect(review([]).startedAt == nil)
    }

    @Test("the session report's average: minutes over sessions, rounded, per row and in all")
    func sessionAverage() {
        let start = at("2026-11-16T08:00:00")
        func session(_ subject: String, _ minutes: Double, _ day: Int) -> StudySessionRecord {
            let begin = start.addingTimeInterval(Double(day) * 86_400)
            return StudySessionRecord(
                id: "\(subject)\(day)", subject: subject, start: begin, end: begin.addingTimeInterval(minutes * 60))
        }
        let today = VaultDate.dayNumber(of: start, in: berlin)
        let report = SessionReport(
            sessions: [session("Spanish", 30, 0), session("Spanish", 45, 1), session("Math", 50, 0)], from: today,
            to: today + 1, by: .subject, timeZone: berlin)
        #expect(report.rows.map(\.key) == ["Spanish", "Math"])
        #expect(report.rows.map(\.averageMinutes) == [38, 50], "75 / 2 is 37.5, rounded to 38")
        #expect(report.total.averageMinutes == 42)
    }
}
