import Foundation
import VaultCore

/// `vault remind`: what is due now (reviews, cards, session reviews, memory palaces),
/// planned against the quiet hours, days off and the last reminder.
public struct Reminding {
    /// What is due; nil when the moment held the reminder back and the vault was not scanned.
    public let work: DueWork?
    public let plan: ReminderPlan

    /// What one run of `vault remind` did.
    public struct Outcome {
        public let reminding: Reminding
        /// For a reminder raised: the notifier's sentence, or nil when there is no notifier (printed only).
        public let raised: String??
        /// The end of a snooze that held this run back, if one did ("Snooze 1 h").
        public var snoozedUntil: Date? = nil
    }

    /// `vault remind`: plans at the context's moment against the last
    /// reminder (``ReminderLog``), and, when a reminder is due and this is
    /// not a dry run, raises it through the notifier (with a "Study now"
    /// action for the batch) and records it.
    /// - Throws: when the reminder log cannot be written.
    public static func run(_ context: AppContext, force: Bool, dryRun: Bool) throws -> Outcome {
        let entries = context.reminderLog.reminders()
        // A snooze still running holds reminders back as the minimum interval does.
        let snoozed = PendingReminders.snoozedUntil(entries, at: context.now)
        let last = [context.reminderLog.last(), snoozed.map {
            $0.addingTimeInterval(-Double(context.config.remind.minimumInterval) * 60)
        }].compactMap { $0 }.max()
        let reminding = load(context, lastReminder: last, force: force, countWhenHeld: dryRun)
        guard case .remind(let title, let body, let batch) = reminding.plan, !dryRun else {
            return Outcome(reminding: reminding, raised: nil, snoozedUntil: snoozed)
        }
        let entry = ReminderEntry(raised: context.now, title: title, batch: batch)
        // Recorded before it is raised: a click may answer it (`vault remind --answer`
        // in a process of its own) before this one returns. Pending until a click
        // answers it or a day has passed (PendingReminders).
        try context.reminderLog.record(context.now)
        try context.reminderLog.update { PendingReminders.kept($0, at: context.now) + [entry] }
        let raised = context.notifier.raise(
            title: title, body: body, studyBatch: batch > 0 ? batch : nil, reminder: entry.id)
        return Outcome(reminding: reminding, raised: .some(raised))
    }

    /// What an open web page asks every minute: when a reminder is due now
    /// (the same plan as `vault remind`: quiet hours, days off, the minimum
    /// interval, a running snooze, the last reminder of this machine), it is
    /// recorded as `vault remind` records one (the page shows it through the
    /// browser's notifications instead of the desktop's), so a timer running
    /// `vault remind` beside the server raises no second one. Returns the
    /// reminder raised, nil when none is due.
    /// - Throws: when the reminder log cannot be written.
    public static func raiseForPage(_ context: AppContext) throws -> ReminderEntry? {
        let entries = context.reminderLog.reminders()
        let snoozed = PendingReminders.snoozedUntil(entries, at: context.now)
        let last = [context.reminderLog.last(), snoozed.map {
            $0.addingTimeInterval(-Double(context.config.remind.minimumInterval) * 60)
        }].compactMap { $0 }.max()
        let reminding = load(context, lastReminder: last, force: false)
        guard case .remind(let title, _, let batch) = reminding.plan else { return nil }
        let entry = ReminderEntry(raised: context.now, title: title, batch: batch)
        try context.reminderLog.record(context.now)
        try context.reminderLog.update { PendingReminders.kept($0, at: context.now) + [entry] }
        return entry
    }

    /// The reminders raised and not acted on, the latest first: what `vault
    /// status` shows first, and what the study screen shows first (``StudyFlow/pendingReminders``).
    public static func pending(_ context: AppContext) -> [ReminderEntry] {
        PendingReminders.pending(context.reminderLog.reminders(), at: context.now)
    }

    /// Records `reminders` (pending ones) as answered by studying: the study
    /// session's first answer acts on every reminder that was waiting for it.
    /// One still pending at the moment is answered; others are left as they are.
    public static func answerByStudying(_ context: AppContext, _ reminders: [ReminderEntry]) throws {
        let waiting = Set(reminders.map(\.id))
        guard !waiting.isDisjoint(with: PendingReminders.pending(context.reminderLog.reminders(), at: context.now).map(\.id))
        else { return }
        try context.reminderLog.update { entries in
            var entries = entries
            for reminder in PendingReminders.pending(entries, at: context.now) where waiting.contains(reminder.id) {
                entries = try PendingReminders.answering(entries, id: reminder.id, with: "study", at: context.now).entries
            }
            return PendingReminders.kept(entries, at: context.now)
        }
    }

    /// `vault remind --answer study|snooze|skip [--reminder ID]`: a
    /// notification's action, recorded against the reminder `id` (nil: the
    /// latest pending one). A snooze holds reminders back for an hour.
    /// - Throws: ``VaultCoreError/badAnswer(argument:reason:)`` when the word is
    ///   none or no such reminder is pending; the log's error when it cannot be written.
    public static func answer(_ context: AppContext, _ word: String, reminder id: String?) throws -> ReminderEntry {
        var answered: ReminderEntry?
        try context.reminderLog.update { entries in
            let answer = try PendingReminders.answering(entries, id: id, with: word, at: context.now)
            answered = answer.answered
            return PendingReminders.kept(answer.entries, at: context.now)
        }
        return answered!
    }

    /// The plan at the context's moment, given the last reminder.
    ///
    /// Quiet hours, days off and the minimum interval are asked first: they
    /// need no note, and a timer runs this every few minutes, mostly at such
    /// moments. Only with `countWhenHeld` (a dry run, asked by a person) is the
    /// vault scanned anyway, to say what is waiting.
    public static func load(_ context: AppContext, lastReminder: Date?, force: Bool, countWhenHeld: Bool = false)
        -> Reminding
    {
        var settings = context.config.remind
        switch settings.at {
        case .clock(let minutes)?: settings.resolvedHour = minutes / 60
        case .best?: settings.resolvedHour = bestHour(context)
        case nil: break
        }
        if !force, !countWhenHeld,
            let held = ReminderPlan.hold(
                settings: settings, lastReminder: lastReminder, now: context.now, timeZone: context.timeZone)
        {
            return Reminding(work: nil, plan: held)
        }
        let work = dueWork(context)
        let plan = ReminderPlan.plan(
            work, settings: settings, lastReminder: lastReminder, now: context.now, timeZone: context.timeZone,
            force: force)
        return Reminding(work: work, plan: plan)
    }

    /// The hour of the best recall (``Insights/bestHour``) from every card answer of the ledger; nil until one is known.
    static func bestHour(_ context: AppContext) -> Int? {
        Insights(ReviewKind.classify(context.ledger.cardLog(), cards: nil, now: context.now, timeZone: context.timeZone)).bestHour
    }

    /// Counts what is due: notes in due and missed reviews, cards, session follow-up reviews.
    static func dueWork(_ context: AppContext) -> DueWork {
        let status = VaultStatus.load(context)
        // `vault remind` exits right after: the board and cards of 100,000
        // notes are not freed one by one (about 10 ms).
        context.retention.keepUntilExit(status)
        let report = status.report
        var notes = 0
        var periods: [String] = []
        for line in report.periods where line.role != .current && line.review.pendingCount > 0 {
            notes += line.review.pendingCount
            periods.append(line.review.period.id)
        }
        // The cards and schedules of the status's own scan and count: one walk of the vault, one replay
        // (the count's schedules leave held cards out, and so does the queue).
        let studying = Studying(context, cards: status.snapshot.cards)
        let schedules = status.snapshot.cardSchedules ?? studying.schedules()
        let rotation = schedules.values.filter { $0.tier != .inactive }.count
        // Planned as `vault study --limit N` plans it (the `study:` settings, held cards
        // and suspended leeches left out), so a reminder names only what that session shows.
        let batch = context.config.remind.batch ?? ReminderPlan.batch(inRotation: rotation)
        let queue = studying.queue(StudyRequest(batch: max(batch, Self.questionsPlanned)), schedules: schedules)
        return DueWork(
            notesToCurate: notes, periods: periods, cardsToStudy: report.flashcards?.toStudy ?? 0,
            cardsInRotation: rotation, firstQuestions: queue.entries.map(\.card.question),
            // Session follow-up reviews (StudyLog's ladder) as the status counts them.
            sessionReviews: status.study.followUpsDue,
            // Memory palaces with locations due, as the status lists them.
            locationsDue: status.lociDue.reduce(0) { $0 + $1.due }, palacesDue: status.lociDue.map(\.name),
            dailyLimit: queue.dailyLimit, studiedToday: queue.studiedToday)
    }

    /// The first questions of the queue planned, the batch's if it is larger:
    /// the queue of a smaller batch is their beginning.
    static let questionsPlanned = 8
}
