import Foundation
import VaultCore

/// A note port that reads the summaries once and hands out the same ones
/// after: what `vault serve` keeps between requests while nothing in the
/// vault changes (``ServedVault``). Full notes are read from the base port
/// each time: the server keeps no note text.
final class KeptSummaries: NoteSource, @unchecked Sendable {
    private let base: any NoteSource
    private let lock = NSLock()
    private var kept: NoteSummaries?

    init(_ base: any NoteSource) { self.base = base }

    /// The base port's summaries, read by the first request that asks (the
    /// others asking meanwhile wait for them rather than read them too).
    func summaries() -> NoteSummaries {
        lock.withLock {
            if let kept { return kept }
            let summaries = base.summaries()
            kept = summaries
            return summaries
        }
    }

    func notes() -> (notes: [Note], problems: [Diagnostic]) { base.notes() }

    func note(at path: String) throws -> Note { try base.note(at: path) }
}
