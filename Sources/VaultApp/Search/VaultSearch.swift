import Foundation
import VaultCore
import VaultIndex
import VaultStore

/// `vault search`: the search cache brought up to date (by the watcher when
/// one runs, else by a scan), the curation filters filled in from the
/// ledger when the query uses them, and the ranked hits.
public enum VaultSearch {
    /// What a search needs before the config is read: a scan of the notes,
    /// already running, unless a watcher vouches for the cache (nil).
    public struct Start {
        let scan: ScanAhead?
    }

    /// Asks the vault's watcher, and starts a scan when none answers. A
    /// running `vault index --watch` has the changes already: asking it costs
    /// a round trip instead of a scan of every note.
    public static func start(_ layout: VaultLayout) -> Start {
        Start(scan: WatchSocket.sync(layout) ? nil : ScanAhead(layout: layout))
    }

    /// Runs `query` on the vault of `context`, for a process that exits
    /// after it: the search cache is left open until then
    /// (``SearchIndex/keepOpenUntilExit()``).
    /// - Parameters:
    ///   - start: from ``start(_:)`` when the caller had other work to do meanwhile; made here when nil.
    ///   - progress: told how a rebuild from nothing is going (a progress bar on a terminal).
    /// - Throws: the search cache's errors (a damaged cache is rebuilt, not thrown).
    public static func run(
        _ context: AppContext, vault: Vault, start: Start? = nil, query: SearchQuery, limit: Int?, pathsOnly: Bool,
        progress: IndexProgress? = nil
    ) throws -> [SearchHit] {
        let start = start ?? Self.start(vault.layout)
        let index = try SearchIndex(layout: vault.layout, timeZone: context.timeZone, tracer: context.tracer)
        index.keepOpenUntilExit()
        if let scan = start.scan {
            let report = try index.refresh(scan: scan.files, progress: progress)
            // On a large vault the next search can skip the scan: start a
            // watcher, now that the cache is warm (its first refresh finds
            // nothing to do).
            WatchSocket.startWatcherIfWanted(vault.layout, mode: context.config.watcher, noteCount: report.scanned)
        }
        if query.filters.contains(where: \.needsCuration) {
            let board = CurationSnapshot.load(context).board
            try index.applyCuration(
                board.items.map { .init(path: $0.note.path, cycle: $0.cycle, archived: $0.archived) })
        }
        return try index.search(query, limit: limit, pathsOnly: pathsOnly)
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
