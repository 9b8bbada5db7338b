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
    private var resolved: Resolved?
    /// The resolver of the summaries kept before these, until this one's is built.
    private var earlier: Resolved?

    /// A link resolver and what it was built from: each note's path, title
    /// and aliases, in order (all that `LinkResolver(summaries:)` reads).
    private struct Resolved {
        struct Names: Equatable {
            let path: String
            let title: String
            let aliases: [String]
        }
        let names: [Names]
        let resolver: LinkResolver
    }

    /// - Parameter earlier: the summaries kept before a change: when their
    ///   link resolver was built and no note's path, title or aliases differ
    ///   now (an edit of a note's body, the usual change), it is this one's too.
    init(_ base: any NoteSource, earlier: KeptSummaries? = nil) {
        self.base = base
        self.earlier = earlier.flatMap { earlier in earlier.lock.withLock { earlier.resolved } }
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
            if let resolved { return resolved.resolver }
            // Comparing the names costs a fraction of building the resolver's three tables.
            let names = notes.indices.map {
                Resolved.Names(path: notes[$0].path, title: notes[$0].title, aliases: notes[$0].aliases)
            }
            let resolver = earlier.flatMap { $0.names == names ? $0.resolver : nil } ?? LinkResolver(summaries: notes)
            resolved = Resolved(names: names, resolver: resolver)
            earlier = nil
            return resolver
        }
    }

    func notes() -> (notes: [Note], problems: [Diagnostic]) { base.notes() }

    func note(at path: String) throws -> Note { try base.note(at: path) }
}
