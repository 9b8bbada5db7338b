import Foundation
import Testing
import VaultCore

/// Milestones and insights from the ledger (issue 36, point 6), with a fixed clock.
@Suite("Milestones and insights")
struct MilestonesAndInsightsTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    func at(_ text: String) -> Date { VaultDate.parse(text, in: berlin)! }
    func day(_ text: String) -> Int { VaultDate.dayNumber(of: at(text + "T12:00:00"), in: berlin) }
    var board: CurationBoard { CurationBoard(notes: [], state: CurationState(LedgerHistory([])), timeZone: berlin) }

    func milestones(days: Set<Int> = [], log: CardEventLog = CardEventLog(), sessions: [StudySessionRecord] = [], now: String)
        -> [Milestone]
    {
        Milestone.reached(
            activeDays: days, reviews: ReviewKind.classify(log, cards: nil, now: at(now), timeZone: berlin), log: log,
            board: board, sessions: sessions, now: at(now), timeZone: berlin)
    }

    @Test("a 7-day streak is reached once, on its seventh day: a later run of 7 is not a second milestone")
    func streakOnce() {
        let first = Set((0..<7).map { day("2026-10-01") + $0 })
        let second = Set((0..<9).map { day("2026-10-20") + $0 })
        let all = first.union(second)
        let reached = milestones(days: all, now: "2026-11-18T09:00:00")
        #expect(reached.map(\.title) == ["7-day streak"])
        #expect(reached.first?.day == "2026-10-07")
        #expect(reached.first?.isNew == false)
        // On the seventh day itself it is news, and only then.
        #expect(milestones(days: first, now: "2026-10-07T21:00:00").map(\.isNew) == [true])
        #expect(milestones(days: first, now: "2026-10-08T09:00:00").map(\.isNew) == [false])
        #expect(milestones(days: first, now: "2026-10-06T21:00:00").isEmpty, "six days are no milestone")
        // Days after the moment do not count.
        #expect(milestones(days: all.union([day("2026-12-01")]), now: "2026-10-07T09:00:00").count == 1)
    }

    @Test("a 30-day run crosses 7 and 30 in order, each on its day")
    func longRun() {
        let run = Set((0..<30).map { day("2026-06-01") + $0 })
        let reached = milestones(days: run, now: "2026-07-15T09:00:00")
        #expect(reached.map(\.title) == ["7-day streak", "30-day streak"])
        #expect(reached.map(\.day) == ["2026-06-07", "2026-06-30"])
    }

    @Test("10 cards mastered on the day the tenth reached the mastered tier; a card counted once")
    func cardsMastered() {
        var events: [LedgerEvent] = []
        for k in 0..<11 {
            let time = at("2026-11-\((k + 1).zeroPadded(2))T10:00:00")
            events.append(TierChange(time: time, card: "card\(k)", note: "n", tier: .mastered).ledgerEvent(device: "d", sequence: k + 1))
        }
        // card0 mastered again later: still one card.
        events.append(TierChange(time: at("2026-11-20T10:00:00"), card: "card0", note: "n", tier: .mastered).ledgerEvent(device: "d", sequence: 40))
        let log = CardEventLog(events: events)
        let reached = milestones(log: log, now: "2026-11-25T09:00:00")
        #expect(reached.map(\.title) == ["10 cards mastered"])
        #expect(reached.first?.day == "2026-11-10")
        #expect(milestones(log: log, now: "2026-11-09T23:00:00").isEmpty)
    }

    @Test("study hours per subject are crossed at the end of the session that crosses them")
    func studyHours() {
        func session(_ id: String, _ subject: String, _ start: String, hours: Double) -> StudySessionRecord {
            StudySessionRecord(
                id: id, subject: subject, start: at(start), end: at(start).addingTimeInterval(hours * 3600), questions: nil,
                correct: nil, note: nil, manual: false)
        }
        let sessions = [
            session("a", "Statistics", "2026-11-01T09:00:00", hours: 6), session("b", "Spanish", "2026-11-02T09:00:00", hours: 9),
            session("c", "Statistics", "2026-11-03T22:00:00", hours: 5),
        ]
        let reached = milestones(sessions: sessions, now: "2026-11-18T09:00:00")
        #expect(reached.map(\.title) == ["10 hours of Statistics"])
        #expect(reached.first?.day == "2026-11-04", "the session ended after midnight")
        #expect(reached.first?.subject == "Statistics")
    }

    @Test("hour bins are the vault's local hours on each side of a DST change; a bin needs 20 answers for a recall")
    func hourBinsAcrossDST() {
        var events: [LedgerEvent] = []
        var sequence = 0
        func rate(_ utc: String, _ rating: FSRSRating, card: String) {
            sequence += 1
            let time = VaultDate.parse(utc, in: .gmt)!
            events.append(
                RatingEvent(time: time, card: card, note: "n", scheduler: .fsrs, answer: .fsrs(rating))
                    .ledgerEvent(device: "d", sequence: sequence))
        }
        // 09:30 in Berlin: 08:30Z in winter time (28 March), 07:30Z in summer time (30 March).
        for k in 0..<12 { rate("2026-03-28T08:30:\(k.zeroPadded(2))Z", .good, card: "w\(k)") }
        for k in 0..<12 { rate("2026-03-30T07:30:\(k.zeroPadded(2))Z", k < 3 ? .again : .good, card: "s\(k)") }
        // 19 answers at 18:xx: too few for a recall.
        for k in 0..<19 { rate("2026-03-30T16:10:\(k.zeroPadded(2))Z", .good, card: "e\(k)") }
        let reviews = ReviewKind.classify(CardEventLog(events: events), cards: nil, now: at("2026-04-01T12:00:00"), timeZone: berlin)
        let insights = Insights(reviews)
        #expect(insights.byHour.count == 24)
        #expect(insights.byHour[9].answers == 24, "both days at 09:xx local")
        #expect(insights.byHour[8].answers == 0 && insights.byHour[7].answers == 0)
        #expect(insights.byHour[9].recall == 21.0 / 24.0)
        #expect(insights.byHour[18].answers == 19)
        #expect(insights.byHour[18].recall == nil, "19 answers say nothing")
        #expect(insights.bestHour == 9, "18:00 recalls all but has too few answers")
        // Position in a sitting: answers a second apart are one sitting; the 31st of a sitting on is the last bin.
        #expect(insights.byPosition.map(\.answers) == [30, 13, 0, 0])
        #expect(Insights([]).bestHour == nil)
    }
}
