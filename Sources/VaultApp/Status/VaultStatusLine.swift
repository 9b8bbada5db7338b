import Foundation
import VaultCore

/// `vault status --line`: the few counts a prompt or a status bar shows,
/// read as `vault status` reads them (the caches through the same ports),
/// without the parts of the report a line leaves out (periods, conflicts,
/// goals, points, ledger problems).
public enum VaultStatusLine {
    /// The counts at the context's moment, counted as ``StatusView/line`` counts them.
    public static func load(_ context: AppContext) -> StatusLine {
        let snapshot = CurationSnapshot.load(context, countingFlashcards: true)
        var report = VaultStatus.report(snapshot, tracking: StudyTracking(context))
        let lociDue = VaultStatus.lociDue(snapshot)
        report.flashcards = snapshot.flashcards
        return StatusLine(report: report, lociDue: lociDue.map(\.due), pending: Reminding.pending(context).count)
    }
}
