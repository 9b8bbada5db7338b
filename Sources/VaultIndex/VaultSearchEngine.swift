import Foundation
import VaultCore
import VaultStore

/// ``SearchEngine`` over the vault's search cache (``SearchIndex``).
///
/// Made before the config is read (``start(_:)``), it asks a running
/// watcher for the changes and, when none answers, starts the scan of the
/// notes on another thread, so the scan's kernel time overlaps the config
/// being read and the cache being opened.
public final class VaultSearchEngine: SearchEngine {
    let layout: VaultLayout
    /// The scan already running; nil when a watcher vouched for the cache,
    /// or when nothing was started (``init(layout:)``).
    let scan: ScanAhead?
    /// True when made by ``init(starting:)``: the watcher was asked already.
    private let started: Bool
    private var timeZone = TimeZone(identifier: "UTC")!
    private var watcher = WatcherMode.auto
    private var tracer: any Tracer = NoTracer()
    private var opened: SearchIndex?

    /// Asks the vault's watcher, and starts a scan when none answers. A
    /// running `vault index --watch` has the changes already: asking it costs
    /// a round trip instead of a scan of every note.
    public init(starting layout: VaultLayout) {
        self.layout = layout
        scan = WatchSocket.sync(layout) ? nil : ScanAhead(layout: layout)
        started = true
    }

    /// An engine that starts nothing until asked (`vault index`, the other
    /// commands, each page of `vault serve`): ``freshen(progress:)`` then asks
    /// the watcher, or scans, when it is called.
    public init(layout: VaultLayout) {
        self.layout = layout
        scan = nil
        started = false
    }

    /// Sets what the config says, once it has been read.
    public func configure(timeZone: TimeZone, watcher: WatcherMode, tracer: any Tracer) {
        self.timeZone = timeZone
        self.watcher = watcher
        self.tracer = tracer
    }

    /// The cache, opened on first use and left open until the process exits
    /// (``SearchIndex/keepOpenUntilExit()``).
    func index() throws -> SearchIndex {
        if let opened { return opened }
        let index = try SearchIndex(layout: layout, timeZone: timeZone, tracer: tracer)
        index.keepOpenUntilExit()
        opened = index
        return index
    }

    /// Told, once, when the cache was read or brought up to date without
    /// writing (a read-only vault): a sentence for the person.
    public var notice: ((String) -> Void)?
    private var noticed = false

    /// Says what ``SearchIndex/readOnlyNotice`` says, once per process.
    private func sayReadOnly() {
        guard !noticed, let text = opened?.readOnlyNotice else { return }
        noticed = true
        notice?(text)
    }

    public func freshen(progress: (any IndexProgress)?) throws {
        let scan = started || WatchSocket.sync(layout) ? self.scan : ScanAhead(layout: layout)
        guard let scan else { return }
        let report = try index().refresh(scan: scan.files, progress: progress)
        // On a large vault the next search can skip the scan: start a
        // watcher, now that the cache is warm (its first refresh finds
        // nothing to do).
        WatchSocket.startWatcherIfWanted(layout, mode: watcher, noteCount: report.scanned)
    }

    public func refresh(rebuild: Bool, progress: (any IndexProgress)?) throws -> RefreshReport {
        defer { sayReadOnly() }
        return try index().refresh(rebuild: rebuild, progress: progress)
    }

    public func mark(_ marks: [SearchMark]) throws {
        try index().applyCuration(marks)
    }

    public func search(_ query: SearchQuery, limit: Int?, pathsOnly: Bool) throws -> [SearchHit] {
        defer { sayReadOnly() }
        return try index().search(query, limit: limit, pathsOnly: pathsOnly)
    }

    public func count(_ query: SearchQuery) throws -> Int {
        defer { sayReadOnly() }
        return try index().count(query)
    }

    public func linkSources(naming names: [String]) throws -> Set<String>? {
        try index().linkSources(naming: names)
    }

    public func statistics() throws -> IndexStatistics {
        defer { sayReadOnly() }
        return try index().statistics()
    }

    public func watch(idleExitSeconds: Int?, log: @escaping (String) -> Void) throws {
        let watcher = IndexWatcher(index: try index(), layout: layout, log: log)
        watcher.idleExitSeconds = idleExitSeconds
        try watcher.run()
    }
}
