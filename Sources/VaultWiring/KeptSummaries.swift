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
    /// The resolver of the summaries kept before these, until this one's is built.
    private var earlier: LinkResolver?
    /// What was worked out from these notes, by key (``keeping(_:_:)``).
    private var derived: [String: Any] = [:]

    /// - Parameter earlier: the summaries kept before a change: when their
    ///   link resolver was built and no note's path, title or aliases differ
    ///   now (an edit of a note's body, the usual change), it is this one's too.
    init(_ base: any NoteSource, earlier: KeptSummaries? = nil) {
        self.base = base
        self.earlier = earlier.flatMap { earlier in earlier.lock.withLock { earlier.resolver } }
    }

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
            if let resolver { return resolver }
            // The earlier resolver holds the names it was built from: compared there, without
            // a second copy of them (5-7 MB at 100,000 notes), for a fraction of building the
            // three tables; its tables are taken over these summaries' strings.
            let resolver = earlier?.taken(over: notes) ?? LinkResolver(summaries: notes)
            self.resolver = resolver
            earlier = nil
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
