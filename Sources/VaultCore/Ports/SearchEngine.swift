import Foundation

/// The search cache (`.vault/cache/index.sqlite`): brought up to date with
/// the notes on disk, queried, and described.
public protocol SearchEngine {
    /// Brings the cache up to date before a query: a running watcher's word
    /// when one answers, else a scan of the notes (started early by the adapter).
    /// - Throws: the cache's errors (a damaged cache is rebuilt, not thrown).
    func freshen(progress: (any IndexProgress)?) throws
    /// Refreshes the cache from a scan, from nothing when `rebuild`.
    func refresh(rebuild: Bool, progress: (any IndexProgress)?) throws -> RefreshReport
    /// Records each note's curation cycle, for the `cycle:` and `archived:` filters.
    func mark(_ marks: [SearchMark]) throws
    /// The ranked hits of `query`.
    func search(_ query: SearchQuery, limit: Int?, pathsOnly: Bool) throws -> [SearchHit]
    /// How many hits `query` has: the count of ``search(_:limit:pathsOnly:)``
    /// without a limit, found without ranking them.
    func count(_ query: SearchQuery) throws -> Int
    /// The paths of the notes whose link targets (wiki link names, Markdown
    /// link destinations as written and decoded) hold one of `names` as
    /// consecutive words, case and accents aside: every note that may link to
    /// a note known by those names (its file name, title, aliases), and
    /// perhaps a few more. Call ``freshen(progress:)`` first. Nil when a name
    /// has no word to look for: the caller must then read every note.
    func linkSources(naming names: [String]) throws -> Set<String>?
    /// What `vault index --stats` shows.
    func statistics() throws -> IndexStatistics
    /// Keeps the cache fresh from file-system events until stopped (or idle
    /// for `idleExitSeconds`); `log` is told what it does.
    func watch(idleExitSeconds: Int?, log: @escaping (String) -> Void) throws
}

/// A note's curation state, as the search cache records it.
public struct SearchMark: Sendable, Equatable {
    public var path: String
    public var cycle: CurationCycle
    public var archived: Bool

    public init(path: String, cycle: CurationCycle, archived: Bool) {
        self.path = path
        self.cycle = cycle
        self.archived = archived
    }
}
