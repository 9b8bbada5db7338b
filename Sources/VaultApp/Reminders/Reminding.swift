import Foundation
import VaultCore
import VaultStore

/// `vault remind`: what is due now (reviews, cards, session reviews),
/// planned against the quiet hours, days off and the last reminder.
public struct Reminding {
    public let work: DueWork
    public let plan: ReminderPlan

    /// The plan at the context's moment, the last reminder read from `.vault/local/`.
    public static func load(_ context: AppContext, lastReminder: Date?, force: Bool) -> Reminding {
        let status = VaultStatus.load(context)
        let report = status.report
        var notes = 0
        var periods: [String] = []
        for line in report.periods where line.role != .current && line.review.pendingCount > 0 {
            notes += line.review.pendingCount
            periods.append(line.review.period.id)
        }
        // The cards of the status's own scan: one walk of the vault, not two.
        let cards = status.snapshot.cards
        let schedules = context.ledger.cardSchedules(cards: cards, config: context.config.schedulers)
        let queue = StudyPlanner.plan(
            cards: cards, schedules: schedules, now: context.now, timeZone: context.timeZone,
            options: StudyOptions(limit: 8))
        let rotation = schedules.values.filter { $0.tier != .inactive }.count
        let work = DueWork(
            notesToCurate: notes, periods: periods, cardsToStudy: report.flashcards?.toStudy ?? 0,
            cardsInRotation: rotation, firstQuestions: queue.entries.map(\.card.question),
            sessionReviews: status.study.followUpsDue)
        let plan = ReminderPlan.plan(
            work, settings: context.config.remind, lastReminder: lastReminder, now: context.now,
            timeZone: context.timeZone, force: force)
        return Reminding(work: work, plan: plan)
    }
}
