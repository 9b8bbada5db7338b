import Foundation
import VaultCore

/// `vault search`: the search cache brought up to date (by the watcher when
/// one runs, else by a scan the engine started as early as it could), the
/// curation filters filled in from the ledger when the query uses them, and
/// the ranked hits.
public enum VaultSearch {
    /// Runs `query` on the vault of `context`.
    /// - Parameter progress: told how a rebuild from nothing is going (a progress bar on a terminal).
    /// - Throws: the search cache's errors (a damaged cache is rebuilt, not thrown).
    public static func run(
        _ context: AppContext, query: SearchQuery, limit: Int?, pathsOnly: Bool, progress: (any IndexProgress)? = nil
    ) throws -> [SearchHit] {
        try prepare(context, for: query, progress: progress)
        return try context.search.search(query, limit: limit, pathsOnly: pathsOnly)
    }

    /// How many notes ``run(_:query:limit:pathsOnly:progress:)`` without a
    /// limit would find (a page's total), without ranking them.
    public static func count(_ context: AppContext, query: SearchQuery) throws -> Int {
        try prepare(context, for: query, progress: nil)
        return try context.search.count(query)
    }

    /// The cache brought up to date, and the curation marks the query's filters read.
    private static func prepare(_ context: AppContext, for query: SearchQuery, progress: (any IndexProgress)?) throws {
        try context.search.freshen(progress: progress)
        if query.filters.contains(where: \.needsCuration) {
            let board = CurationSnapshot.load(context).board
            try context.search.mark(
                board.items.map { SearchMark(path: $0.note.path, cycle: $0.cycle, archived: $0.archived) })
        }
    }
}

extension SearchFilter {
    /// True for the filters whose answer comes from ledger replay.
    var needsCuration: Bool {
        switch kind {
        case .cycle, .archived: return true
        default: return false
        }
    }
}
