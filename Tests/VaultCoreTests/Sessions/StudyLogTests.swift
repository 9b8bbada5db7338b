import Foundation
import Testing
import VaultCore

/// Study tracking's rules, on hand-made events and a fixed clock.
@Suite("Study sessions, goals, follow-ups and points")
struct StudyLogTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A moment in Berlin: `at("2026-11-18T10:00")`.
    func at(_ text: String) -> Date { VaultDate.parse(text + ":00", in: berlin)! }

    var sequence = 0
    func event(_ typed: some TypedEvent, device: String = "aaaa") -> LedgerEvent {
        typed.ledgerEvent(device: device, sequence: 1)
    }

    func log(_ events: [LedgerEvent]) -> StudyLog { StudyLog(events: events, timeZone: berlin) }

    @Test("start then stop is a session; a stop from another clone stops it too; cancel records nothing")
    func startStop() {
        let l = log([
            event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry")),
            event(SessionStop(time: at("2026-11-18T11:15"), session: "s1", questions: 20, correct: 17), device: "bbbb"),
            event(SessionStart(time: at("2026-11-18T12:00"), session: "s2", subject: "Physics")),
            event(SessionCancel(time: at("2026-11-18T12:05"), session: "s2")),
            event(SessionStart(time: at("2026-11-18T13:00"), session: "s3", subject: "Physics")),
        ])
        #expect(l.sessions.map(\.id) == ["s1"])
        #expect(l.sessions[0].minutes == 75)
        #expect(l.sessions[0].accuracy == 0.85)
        #expect(l.running.map(\.id) == ["s3"])
    }

    @Test("a session across midnight counts its minutes on each day; a DST change counts real time")
    func midnightAndDST() {
        let late = StudySessionRecord(id: "a", subject: "X", start: at("2026-11-17T23:30"), end: at("2026-11-18T00:45"))
        let parts = SessionReport.minutesByDay(late, timeZone: berlin)
        #expect(parts.map(\.minutes) == [30, 45])
        #expect(parts[1].day == parts[0].day + 1)
        // 25 October 2026: clocks go back at 03:00 to 02:00, so 01:30 to 03:30 on the wall is 3 hours.
        let start = VaultDate.parse("2026-10-25T01:30:00+02:00", in: berlin)!
        let end = VaultDate.parse("2026-10-25T03:30:00+01:00", in: berlin)!
        let dst = StudySessionRecord(id: "b", subject: "X", start: start, end: end)
        #expect(dst.minutes == 180)
        let day = VaultDate.dayNumber(of: start, in: berlin)
        let report = SessionReport(sessions: [late, dst], from: day, to: day + 60, by: .day, timeZone: berlin)
        #expect(report.rows.map(\.minutes) == [180, 30, 45])
        #expect(report.total.minutes == 255)
        #expect(report.total.sessions == 2)
    }

    @Test("manual entries, withdrawn sessions and subject renames")
    func manualWithdrawRename() {
        let l = log([
            event(SessionEntry(time: at("2026-11-18T20:00"), session: "m1", subject: "Chem", start: at("2026-11-18T18:00"), minutes: 45)),
            event(SessionEntry(time: at("2026-11-18T20:01"), session: "m2", subject: "Chem", start: at("2026-11-18T19:00"), minutes: 10)),
            event(SessionWithdrawal(time: at("2026-11-18T20:02"), session: "m2")),
            event(SubjectRename(time: at("2026-11-18T20:03"), from: "Chem", to: "Chemistry")),
            event(SessionEntry(time: at("2026-11-18T20:04"), session: "m3", subject: "chemistry", start: at("2026-11-18T07:00"), minutes: 5)),
        ])
        #expect(l.sessions.map(\.id) == ["m3", "m1"])
        #expect(l.sessions.map(\.subject) == ["chemistry", "Chemistry"])
        #expect(l.followUps["m2"] == nil, "a withdrawn session needs no review")
    }

    @Test("the follow-up ladder: 1 day, then ok moves one step, easy skips one, hard repeats; done after 90 days")
    func ladder() {
        #expect(FollowUpLadder.next(after: 0, .ok) == 1)
        #expect(FollowUpLadder.next(after: 0, .easy) == 2)
        #expect(FollowUpLadder.next(after: 1, .hard) == 1)
        #expect(FollowUpLadder.next(after: 3, .ok) == nil)
        #expect(FollowUpLadder.next(after: 2, .easy) == nil)
        var events = [
            event(SessionEntry(time: at("2026-11-18T20:00"), session: "s", subject: "X", start: at("2026-11-18T18:00"), minutes: 60))
        ]
        #expect(log(events).followUps["s"]?.due == at("2026-11-19T19:00"), "one day after the session ended")
        events.append(event(SessionReviewDone(time: at("2026-11-19T08:00"), session: "s", result: .ok)))
        #expect(log(events).followUps["s"]?.due == at("2026-11-26T08:00"))
        events.append(event(SessionReviewDone(time: at("2026-11-26T08:00"), session: "s", result: .hard)))
        #expect(log(events).followUps["s"]?.due == at("2026-12-03T08:00"))
        events.append(event(SessionReviewDone(time: at("2026-12-03T08:00"), session: "s", result: .easy)))
        #expect(log(events).followUps["s"]?.step == 3)
        events.append(event(SessionReviewDone(time: at("2027-03-03T08:00"), session: "s", result: .ok)))
        #expect(log(events).followUps["s"] == nil)
    }

    @Test("a 7-day review over the October DST change keeps its clock time")
    func ladderAcrossDST() {
        let due = FollowUpLadder.due(step: 1, from: at("2026-10-20T08:00"), in: berlin)
        #expect(VaultDate.isoString(due, in: berlin) == "2026-10-27T08:00:00+01:00")
    }

    @Test("the replay's cached zone offsets give the same due times as the zone itself, DST days included")
    func cachedOffsets() {
        var rng = SplitMix64(seed: 7)
        var events: [LedgerEvent] = []
        var ends: [String: Date] = [:]
        let base = at("2026-01-01T00:00").timeIntervalSince1970
        for i in 0..<400 {
            let start = Date(timeIntervalSince1970: base + Double(rng.next() % (730 * 86_400)))
            let minutes = 1 + Int(rng.next() % 600)
            events.append(event(SessionEntry(time: start, session: "s\(i)", subject: "X", start: start, minutes: minutes)))
            ends["s\(i)"] = start.addingTimeInterval(Double(minutes) * 60)
        }
        events.sort { $0.time < $1.time }
        let l = log(events)
        for (id, end) in ends {
            #expect(l.followUps[id]?.due == FollowUpLadder.due(step: 0, from: end, in: berlin), "\(id)")
        }
    }

    @Test("events out of time order (a damaged or hand-edited ledger) replay without a crash (found by fuzzing)")
    func outOfOrder() {
        let l = log([
            event(SessionEntry(time: at("4052-11-18T09:00"), session: "late", subject: "X", start: at("4052-11-18T08:00"), minutes: 30)),
            event(SessionEntry(time: at("2026-11-18T09:00"), session: "early", subject: "X", start: at("2026-11-18T08:00"), minutes: 30)),
        ])
        #expect(Set(l.sessions.map(\.id)) == ["late", "early"])
    }

    @Test("goal pace: on track, behind, done, missed, and the hours a day needed")
    func goals() {
        let goal = StudyGoal(id: "g", subject: "Chemistry", hours: 10, lastDay: VaultDate.parseDay("2026-11-30")!, created: at("2026-11-01T00:00"))
        func session(_ day: String, _ minutes: Int, _ subject: String = "Chemistry") -> StudySessionRecord {
            StudySessionRecord(id: day + subject, subject: subject, start: at(day + "T09:00"), end: at(day + "T09:00").addingTimeInterval(Double(minutes) * 60))
        }
        // Half the time gone (15 of 30 days), 5 hours done: on track; 4 hours: behind.
        let mid = at("2026-11-16T00:00")
        let onTrack = GoalProgress(goal, sessions: [session("2026-11-02", 300), session("2026-11-03", 600, "Physics")], now: mid, timeZone: berlin)
        #expect(onTrack.standing == .onTrack)
        #expect(onTrack.hoursDone == 5)
        #expect(onTrack.daysLeft == 15)
        #expect(onTrack.hoursPerDayNeeded == 5.0 / 15)
        let behind = GoalProgress(goal, sessions: [session("2026-11-02", 240)], now: mid, timeZone: berlin)
        #expect(behind.standing == .behind)
        #expect(behind.percent == 40)
        let done = GoalProgress(goal, sessions: [session("2026-11-02", 600)], now: mid, timeZone: berlin)
        #expect(done.standing == .done && done.hoursPerDayNeeded == nil)
        let missed = GoalProgress(goal, sessions: [session("2026-11-02", 60)], now: at("2026-12-01T08:00"), timeZone: berlin)
        #expect(missed.standing == .missed)
        let before = GoalProgress(goal, sessions: [session("2026-10-31", 600)], now: mid, timeZone: berlin)
        #expect(before.hoursDone == 0, "sessions before the goal was set do not count")
    }

    @Test("points: 10 a session plus 1 per 5 minutes, 1 a rating, 1 a decision; today, this week, in all")
    func points() {
        var activity = StudyActivity(timeZone: berlin)
        activity.apply(LedgerEvent(time: at("2026-11-18T08:00"), utcOffset: 0, device: "a", sequence: 1, kind: "rate", fields: [("card", "c")]))
        activity.apply(LedgerEvent(time: at("2026-11-18T08:01"), utcOffset: 0, device: "a", sequence: 2, kind: "curate", fields: [("decision", "keep")]))
        activity.apply(LedgerEvent(time: at("2026-11-18T08:02"), utcOffset: 0, device: "a", sequence: 3, kind: "curate", fields: [("decision", "undo")]))
        activity.apply(LedgerEvent(time: at("2026-11-01T08:00"), utcOffset: 0, device: "a", sequence: 4, kind: "rate", fields: [("card", "c")]))
        let sessions = [
            StudySessionRecord(id: "1", subject: "X", start: at("2026-11-18T09:00"), end: at("2026-11-18T09:47")),  // 10 + 9
            StudySessionRecord(id: "2", subject: "X", start: at("2026-11-16T09:00"), end: at("2026-11-16T09:10")),  // 10 + 2, Monday
            StudySessionRecord(id: "3", subject: "X", start: at("2026-11-15T09:00"), end: at("2026-11-15T09:04")),  // 10, last week
        ]
        let points = StudyPoints(sessions: sessions, activity: activity, now: at("2026-11-18T12:00"))
        #expect(points.today == 19 + 2)
        #expect(points.thisWeek == 21 + 12)
        #expect(points.total == 33 + 10 + 1)
    }

    @Test("klog records: a date line, then indented entries; a session past midnight ends with >")
    func klog() {
        let sessions = [
            StudySessionRecord(id: "1", subject: "Organic Chemistry", start: at("2026-11-17T23:30"), end: at("2026-11-18T00:15"), note: "chapter 4"),
            StudySessionRecord(id: "2", subject: "Physics", start: at("2026-11-18T09:05"), end: at("2026-11-18T10:20")),
        ]
        #expect(
            KlogExport.text(sessions, subjects: [], timeZone: berlin)
                == "2026-11-17\n    23:30 - 0:15> #organic_chemistry chapter 4\n\n2026-11-18\n    9:05 - 10:20 #physics\n")
    }

    @Test("the weekday report groups by the vault's weekday, Monday first")
    func weekdays() {
        let sessions = [
            StudySessionRecord(id: "1", subject: "X", start: at("2026-11-22T10:00"), end: at("2026-11-22T11:00")),  // Sunday
            StudySessionRecord(id: "2", subject: "X", start: at("2026-11-16T10:00"), end: at("2026-11-16T10:30")),  // Monday
        ]
        let first = VaultDate.parseDay("2026-11-16")!
        let report = SessionReport(sessions: sessions, from: first, to: first + 6, by: .weekday, timeZone: berlin)
        #expect(report.rows.map(\.key) == ["Monday", "Sunday"])
        #expect(report.rows.map(\.minutes) == [30, 60])
    }
}
