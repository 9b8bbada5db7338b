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
    private var keptResolver: LinkResolver?

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

    /// The resolver over the kept summaries, built by the first request that asks.
    func linkResolver() -> LinkResolver {
        let notes = summaries().notes
        return lock.withLock {
            if let keptResolver { return keptResolver }
            let resolver = LinkResolver(summaries: notes)
            keptResolver = resolver
            return resolver
        }
    }

    func notes() -> (notes: [Note], problems: [Diagnostic]) { base.notes() }

    func note(at path: String) throws -> Note { try base.note(at: path) }
}
