import Foundation
import VaultCore
import VaultStore

/// `vault status`: the reviews due and missed, the flashcards waiting and
/// the streak, for the moment the context acts at.
public struct VaultStatus {
    public let snapshot: CurationSnapshot
    public let report: StatusReport

    /// Loads the notes and the ledger and works the report out.
    public static func load(_ context: AppContext) -> VaultStatus {
        let snapshot = CurationSnapshot.load(context, countingFlashcards: true)
        var report = StatusReport(board: snapshot.board, today: snapshot.today)
        var trace = PhaseTrace()
        report.studyStreak = StudyStreak(activity: snapshot.replay.activity, now: context.now)
        trace.mark("streak")
        report.flashcards = snapshot.flashcards
        trace.mark("waiting for the flashcard counts")
        return VaultStatus(snapshot: snapshot, report: report, ledgerProblems: context.ledger.diagnostics().count)
    }

    /// Lines of the ledger that replay skipped and `vault check` reports
    /// (conflict markers, malformed or cut-short lines).
    public let ledgerProblems: Int

    /// Notes in the vault.
    public var noteCount: Int { snapshot.notes.count }
}
