import Foundation
import Testing
import VaultCore

/// Sessions whose moments do not line up: a stop given an earlier end
/// (`--at`), and clones whose clocks disagree, so that replay order puts a
/// stop or a cancel before its start. Goals on the day they are set; klog tags.
@Suite("Session ends, skewed clocks, a goal's first day")
struct SessionClockTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A moment in Berlin: `at("2026-11-18T10:00")`.
    func at(_ text: String) -> Date { VaultDate.parse(text + ":00", in: berlin)! }

    func event(_ typed: some TypedEvent, device: String = "aaaa", sequence: Int = 1) -> LedgerEvent {
        typed.ledgerEvent(device: device, sequence: sequence)
    }

    func log(_ events: [LedgerEvent]) -> StudyLog { StudyLog(events: events, timeZone: berlin) }

    @Test("a stop with an end records the session to that end, not to the moment it was written")
    func stopWithEnd() throws {
        let stop = SessionStop(time: at("2026-11-21T09:00"), session: "s1", end: at("2026-11-18T11:30"), questions: 4, correct: 3)
        let written = event(stop, device: "bbbb")
        #expect(written["end"] == "2026-11-18T10:30:00Z")
        #expect(try SessionStop(written) == stop, "the end reads back")
        let l = log([event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry")), written])
        #expect(l.running.isEmpty)
        #expect(l.sessions.map(\.minutes) == [90])
        #expect(l.sessions.first?.end == at("2026-11-18T11:30"))
        #expect(l.followUps["s1"]?.due == at("2026-11-19T11:30"), "the follow-up counts from the end")
    }

    @Test("a stop with an end that is not a moment is a problem, not a session")
    func unreadableEnd() {
        var written = event(SessionStop(time: at("2026-11-18T11:00"), session: "s1"))
        written.fields.append((key: "end", value: "yesterday"))
        let l = log([event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry")), written])
        #expect(l.problems.count == 1)
        #expect(l.sessions.isEmpty)
        #expect(l.running.map(\.id) == ["s1"])
    }

    @Test("a stop not after the start is ignored: the session runs on and a later stop ends it")
    func stopBeforeStart() {
        let l = log([
            event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry")),
            event(SessionStop(time: at("2026-11-18T10:30"), session: "s1", end: at("2026-11-18T09:00")), sequence: 2),
        ])
        #expect(l.sessions.isEmpty)
        #expect(l.running.map(\.id) == ["s1"])
        let later = log([
            event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry")),
            event(SessionStop(time: at("2026-11-18T10:30"), session: "s1", end: at("2026-11-18T09:00")), sequence: 2),
            event(SessionStop(time: at("2026-11-18T10:40"), session: "s1"), sequence: 3),
        ])
        #expect(later.sessions.map(\.minutes) == [40])
    }

    @Test("a clone whose clock runs behind: its cancel, replayed before the start, still drops the session")
    func cancelReplayedFirst() {
        // The phone's clock is 5 minutes behind: it cancels at 10:02 real time, stamped 09:57.
        let l = log([
            event(SessionCancel(time: at("2026-11-18T09:57"), session: "s1"), device: "phone"),
            event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry"), device: "laptop"),
        ])
        #expect(l.running.isEmpty)
        #expect(l.sessions.isEmpty)
    }

    @Test("a clone whose clock runs behind: its stop with a later end, replayed before the start, records the session")
    func stopReplayedFirst() {
        let l = log([
            event(
                SessionStop(time: at("2026-11-18T09:57"), session: "s1", end: at("2026-11-18T10:45"), questions: 10, correct: 9),
                device: "phone"),
            event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry"), device: "laptop"),
        ])
        #expect(l.running.isEmpty)
        #expect(l.sessions.map(\.minutes) == [45])
        #expect(l.sessions.first?.correct == 9)
        // Without an end after the start, the early stop is ignored as any such stop is.
        let ignored = log([
            event(SessionStop(time: at("2026-11-18T09:57"), session: "s1"), device: "phone"),
            event(SessionStart(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry"), device: "laptop"),
        ])
        #expect(ignored.running.map(\.id) == ["s1"])
    }

    @Test("a goal needing more than 16 h a day is not reachable, with the pace it would need")
    func unreachableGoal() {
        let goal = StudyGoal(
            id: "g", subject: nil, hours: 100, lastDay: VaultDate.parseDay("2026-11-23")!, created: at("2026-11-21T10:00"))
        let progress = GoalProgress(goal, sessions: [], now: at("2026-11-21T11:00"), timeZone: berlin)
        #expect(progress.standing == .unreachable)
        #expect(progress.standing.rawValue == "not reachable")
        #expect(progress.hoursPerDayNeeded.map { ($0 * 10).rounded() / 10 } == 33.3)
        let sixteen = StudyGoal(
            id: "h", subject: nil, hours: 48, lastDay: VaultDate.parseDay("2026-11-23")!, created: at("2026-11-21T10:00"))
        #expect(GoalProgress(sixteen, sessions: [], now: at("2026-11-21T11:00"), timeZone: berlin).standing == .onTrack)
    }

    @Test("a follow-up review done earns 5 points on its day")
    func followUpPoints() {
        let log = StudyLog(
            events: [
                event(SessionEntry(time: at("2026-11-18T10:00"), session: "s1", subject: "Chemistry", start: at("2026-11-18T09:00"), minutes: 60), device: "laptop"),
                event(SessionReviewDone(time: at("2026-11-19T10:00"), session: "s1", result: .ok), device: "laptop", sequence: 2),
            ], timeZone: berlin)
        #expect(log.reviewsDone == [at("2026-11-19T10:00")])
        let points = StudyPoints(
            sessions: log.sessions, reviewsDone: log.reviewsDone, activity: StudyActivity(timeZone: berlin),
            now: at("2026-11-19T12:00"))
        #expect(points.today == 5)
        #expect(points.total == 22 + 5)
    }

    @Test("a goal set this morning is on track today with nothing done, and behind tomorrow")
    func goalFirstDay() {
        let goal = StudyGoal(
            id: "g", subject: nil, hours: 20, lastDay: VaultDate.parseDay("2026-12-31")!, created: at("2026-11-21T10:00"))
        let today = GoalProgress(goal, sessions: [], now: at("2026-11-21T23:30"), timeZone: berlin)
        #expect(today.standing == .onTrack)
        #expect(today.daysLeft == 41)
        let tomorrow = GoalProgress(goal, sessions: [], now: at("2026-11-22T08:00"), timeZone: berlin)
        #expect(tomorrow.standing == .behind)
        // One day's share of 41 days: 20/41 h ≈ 29.3 minutes; 30 minutes yesterday is on track.
        let session = StudySessionRecord(id: "s", subject: "Physics", start: at("2026-11-21T18:00"), end: at("2026-11-21T18:30"))
        #expect(GoalProgress(goal, sessions: [session], now: at("2026-11-22T08:00"), timeZone: berlin).standing == .onTrack)
        let short = StudySessionRecord(id: "s", subject: "Physics", start: at("2026-11-21T18:00"), end: at("2026-11-21T18:25"))
        #expect(GoalProgress(goal, sessions: [short], now: at("2026-11-22T08:00"), timeZone: berlin).standing == .behind)
    }

    @Test("klog tags keep letters, the digits 0-9 and _; other numbers and signs become _")
    func klogTags() {
        #expect(Subject(name: "Physik 2").tag == "physik_2")
        #expect(Subject(name: "Maths ½").tag == "maths")
        #expect(Subject(name: "Géographie (Ⅳ)").tag == "géographie")
        #expect(Subject(name: "Ge\u{301}ographie").tag == "ge_ographie", "a combining accent would end klog's tag")
        #expect(Subject(name: "!!").tag == "subject")
    }
}
