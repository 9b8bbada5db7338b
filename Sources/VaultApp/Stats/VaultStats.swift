import Foundation
import VaultCore

/// `vault stats`: reads what the statistics need through the ports (notes,
/// the replay, the ratings of the history, the card replay, study
/// tracking) and computes ``VaultStatistics``.
public enum VaultStats {
    /// The statistics at the context's moment over `days` days, of the notes
    /// under `folder` (vault-relative) when given.
    public static func load(_ context: AppContext, folder: String?, days: Int) -> VaultStatistics {
        var trace = PhaseTrace(context.tracer)
        let snapshot = CurationSnapshot.load(context)
        let prefix = folder.map(SchedulerConfig.folderPrefix) ?? ""
        let inFolder = { (path: String) in prefix.isEmpty || path.hasPrefix(prefix) }
        // The whole vault shares the snapshot's arrays: a filter that keeps everything copies every element.
        let cards = prefix.isEmpty ? snapshot.cards : snapshot.cards.filter { inFolder($0.notePath) }
        let cardReplay = context.ledger.cardReplay(cards: snapshot.cards, config: context.config.schedulers)
        trace.mark("notes, board and card replay")
        let log = context.ledger.cardLog()
        trace.mark("card log (\(log.count) card events)")
        let tracking = StudyTracking(context)
        let relinkings = cardReplay.relinkings.values
        var input = StatsInput(
            notes: prefix.isEmpty ? snapshot.notes : snapshot.notes.filter { inFolder($0.path) }, board: snapshot.board, cardLog: log,
            countedCards: prefix.isEmpty ? nil : Set(cards.flatMap { card in
                [card.id] + (cardReplay.relinkings[card.noteKey]?.relinked.filter { $0.to == card.id }.map(\.from) ?? [])
            }), cards: cards,
            schedules: cardReplay.schedules, relinked: relinkings.reduce(0) { $0 + $1.relinked.count },
            orphaned: relinkings.reduce(0) { $0 + $1.orphaned.count }, sessions: tracking.log.sessions,
            goals: tracking.goals(), activity: snapshot.replay.activity, now: context.now, timeZone: context.timeZone,
            days: max(7, min(days, 365)), folder: prefix)
        let palaces = LociPalaces(context, walks: snapshot.walks)
        input.walks = prefix.isEmpty ? palaces.walks : palaces.walks.filter { inFolder($0.indexPath) }
        input.lociStates = palaces.states
        input.schedulers = context.config.schedulers
        input.cramAnswers = AnswerUndo.standing(
            snapshot.replay.events(CramAnswer.self).events, undos: snapshot.replay.events(AnswerUndo.self).events)
        input.leechLapses = context.config.study.leechLapses
        // The command exits right after: 100,000 notes, a million card
        // events and the board are not freed one object at a time (30 ms).
        context.retention.keepUntilExit((snapshot, input))
        defer { trace.mark("figures") }
        var statistics = VaultStatistics.compute(input)
        let window = Int(PendingReminders.history / 86_400)
        statistics.reminders = ReminderAnswers(context.reminderLog.reminders(), now: context.now, days: window)
        return statistics
    }
}
