import Foundation
import Testing
import VaultCore

/// Issue 34: every count, duration and hour value of study tracking has a
/// range; the ledger's values outside it are reported and skipped, never summed.
@Suite("Study values have ranges")
struct StudyRangesTests {
    let utc = VaultDate.utc

    func at(_ text: String) -> Date { VaultDate.parse(text, in: utc)! }

    func raw(_ kind: String, _ time: String, sequence: Int, _ fields: [(String, String)]) -> LedgerEvent {
        LedgerEvent(
            time: at(time), utcOffset: 0, device: "aaaa", sequence: sequence, kind: kind,
            fields: fields.map { (key: $0.0, value: $0.1) })
    }

    func entry(_ id: String, sequence: Int, minutes: String = "30", questions: String? = nil) -> LedgerEvent {
        raw(
            "session", "2026-11-18T09:00:00Z", sequence: sequence,
            [("session", id), ("subject", "X"), ("start", "2026-11-18T08:00:00Z"), ("minutes", minutes)]
                + (questions.map { [("questions", $0)] } ?? []))
    }

    @Test("a hand-entered session longer than a day (5,256,000 minutes) is reported and not counted")
    func entryMinutesOutOfRange() {
        let log = StudyLog(events: [entry("long", sequence: 1, minutes: "5256000"), entry("ok", sequence: 2)], timeZone: utc)
        #expect(log.sessions.map(\.id) == ["ok"])
        #expect(log.problems.count == 1)
        #expect(log.problems.first?.errorDescription?.contains("minutes") == true)
    }

    @Test("a stop ten years after its start is reported and ignored: the session runs on (in either order)")
    func stopTooFarAfterStart() {
        let start = raw("session-start", "2016-11-18T09:00:00Z", sequence: 1, [("session", "s"), ("subject", "X")])
        let stop = raw("session-stop", "2026-11-18T09:00:00Z", sequence: 2, [("session", "s")])
        let stopAt = raw("session-stop", "2016-11-18T10:00:00Z", sequence: 3, [("session", "t"), ("end", "2026-11-18T10:00:00Z")])
        let startT = raw("session-start", "2016-11-18T11:00:00Z", sequence: 4, [("session", "t"), ("subject", "X")])
        for events in [[start, stop, stopAt, startT], [stop, start, startT, stopAt]] {
            let log = StudyLog(events: events, timeZone: utc)
            #expect(log.sessions.isEmpty)
            #expect(Set(log.running.map(\.id)) == ["s", "t"])
            #expect(log.problems.count == 2)
        }
        let points = StudyPoints(sessions: StudyLog(events: [start, stop], timeZone: utc).sessions, activity: StudyActivity(timeZone: utc), now: at("2026-11-19T00:00:00Z"))
        #expect(points.total == 0)
    }

    @Test("a day-long session still counts, a minute past a day does not")
    func dayIsTheLimit() {
        let start = raw("session-start", "2026-11-17T09:00:00Z", sequence: 1, [("session", "s"), ("subject", "X")])
        let day = raw("session-stop", "2026-11-18T09:00:00Z", sequence: 2, [("session", "s")])
        #expect(StudyLog(events: [start, day], timeZone: utc).sessions.first?.minutes == 1440)
        let more = raw("session-stop", "2026-11-18T09:01:00Z", sequence: 2, [("session", "s")])
        #expect(StudyLog(events: [start, more], timeZone: utc).sessions.isEmpty)
    }

    @Test("questions of Int.max, twice, are reported and skipped: reports and points add up without trapping")
    func hugeQuestions() {
        let max = String(Int.max)
        let log = StudyLog(
            events: [entry("a", sequence: 1, questions: max), entry("b", sequence: 2, questions: max), entry("c", sequence: 3, questions: "100000")],
            timeZone: utc)
        #expect(log.sessions.map(\.id) == ["c"])
        #expect(log.problems.count == 2)
        let stop = raw("session-stop", "2026-11-18T10:00:00Z", sequence: 5, [("session", "s"), ("questions", max), ("correct", max)])
        let start = raw("session-start", "2026-11-18T09:00:00Z", sequence: 4, [("session", "s"), ("subject", "X")])
        #expect(StudyLog(events: [start, stop], timeZone: utc).problems.count == 1)
        let day = VaultDate.dayNumber(of: at("2026-11-18T00:00:00Z"), in: utc)
        let report = SessionReport(sessions: log.sessions, from: day, to: day, by: .subject, timeZone: utc)
        #expect(report.total.questions == 100_000)
    }

    @Test("a ledger goal of 1e300 hours (or any past 100,000) is reported and skipped; its hours print without trapping")
    func hugeGoalHours() {
        for hours in ["1e300", "1e19", "100000.5", "inf", "nan"] {
            let goal = raw("goal", "2026-11-18T09:00:00Z", sequence: 1, [("goal", "g"), ("subject", "*"), ("hours", hours), ("by", "2026-12-31")])
            let log = StudyLog(events: [goal], timeZone: utc)
            #expect(log.goals.isEmpty, "\(hours)")
            #expect(log.problems.count == 1, "\(hours)")
        }
        let fine = raw("goal", "2026-11-18T09:00:00Z", sequence: 1, [("goal", "g"), ("subject", "*"), ("hours", "100000"), ("by", "2026-12-31")])
        #expect(StudyLog(events: [fine], timeZone: utc).goals.count == 1)
        #expect(GoalSet.hoursText(1e300) == "1e+300")
        #expect(GoalSet.hoursText(1e19) == "1e+19")
        #expect(GoalSet.hoursText(.infinity) == "inf")
        #expect(GoalSet.hoursText(30) == "30")
    }

    @Test("years outside 1-9999 are not dates: 0000-01-01 neither as a moment nor as a day")
    func yearRange() {
        #expect(VaultDate.parse("0000-01-01", in: utc) == nil)
        #expect(VaultDate.parse("0000-12-31T23:00:00Z", in: utc) == nil)
        #expect(VaultDate.parseDay("0000-01-01") == nil)
        #expect(VaultDate.parseDay("+001-01-01") == nil)
        #expect(VaultDate.parse("0001-01-01", in: utc) != nil)
        #expect(VaultDate.parse("9999-12-31T23:59:59Z", in: utc) != nil)
        #expect(VaultDate.parseDay("0001-01-01") != nil)
        #expect(VaultDate.parseDay("9999-12-31") != nil)
    }

    @Test("a rate event's response time beyond a day (or not a number) is read as none; the answer stands")
    func responseTimesHaveARange() throws {
        func rate(_ sequence: Int, _ ms: String) -> LedgerEvent {
            raw(
                "rate", "2026-11-18T09:0\(sequence):00Z", sequence: sequence,
                [("card", "c0ffee000001"), ("scheduler", "fsrs"), ("rating", "good"), ("response_ms", ms)])
        }
        let events = [rate(1, "4200"), rate(2, "9223372036854775807"), rate(3, "-5"), rate(4, "86400000")]
        #expect(try events.map { try RatingEvent($0).responseMilliseconds } == [4200, nil, nil, 86_400_000])
        let log = CardEventLog(events: events)
        let answers = log.histories.flatMap { $0 }.compactMap { entry -> Int?? in
            if case .answer(_, _, let ms) = entry { return .some(ms) }
            return nil
        }
        #expect(answers == [4200, nil, nil, 86_400_000])
    }
}
