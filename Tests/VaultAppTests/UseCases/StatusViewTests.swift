import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// The status view: what `vault status`, its `--line` and the web dashboard
/// show, decided once over in-memory ports.
@Suite("Status view")
struct StatusViewTests {
    static var config: VaultConfig {
        var config = Fixture.config
        config.subjects = [Subject(name: "Chemistry"), Subject(name: "Physics")]
        return config
    }

    /// Notes in seven past weeks (a run of missed weekly reviews to fold), week 46's
    /// notes, four sessions two to five days ago (their 1-day follow-ups due), one
    /// running for 75 minutes, a goal, and two reminders not acted on.
    static func world() throws -> (context: AppContext, ledger: MemoryLedger) {
        var texts = Fixture.weekTexts
        for week in 0..<7 {
            let day = VaultDate.dayString(
                Fixture.at("2026-09-14T09:00:00").addingTimeInterval(Double(week) * 7 * 86_400), in: Fixture.zone)
            texts["old/\(week).md"] = Fixture.text([("created", day)], "# Old \(week)\n")
        }
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let log = MemoryReminderLog()
        log.entries = [
            ReminderEntry(raised: Fixture.now.addingTimeInterval(-3 * 3600), title: "older", batch: 0),
            ReminderEntry(raised: Fixture.now.addingTimeInterval(-3600), title: "vault: 5 cards now?", batch: 5),
        ]
        let context = AppContext(
            notes: MemoryNotes(all: Fixture.notes(texts)), ledger: ledger, ids: MemoryNoteIDs(), config: config,
            now: Fixture.now, reminderLog: log)
        let tracking = StudyTracking(context)
        for (n, subject) in ["Chemistry", "Physics", "Chemistry", "Physics"].enumerated() {
            try tracking.add(
                subject, minutes: 30, start: Fixture.now.addingTimeInterval(-Double(n + 2) * 86_400), questions: nil,
                correct: nil, note: nil)
        }
        try ledger.append(
            SessionStart(time: Fixture.now.addingTimeInterval(-75 * 60 - 30), session: "run-1", subject: "Physics"))
        _ = try StudyTracking(context).addGoal("Chemistry", hours: 10, by: "2026-12-31")
        return (context, ledger)
    }

    @Test("missed weeks past five fold into one run; the lines left carry their review, current ones none")
    func periodsAndActions() throws {
        let status = VaultStatus.load(try Self.world().context)
        let view = StatusView(status)
        let run = try #require(view.missedRuns.first)
        #expect(view.missedRuns.count == 1)
        #expect(run.run.level == .weekly && run.run.count == 7 && run.run.pendingNotes == 7)
        #expect(run.action == .review(.weekly, period: run.run.first.id))
        #expect(run.action.command == "vault review weekly 2026-W38")
        #expect(!view.periods.contains { $0.role == .missed && $0.review.period.level == .weekly })
        #expect(view.periods.count == status.report.periods.count - 7)
        for line in view.periods {
            let actionable = line.review.pendingCount > 0 && line.role != .current
            #expect((line.action != nil) == actionable, "\(line.review.period.id)")
        }
        let due = try #require(view.periods.first { $0.role == .due && $0.review.period.level == .weekly })
        #expect(due.action?.command == "vault review weekly 2026-W46")
        #expect(view.periods.first { $0.role == .current }?.action == nil)
    }

    @Test("running minutes are the session's own count; the first three follow-ups and how many more")
    func sessionsAndFollowUps() throws {
        let view = StatusView(VaultStatus.load(try Self.world().context))
        let running = try #require(view.running.first)
        #expect(running.minutes == 75 && running.minutes == running.session.minutes(at: Fixture.now))
        #expect(view.followUps.due == 4)
        #expect(view.followUps.first.count == StatusView.followUpsListed)
        #expect(view.followUps.more == 1)
        #expect(view.followUps.first.map(\.due) == view.followUps.first.map(\.due).sorted(), "earliest first")
        #expect(view.followUps.moreAction.command == "vault session reviews")
        #expect(view.goals.map(\.goal.subject) == ["Chemistry"])
    }

    @Test("reminders: how many, since the oldest, the latest's title, and its batch to study")
    func reminders() throws {
        let view = StatusView(VaultStatus.load(try Self.world().context))
        let reminders = try #require(view.reminders)
        #expect(reminders.count == 2)
        #expect(reminders.since == Fixture.now.addingTimeInterval(-3 * 3600))
        #expect(reminders.latestTitle == "vault: 5 cards now?")
        #expect(reminders.action == .study(batch: 5) && reminders.action.command == "vault study --limit 5")
    }

    @Test("the line's counts are the view's: vault status --line counts what status shows")
    func lineIsTheViews() throws {
        let (context, _) = try Self.world()
        let view = StatusView(VaultStatus.load(context))
        let line = VaultStatusLine.load(context)
        #expect(line == view.line)
        #expect(line.reviews == view.notesToReview && line.pending == 2)
        #expect(line.locations == view.locationsDue && line.palaces == view.palaces.count)
    }

    @Test("a streak up to yesterday asks for today, with its points; no reminder, session or card: no line for them")
    func goalsAndStreak() throws {
        var texts = Fixture.weekTexts
        texts["x.md"] = Fixture.text([("created", "2026-11-01")], "# X\n")
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(
            CurationEvent(
                time: Fixture.now.addingTimeInterval(-86_400), note: Fixture.idA, period: week46, decision: .keep))
        let context = AppContext(
            notes: MemoryNotes(all: Fixture.notes(texts)), ledger: ledger, ids: MemoryNoteIDs(), config: Self.config,
            now: Fixture.now)
        let view = StatusView(VaultStatus.load(context))
        let streak = try #require(view.streak)
        #expect(streak.current == 1 && streak.best == 1 && streak.needsToday)
        #expect(streak.points == VaultStatus.load(context).study.points && streak.points?.total ?? 0 > 0)
        #expect(view.reminders == nil && view.running.isEmpty && view.followUps.due == 0)
        #expect(view.flashcards == nil, "no card waits: no flashcards line")
    }
}
