import Foundation
import Testing
import VaultCore

@Suite("Reminder rules")
struct ReminderPlanTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    func at(_ text: String) -> Date { VaultDate.parse(text, in: berlin)! }
    let work = DueWork(
        notesToCurate: 3, periods: ["2026-W46"], cardsToStudy: 12, cardsInRotation: 40,
        firstQuestions: ["Q1", "Q2", "Q3"],
        sessionReviews: 1)

    func plan(_ moment: String, settings: RemindSettings = RemindSettings(), last: Date? = nil, work: DueWork? = nil)
        -> ReminderPlan
    {
        ReminderPlan.plan(work ?? self.work, settings: settings, lastReminder: last, now: at(moment), timeZone: berlin)
    }

    @Test("quiet hours 23:00-09:00 across midnight, in the vault's wall time on both sides of a DST change")
    func quietHours() {
        #expect(plan("2026-11-18T22:59:00") != .quietHours(until: "09:00"))
        #expect(plan("2026-11-18T23:00:00") == .quietHours(until: "09:00"))
        #expect(plan("2026-11-19T03:00:00") == .quietHours(until: "09:00"))
        #expect(plan("2026-11-19T08:59:00") == .quietHours(until: "09:00"))
        if case .remind = plan("2026-11-19T09:00:00") {} else { Issue.record("09:00 is not quiet") }
        // 25 October 2026: 08:30 CET is 07:30 UTC, still quiet; 09:00 CET is 08:00 UTC, not.
        #expect(plan("2026-10-25T08:30:00+01:00") == .quietHours(until: "09:00"))
        if case .remind = plan("2026-10-25T09:00:00+01:00") {} else { Issue.record("09:00 CET is not quiet") }
        // A daytime span: 12:00-14:00.
        let lunch = RemindSettings(quietStart: 12 * 60, quietEnd: 14 * 60)
        #expect(plan("2026-11-18T13:00:00", settings: lunch) == .quietHours(until: "14:00"))
        if case .remind = plan("2026-11-18T23:30:00", settings: lunch) {
        } else {
            Issue.record("23:30 is not quiet then")
        }
    }

    @Test("the minimum interval since the last reminder, days off, nothing due, and --force")
    func intervalAndDaysOff() {
        let last = at("2026-11-18T10:00:00")
        #expect(plan("2026-11-18T10:29:00", last: last) == .tooSoon(next: at("2026-11-18T10:30:00")))
        if case .remind = plan("2026-11-18T10:30:00", last: last) {} else { Issue.record("30 minutes on") }
        let sunday = RemindSettings(daysOff: [6])
        #expect(plan("2026-11-22T12:00:00", settings: sunday) == .dayOff("sunday"))
        let none = DueWork(
            notesToCurate: 0, periods: [], cardsToStudy: 0, cardsInRotation: 5, firstQuestions: [], sessionReviews: 0)
        #expect(plan("2026-11-18T12:00:00", work: none) == .nothingDue)
        let forced = ReminderPlan.plan(
            work, settings: RemindSettings(), lastReminder: nil, now: at("2026-11-19T03:00:00"), timeZone: berlin,
            force: true)
        if case .remind = forced {} else { Issue.record("--force ignores quiet hours") }
    }

    @Test("StudyFlow's batch: 1 below 20 cards in rotation, 2-3 for 20-100, 5-8 above; the notification names them")
    func batches() {
        #expect(
            [0, 19, 20, 59, 60, 100, 101, 250, 1000].map { ReminderPlan.batch(inRotation: $0) } == [
                1, 1, 2, 2, 3, 3, 5, 6, 8,
            ])
        guard case .remind(let title, let body, let batch) = plan("2026-11-18T12:00:00") else {
            Issue.record("no reminder")
            return
        }
        #expect(batch == 2)
        #expect(title == "vault: 2 cards now?")
        #expect(body == "12 cards to study · 3 notes to review (2026-W46) · 1 session review\n• Q1\n• Q2")
    }

    @Test("a question longer than 80 characters is cut to 80 with an ellipsis; one of 80 stays whole")
    func longQuestionsEndInEllipsis() {
        let long = String(repeating: "a", count: 79) + "bc"
        let exact = String(repeating: "x", count: 80)
        let work = DueWork(
            notesToCurate: 0, periods: [], cardsToStudy: 5, cardsInRotation: 40, firstQuestions: [long, exact],
            sessionReviews: 0)
        guard case .remind(_, let body, _) = plan("2026-11-18T12:00:00", work: work) else {
            Issue.record("no reminder")
            return
        }
        let lines = body.split(separator: "\n").map(String.init)
        #expect(lines[1] == "• " + String(repeating: "a", count: 79) + "…")
        #expect(lines[2] == "• " + exact)
    }

    @Test("spring forward: quiet hours ending inside the skipped hour end at the first wall-clock minute after it")
    func springForward() {
        // 29 March 2026, Berlin: 02:00 CET jumps to 03:00 CEST. Quiet 23:00-02:30 never reaches 02:30 that night.
        let short = RemindSettings(quietStart: 23 * 60, quietEnd: 2 * 60 + 30)
        #expect(plan("2026-03-29T00:59:00Z", settings: short) == .quietHours(until: "02:30"), "01:59 CET")
        if case .remind = plan("2026-03-29T01:00:00Z", settings: short) {
        } else {
            Issue.record("03:00 CEST is not quiet")
        }
        // The default span: 08:59 CEST (06:59 UTC) is quiet, 09:00 CEST (07:00 UTC) is not.
        #expect(plan("2026-03-29T06:59:00Z") == .quietHours(until: "09:00"))
        if case .remind = plan("2026-03-29T07:00:00Z") {} else { Issue.record("09:00 CEST is not quiet") }
    }

    @Test("the minimum interval counts real minutes across a DST change, not wall-clock ones")
    func intervalAcrossDST() {
        // 25 October 2026, Berlin: 03:00 CEST falls back to 02:00 CET. Quiet hours off to reach the night.
        let always = RemindSettings(quietStart: 0, quietEnd: 0, minimumInterval: 60)
        let last = at("2026-10-25T02:30:00+02:00")
        // 02:10 CET is 40 real minutes later, though the wall clock went back.
        #expect(
            plan("2026-10-25T02:10:00+01:00", settings: always, last: last)
                == .tooSoon(next: at("2026-10-25T02:30:00+01:00")))
        if case .remind = plan("2026-10-25T02:30:00+01:00", settings: always, last: last) {
        } else {
            Issue.record("60 minutes on")
        }
    }

    @Test("days off follow the vault's wall-clock day, not UTC's")
    func dayOffInZone() {
        let sunday = RemindSettings(quietStart: 0, quietEnd: 0, daysOff: [6])
        // Saturday 23:30 UTC is already Sunday 00:30 in Berlin.
        #expect(plan("2026-11-21T23:30:00Z", settings: sunday) == .dayOff("sunday"))
        // Sunday 23:30 UTC is Monday 00:30 in Berlin.
        if case .remind = plan("2026-11-22T23:30:00Z", settings: sunday) {} else { Issue.record("Monday in Berlin") }
        // Before 1970 (negative day numbers) the weekday is still right: 28 December 1969 was a Sunday.
        #expect(plan("1969-12-28T12:00:00Z", settings: sunday) == .dayOff("sunday"))
    }

    @Test("hold answers from the clock alone; plan says nothing is due before it says quiet")
    func holdBeforeScan() {
        let settings = RemindSettings()
        #expect(
            ReminderPlan.hold(settings: settings, lastReminder: nil, now: at("2026-11-19T03:00:00"), timeZone: berlin)
                == .quietHours(until: "09:00"))
        #expect(
            ReminderPlan.hold(settings: settings, lastReminder: nil, now: at("2026-11-19T12:00:00"), timeZone: berlin)
                == nil)
        let none = DueWork(
            notesToCurate: 0, periods: [], cardsToStudy: 0, cardsInRotation: 0, firstQuestions: [], sessionReviews: 0)
        #expect(plan("2026-11-19T03:00:00", work: none) == .nothingDue)
    }

    @Test("session follow-up reviews alone raise a reminder without a card batch")
    func sessionReviewsAlone() {
        let sessions = DueWork(
            notesToCurate: 0, periods: [], cardsToStudy: 0, cardsInRotation: 50, firstQuestions: [], sessionReviews: 2)
        #expect(
            plan("2026-11-18T12:00:00", work: sessions)
                == .remind(title: "vault: time to review", body: "2 session reviews", batch: 0))
    }

    @Test("a batch is at most what the daily limit leaves; once it is reached the reminder says so and offers no batch")
    func dailyLimit() {
        var work = self.work
        work.dailyLimit = 30
        work.studiedToday = 29
        #expect(
            plan("2026-11-18T12:00:00", work: work)
                == .remind(
                    title: "vault: 1 card now?",
                    body: "12 cards to study · 3 notes to review (2026-W46) · 1 session review\n• Q1", batch: 1))
        work.studiedToday = 30
        #expect(
            plan("2026-11-18T12:00:00", work: work)
                == .remind(
                    title: "vault: time to review",
                    body: "the daily limit of 30 is reached (30 answered today) · 3 notes to review (2026-W46) · 1 session review",
                    batch: 0))
        // Cards alone: nothing to act on before tomorrow, nothing raised, even forced; still held by quiet hours.
        let cardsOnly = DueWork(
            notesToCurate: 0, periods: [], cardsToStudy: 12, cardsInRotation: 40, firstQuestions: ["Q1"],
            sessionReviews: 0, dailyLimit: 30, studiedToday: 31)
        #expect(plan("2026-11-18T12:00:00", work: cardsOnly) == .dailyLimitReached(limit: 30, answered: 31))
        #expect(
            ReminderPlan.plan(
                cardsOnly, settings: RemindSettings(), lastReminder: nil, now: at("2026-11-18T12:00:00"),
                timeZone: berlin, force: true) == .dailyLimitReached(limit: 30, answered: 31))
        #expect(plan("2026-11-18T23:30:00", work: cardsOnly) == .quietHours(until: "09:00"))
    }
}
