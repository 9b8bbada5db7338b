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
    private var resolver: LinkResolver?
    /// The resolver of the summaries kept before these, until these are read.
    private var earlier: LinkResolver?
    /// What was worked out from these notes, by key (``keeping(_:_:)``).
    private var derived: [String: Any] = [:]

    /// - Parameter earlier: the summaries kept before a change: when their
    ///   link resolver was built and no note's path, title or aliases differ
    ///   now (an edit of a note's body, the usual change), its tables are
    ///   this one's too: the names are compared there, for a fraction of
    ///   building the three tables again.
    init(_ base: any NoteSource, earlier: KeptSummaries? = nil) {
        self.base = base
        // Detached from the earlier summaries, which are let go as these are read.
        self.earlier = earlier.flatMap { earlier in earlier.lock.withLock { earlier.resolver?.detached() } }
    }

    /// The base port's summaries, read by the first request that asks (the
    /// others asking meanwhile wait for them rather than read them too).
    ///
    /// The earlier resolver is taken over (or dropped) as soon as they are
    /// read: it holds the earlier summaries, all 100,000 of them, which
    /// nothing else does once these are read.
    func summaries() -> NoteSummaries {
        lock.withLock {
            if let kept { return kept }
            let summaries = base.summaries()
            kept = summaries
            if let earlier {
                resolver = earlier.taken(over: summaries.notes)
                self.earlier = nil
            }
            return summaries
        }
    }

    /// The resolver over the kept summaries, built by the first request that asks.
    func linkResolver() -> LinkResolver {
        let notes = summaries().notes
        return lock.withLock {
            if let resolver { return resolver }
            let resolver = LinkResolver(summaries: notes)
            self.resolver = resolver
            return resolver
        }
    }

    /// `make()` the first time `key` is asked, then the same value while
    /// these summaries are kept (the served vault keeps them until any file
    /// of the vault changes). Made outside the lock: `make` reads the summaries.
    func keeping<Value>(_ key: String, _ make: () -> Value) -> Value {
        if let kept = lock.withLock({ derived[key] as? Value }) { return kept }
        let value = make()
        lock.withLock { derived[key] = value }
        return value
    }

    func notes() -> (notes: [Note], problems: [Diagnostic]) { base.notes() }

    func note(at path: String) throws -> Note { try base.note(at: path) }
}
