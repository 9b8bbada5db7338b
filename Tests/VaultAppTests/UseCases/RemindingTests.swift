import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Reminding")
struct RemindingTests {
    let log = MemoryReminderLog()
    let notifier = MemoryNotifier()
    static let cards = [
        Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?"),
        Fixture.card("c2", "b.md", noteID: Fixture.idB, question: "Two?"),
    ]

    /// The week notes (week 46 due, three pending) with two new cards, at `now`.
    func context(at now: Date = Fixture.now, notes: [Note] = Fixture.weekNotes, cards: [Card] = cards) -> AppContext {
        Fixture.context(notes, cards: cards, now: now, reminderLog: log, notifier: notifier)
    }

    @Test("what is due counts the due week's pending notes and the cards to study, with the first questions")
    func dueWork() throws {
        let reminding = Reminding.load(context(), lastReminder: nil, force: false)
        let work = try #require(reminding.work)
        #expect(work.notesToCurate == 3)
        #expect(work.periods == ["2026-W46"])
        #expect(work.cardsToStudy == 2)
        #expect(work.cardsInRotation == 2)
        #expect(work.firstQuestions == ["One?", "Two?"])
        #expect(work.sessionReviews == 0)
    }

    @Test("in the quiet hours the plan is held and the vault is not scanned; a dry run scans it anyway")
    func quietHours() throws {
        let night = Fixture.at("2026-11-18T23:30:00")
        let held = Reminding.load(context(at: night), lastReminder: nil, force: false)
        #expect(held.plan == .quietHours(until: "09:00"))
        #expect(held.work == nil)
        let counted = Reminding.load(context(at: night), lastReminder: nil, force: false, countWhenHeld: true)
        #expect(counted.plan == .quietHours(until: "09:00"))
        #expect(counted.work?.cardsToStudy == 2)
        let forced = Reminding.load(context(at: night), lastReminder: nil, force: true)
        guard case .remind = forced.plan else { Issue.record("force ignores the quiet hours: \(forced.plan)"); return }
    }

    @Test("run raises the reminder with the study batch and records it in the reminder log")
    func run() throws {
        let outcome = try Reminding.run(context(), force: false, dryRun: false)
        guard case .remind(let title, _, let batch) = outcome.reminding.plan else {
            Issue.record("expected a reminder, got \(outcome.reminding.plan)")
            return
        }
        #expect(batch == 1)
        #expect(notifier.raised.map(\.title) == [title])
        #expect(notifier.raised.map(\.batch) == [1])
        #expect(outcome.raised == .some("Raised a notification."))
        #expect(log.recorded == [Fixture.now])
    }

    @Test("the last reminder in the log holds the next one back until the minimum interval has passed")
    func tooSoon() throws {
        let last = Fixture.now.addingTimeInterval(-10 * 60)
        log.recorded = [last]
        let outcome = try Reminding.run(context(), force: false, dryRun: false)
        #expect(outcome.reminding.plan == .tooSoon(next: last.addingTimeInterval(30 * 60)))
        #expect(outcome.raised == nil)
        #expect(notifier.raised.isEmpty)
        #expect(log.recorded == [last])
    }

    @Test("a dry run raises nothing and records nothing")
    func dryRun() throws {
        let outcome = try Reminding.run(context(), force: false, dryRun: true)
        guard case .remind = outcome.reminding.plan else { Issue.record("\(outcome.reminding.plan)"); return }
        #expect(outcome.raised == nil)
        #expect(notifier.raised.isEmpty)
        #expect(log.recorded.isEmpty)
    }

    @Test("without a notifier the reminder is printed only, and still recorded")
    func noNotifier() throws {
        notifier.available = false
        let outcome = try Reminding.run(context(), force: false, dryRun: false)
        #expect(outcome.raised == .some(nil))
        #expect(log.recorded == [Fixture.now])
    }

    @Test("with nothing due nothing is raised or recorded")
    func nothingDue() throws {
        let outcome = try Reminding.run(context(notes: [], cards: []), force: false, dryRun: false)
        #expect(outcome.reminding.plan == .nothingDue)
        #expect(outcome.raised == nil)
        #expect(log.recorded.isEmpty)
    }

    @Test("a card answered earlier is no longer new: the batch is not asked of it")
    func answeredCardLeavesTheCount() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating("c1", note: Fixture.idA, at: Fixture.now.addingTimeInterval(-3600), .easy))
        let context = Fixture.context(Fixture.weekNotes, cards: Self.cards, ledger: ledger, reminderLog: log, notifier: notifier)
        let work = try #require(Reminding.load(context, lastReminder: nil, force: false).work)
        #expect(work.cardsToStudy == 1)
        #expect(work.firstQuestions == ["Two?"])
    }

    @Test("a raised reminder is pending with its id on the notification; an answer records it; a snooze holds the next")
    func pendingAndAnswers() throws {
        let first = try Reminding.run(context(), force: false, dryRun: false)
        #expect(first.raised != nil)
        #expect(notifier.reminderIDs == [VaultDate.isoString(Fixture.now)])
        #expect(Reminding.pending(context()).map(\.batch) == [1], "2 cards in rotation: a batch of 1")
        let snoozed = try Reminding.answer(context(), "snooze", reminder: nil)
        #expect(snoozed.answer == .snooze(until: Fixture.now.addingTimeInterval(3600)))
        #expect(Reminding.pending(context()).isEmpty)
        // 40 minutes on, the 30-minute interval has passed, the snooze has not.
        let held = try Reminding.run(context(at: Fixture.now.addingTimeInterval(40 * 60)), force: false, dryRun: false)
        #expect(held.reminding.plan == .tooSoon(next: Fixture.now.addingTimeInterval(3600)))
        let again = try Reminding.run(context(at: Fixture.now.addingTimeInterval(3600)), force: false, dryRun: false)
        #expect(again.raised != nil)
        #expect(log.entries.count == 2)
        #expect(VaultStatus.load(context(at: Fixture.now.addingTimeInterval(3660))).pendingReminders.count == 1)
    }
}
