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

    @Test("a click that answers before vault remind returns finds its reminder recorded, and the answer stays")
    func clickBeforeReturn() throws {
        var answered: Result<ReminderEntry, any Error>?
        notifier.click = { id in answered = Result { try Reminding.answer(self.context(), "skip", reminder: id) } }
        _ = try Reminding.run(context(), force: false, dryRun: false)
        #expect(try answered?.get().answer == .skip)
        #expect(log.entries.map(\.answer) == [.skip])
        #expect(Reminding.pending(context()).isEmpty)
    }

    // MARK: Planned as `vault study` plans it (issue 36, point 1)

    /// A context whose config's `study:` section is changed by `edit`.
    func context(
        notes: [Note] = Fixture.weekNotes, cards: [Card] = cards, ledger: MemoryLedger, at now: Date = Fixture.now,
        study edit: (inout StudySettings) -> Void
    ) -> AppContext {
        var config = Fixture.config
        edit(&config.study)
        return Fixture.context(
            notes, cards: cards, ledger: ledger, config: config, now: now, reminderLog: log, notifier: notifier)
    }

    /// Three new cards (c1 and c2 of ``cards``, and c3).
    static let threeCards = cards + [Fixture.card("c3", "c.md", question: "Three?")]

    @Test("the daily limit reached: the reminder says so instead of offering cards, with no Study now; cards alone raise nothing")
    func dailyLimitReached() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating("c1", note: Fixture.idA, at: Fixture.now.addingTimeInterval(-3600)))
        try ledger.append(Fixture.rating("c2", note: Fixture.idB, at: Fixture.now.addingTimeInterval(-1800)))
        let limited = context(cards: Self.threeCards, ledger: ledger) { $0.dailyLimit = 2 }
        let work = try #require(Reminding.load(limited, lastReminder: nil, force: false).work)
        #expect(work.cardsToStudy >= 1)
        #expect(work.dailyLimit == 2 && work.studiedToday == 2)
        // Notes wait too: the reminder is raised, says the limit is reached and offers no batch.
        let outcome = try Reminding.run(limited, force: false, dryRun: false)
        #expect(
            outcome.reminding.plan
                == .remind(
                    title: "vault: time to review",
                    body: "the daily limit of 2 is reached (2 answered today) · 3 notes to review (2026-W46)", batch: 0))
        #expect(notifier.raised.map(\.batch) == [nil], "no Study now")
        #expect(log.entries.map(\.batch) == [0])
        // Only cards wait: nothing to act on today, nothing raised, and the plan says why.
        let cardsOnly = context(notes: [], cards: Self.threeCards, ledger: ledger, at: Fixture.now.addingTimeInterval(3600)) {
            $0.dailyLimit = 2
        }
        let quiet = try Reminding.run(cardsOnly, force: true, dryRun: false)
        #expect(quiet.reminding.plan == .dailyLimitReached(limit: 2, answered: 2))
        #expect(quiet.raised == nil)
        #expect(notifier.raised.count == 1)
        // A day limit with room left caps the batch at what is left, as `vault study --limit N` does.
        var config = Fixture.config
        config.study.dailyLimit = 3
        config.remind.batch = 3
        let roomy = Fixture.context(
            Fixture.weekNotes, cards: Self.threeCards, ledger: ledger, config: config, reminderLog: log, notifier: notifier)
        guard case .remind(let title, _, let batch) = Reminding.load(roomy, lastReminder: nil, force: true).plan else {
            Issue.record("a reminder with room left")
            return
        }
        #expect(title == "vault: 1 card now?" && batch == 1)
    }

    @Test("a suspended leech is never named nor counted; under leech_action: flag it is")
    func suspendedLeechLeftOut() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        var config = Fixture.config
        config.study.leechAction = .suspend
        config.study.leechLapses = 1
        // c1 reaches review, then is failed once, in October: a leech after 1 lapse, due again since.
        var time = Fixture.at("2026-10-01T10:00:00")
        func rate(_ answer: String) throws -> CardSchedule {
            let studying = Studying(Fixture.context([], cards: Self.cards, ledger: ledger, config: config, now: time))
            return try studying.answer(rates: ["c1=\(answer)"], tiers: [])[0].schedule
        }
        var schedule = try rate("good")
        while schedule.tier == .learning {
            time = max(time.addingTimeInterval(60), schedule.due ?? time)
            schedule = try rate("good")
        }
        time = schedule.due ?? time
        schedule = try rate("again")
        #expect(schedule.lapses == 1)
        let suspended = try #require(
            Reminding.load(context(ledger: ledger) { $0 = config.study }, lastReminder: nil, force: false).work)
        #expect(!suspended.firstQuestions.contains("One?"), "\(suspended.firstQuestions)")
        #expect(suspended.firstQuestions == ["Two?"])
        #expect(suspended.cardsToStudy == 1)
        let flagged = try #require(
            Reminding.load(
                context(ledger: ledger) {
                    $0 = config.study
                    $0.leechAction = .flag
                }, lastReminder: nil, force: false
            ).work)
        #expect(flagged.firstQuestions.contains("One?"), "a flagged leech is still studied")
        #expect(flagged.cardsToStudy == 2)
    }

    @Test("the reminder's batch and questions are what `vault study --limit N --list` lists: held cards out, study: settings in")
    func batchIsTheStudyQueue() throws {
        // 25 cards in rotation: a batch of 2. One answered today, one suspended by a card-hold event.
        let deck = (1...25).map {
            Fixture.card(String(format: "k%02d", $0), "deck/k.md", question: "Q\($0)?", position: $0)
        }
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating("k05", note: "deck/k.md", at: Fixture.now.addingTimeInterval(-600)))
        try ledger.append(
            CardHoldEvent(time: Fixture.now.addingTimeInterval(-60), card: "k01", note: "deck/k.md", action: .suspend))
        for limit in [nil, 2] {
            let context = context(notes: [], cards: deck, ledger: ledger) { $0.dailyLimit = limit }
            guard case .remind(let title, let body, let batch) = Reminding.load(context, lastReminder: nil, force: true).plan
            else {
                Issue.record("a reminder")
                return
            }
            let studying = Studying(context)
            let queue = studying.queue(
                context.config.study.options(limit: ReminderPlan.batch(inRotation: 25)), schedules: studying.schedules())
            let listed = queue.entries.map(\.card.question)
            #expect(batch == listed.count, "limit \(String(describing: limit))")
            #expect(batch == studying.queue(context.config.study.options(limit: max(batch, 1)), schedules: studying.schedules()).entries.count)
            #expect(title == (batch == 2 ? "vault: 2 cards now?" : "vault: 1 card now?"))
            #expect(body.split(separator: "\n").dropFirst().map { String($0.dropFirst(2)) } == listed)
            #expect(!listed.contains("Q1?"), "a held card is not named")
        }
    }
}
