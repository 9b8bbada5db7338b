import Foundation
import VaultCore

/// `vault status --line`: the few counts a prompt or a status bar shows,
/// read as `vault status` reads them (the caches through the same ports),
/// without the parts of the report a line leaves out (periods, conflicts,
/// goals, points, ledger problems).
public enum VaultStatusLine {
    /// The counts at the context's moment.
    public static func load(_ context: AppContext) -> StatusLine {
        let snapshot = CurationSnapshot.load(context, countingFlashcards: true)
        let report = StatusReport(board: snapshot.board, today: snapshot.today)
        let tracking = StudyTracking(context)
        let streak = StudyStreak(activity: snapshot.replay.activity, now: context.now, extraDays: tracking.sessionDays())
        let palaces = LociPalaces(context, summaries: snapshot.notes)
        let due = palaces.walks.map { palaces.counts($0).due }.filter { $0 > 0 }
        return StatusLine(
            reviews: report.notesToReview, cards: snapshot.flashcards?.toStudy ?? 0, palaces: due.count,
            locations: due.reduce(0, +), streak: streak.current, pending: Reminding.pending(context).count)
    }
}
