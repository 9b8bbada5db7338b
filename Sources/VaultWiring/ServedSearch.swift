import Foundation
import VaultCore

/// `vault serve`'s search cache: one engine (one open cache) for every
/// request, brought up to date only when a note changed since it last was.
///
/// A command's engine scans every note before its query (a `stat` of each
/// file: at 10,000 notes, most of a search page's time), and leaves the cache
/// open until the process exits. The served vault counts file events
/// (``ServedVault/Version``): while the notes' count is the one the last
/// freshening saw, the cache is as fresh as that scan left it, so a page
/// searches at once; and a server that answers many searches holds one open
/// cache, not one per request.
final class ServedSearch: @unchecked Sendable {
    private let lock = NSLock()
    /// The engine kept, and the time zone its cache reads dates in (a new
    /// zone in the config is a new engine).
    private var kept: (engine: any SearchEngine, timeZone: TimeZone, generation: Int)?
    /// The notes' change count when the kept engine was last freshened.
    private var freshAt: UInt64?

    /// The engine for a request made at `notes` (the notes' change count):
    /// the one kept, or `fresh` (the request's own) when none is kept or the
    /// config's time zone changed.
    func engine(_ fresh: any SearchEngine, timeZone: TimeZone, notes: UInt64) -> any SearchEngine {
        let (engine, generation) = lock.withLock {
            if let kept, kept.timeZone == timeZone { return (kept.engine, kept.generation) }
            let generation = (kept?.generation ?? 0) + 1
            kept = (fresh, timeZone, generation)
            freshAt = nil
            return (fresh, generation)
        }
        return Request(search: self, engine: engine, generation: generation, notes: notes)
    }

    /// Brings the request's engine up to date unless it is the one kept
    /// and nothing changed since it last was.
    private func freshen(_ request: Request, progress: (any IndexProgress)?) throws {
        try lock.withLock {
            let current = kept?.generation == request.generation
            guard !current || freshAt != request.notes else { return }
            try request.engine.freshen(progress: progress)
            if current { freshAt = request.notes }
        }
    }

    /// `body` on `engine`, one request at a time (the engine opens its cache on first use).
    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        try lock.withLock { try body() }
    }

    /// One request's view of the kept engine: its change count decides whether to freshen.
    private struct Request: SearchEngine {
        let search: ServedSearch
        let engine: any SearchEngine
        /// Which engine kept this is (a new time zone keeps another).
        let generation: Int
        let notes: UInt64

        func freshen(progress: (any IndexProgress)?) throws { try search.freshen(self, progress: progress) }

        func refresh(rebuild: Bool, progress: (any IndexProgress)?) throws -> RefreshReport {
            try search.locked { try engine.refresh(rebuild: rebuild, progress: progress) }
        }

        func mark(_ marks: [SearchMark]) throws { try search.locked { try engine.mark(marks) } }

        func search(_ query: SearchQuery, limit: Int?, pathsOnly: Bool) throws -> [SearchHit] {
            try search.locked { try engine.search(query, limit: limit, pathsOnly: pathsOnly) }
        }

        func count(_ query: SearchQuery) throws -> Int { try search.locked { try engine.count(query) } }

        func linkSources(naming names: [String]) throws -> Set<String>? {
            try search.locked { try engine.linkSources(naming: names) }
        }

        func statistics() throws -> IndexStatistics { try search.locked { try engine.statistics() } }

        func watch(idleExitSeconds: Int?, log: @escaping (String) -> Void) throws {
            try search.locked { try engine.watch(idleExitSeconds: idleExitSeconds, log: log) }
        }
    }
}
