import Foundation
import VaultCore
import VaultProcess
import VaultStore

/// Keeps a vault's search cache and note catalog fresh from file-system
/// events, so that a search or `vault status` need not stat 100,000 files
/// to see every edit.
///
/// Three parts, each on its own: ``WatchState`` (what is known and owed, no
/// system calls), `InotifySource` (the watches and their events) and
/// `WatchServer` (the socket, clients read without blocking, typed
/// ``WatchRequest``s). This type runs the loop between them and does the
/// I/O the state asks for: rescans through the scanner's own walk
/// (``VaultScanner/folders(from:)``, ``VaultScanner/scan(folder:)``), the
/// search cache's refresh, the note catalog's upkeep.
///
/// It watches every folder the scan walks (set up before the first scan, so
/// nothing slips between), and applies what events name when they go quiet
/// or when a command asks. Before answering it drains the inotify queue: the
/// kernel queues an event before the writing call returns, so every write
/// that finished before the command started is applied. A queue overflow, a
/// change to `.vault/ignore` or a failed apply falls back to a full scan.
/// The search cache's first refresh (a full build on a new vault) runs on
/// another thread: catalog requests are answered meanwhile, searches wait.
public final class IndexWatcher {
    /// Why the watcher cannot run.
    public enum Failure: LocalizedError, Equatable {
        case alreadyRunning
        case unsupported
        case system(String)

        public var errorDescription: String? {
            switch self {
            case .alreadyRunning:
                return "a watcher already keeps this vault's search cache fresh."
            case .unsupported:
                return "watching needs Linux inotify; on this system every search scans the vault instead."
            case .system(let reason):
                return "cannot watch the vault: \(reason)."
            }
        }
    }

    let index: SearchIndex
    let layout: VaultLayout
    var scanner: VaultScanner
    var state = WatchState()
    /// The vault's note files now, as far as events tell.
    var watched = WatchedFiles()
    /// The search cache's first refresh, while it runs; searches asking meanwhile wait in ``waitingSearches``.
    var firstRefresh: Background<Result<RefreshReport, any Error>>?
    var waitingSearches: [Int32] = []
    /// The zone of the note catalog to keep fresh, once a command asked for it.
    var catalogZone: TimeZone?
    /// ``watched``'s generation when the catalog was last brought up to date.
    var catalogGeneration = -1
    /// The catalog as last written, so that bringing it up to date does not decode the file again.
    let keptCatalog = KeptCatalog()
    let log: (String) -> Void

    /// Stop after this many seconds without a request or a file event (nil:
    /// never). Watchers that commands start on their own use it.
    public var idleExitSeconds: Int?
    private var lastActivity = DispatchTime.now().uptimeNanoseconds
    /// Set when a command of another catalog format asked: the watcher stops.
    private var retired = false

    public init(index: SearchIndex, layout: VaultLayout, log: @escaping (String) -> Void) {
        self.index = index
        self.layout = layout
        self.scanner = VaultScanner(layout: layout)
        self.log = log
    }

    /// Watches until the process is stopped or the vault folder is deleted.
    /// - Throws: ``Failure`` when another watcher runs or watching is impossible.
    public func run() throws {
        #if os(Linux)
            // A parent may have blocked these (test runners do); a watcher
            // must stop when asked.
            var stopSignals = sigset_t()
            sigemptyset(&stopSignals)
            for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&stopSignals, signal) }
            sigprocmask(SIG_UNBLOCK, &stopSignals, nil)
            // Hold no folder open: a deleted vault must be able to go away
            // (and tell us so); every path used below is absolute.
            _ = chdir("/")
            let server = try WatchServer(layout: layout)
            let source = try InotifySource()
            try watch(from: "", source: source)
            if let wd = try source.watch(folder: layout.dotVault.path) { state.dotVaultWatch = wd }
            let scan = scanner.scanFiles()
            watched = WatchedFiles(scan.files)
            log("watching \(state.folders.count) folders; \(scan.count) notes")
            // Only the other thread touches the index until it has finished.
            let index = UncheckedIndex(index: index)
            firstRefresh = Background { Result { try index.index.refresh(scan: scan) } }
            while !state.rootGone && !retired && !isIdleTooLong { try step(source: source, server: server) }
            if state.rootGone {
                log("the vault folder is gone; stopping")
            } else if !retired {
                log("no request for \(idleExitSeconds ?? 0) s; stopping")
            }
        #else
            throw Failure.unsupported
        #endif
    }

    #if os(Linux)
        private var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

        private var isIdleTooLong: Bool {
            guard let idle = idleExitSeconds else { return false }
            return now - lastActivity > UInt64(idle) * 1_000_000_000
        }

        /// Waits for events, clients or a timeout, and handles what came.
        private func step(source: InotifySource, server: WatchServer) throws {
            let descriptors = [source.fd] + server.pollDescriptors
            var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let idleLeft = idleExitSeconds.map { Int64($0) * 1000 - Int64((now - lastActivity) / 1_000_000) }
            var timeout = state.pollTimeout(refreshRunning: firstRefresh != nil, idleLeftMilliseconds: idleLeft)
            if server.hasPending { timeout = timeout < 0 ? 100 : min(timeout, 100) }  // drop silent clients in time
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { return }
                throw Failure.system("poll: \(String(cString: strerror(errno)))")
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                try readEvents(source)
                lastActivity = now
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                lastActivity = now
                server.acceptAll(now: now)
            }
            for entry in fds.dropFirst(2) where entry.revents != 0 {
                guard case .some(let request) = server.read(entry.fd) else { continue }
                lastActivity = now
                serve(request, client: entry.fd, source: source)
            }
            server.dropLate(now: now)
            if ready == 0, state.isDirty(refreshRunning: firstRefresh != nil) {
                do {
                    try apply()
                } catch {
                    // Keep watching, but retry only when something happens:
                    // the next event or request rescans everything.
                    state.rescanNext()
                    state.idleApplyFailed = true
                    log("error: \(error.localizedDescription)")
                }
            }
            try finishFirstRefresh()
        }

        /// Answers one request (docs/FORMAT.md, "Watcher socket"), unless the answer must wait.
        private func serve(_ request: WatchRequest?, client: Int32, source: InotifySource) {
            switch request {
            case .sync:
                do {
                    try readEvents(source)
                    try apply()
                } catch {
                    state.rescanNext()
                    WatchServer.answer(client, .error)
                    log("error: \(error.localizedDescription)")
                    return
                }
                if firstRefresh != nil {
                    waitingSearches.append(client)  // answered when the first refresh is done
                    return
                }
                WatchServer.answer(client, .ok)
            case .catalog(let zoneID, let version):
                guard version == NoteCatalog.formatVersion else {
                    // A command of another `vault` reads `notes.bin` in another
                    // format: vouching for ours would have it re-parse every note.
                    // Stop, so that it starts a watcher of its own.
                    WatchServer.answer(client, .error)
                    log("a command reading another note catalog format (\(version.map(String.init) ?? "older")) asked; stopping")
                    retired = true
                    return
                }
                do {
                    guard let zone = TimeZone(identifier: zoneID) else { throw Failure.system("unknown zone") }
                    // The catalog first: the search cache takes the events in
                    // once the answer is sent (on the next quiet moment).
                    try readEvents(source)
                    takeEvents()
                    WatchServer.answer(client, .catalog(try catalog(in: zone)))
                } catch {
                    WatchServer.answer(client, .error)
                    log("error: \(error.localizedDescription)")
                }
            case nil:
                close(client)
            }
        }

        /// Reads the queued events into the state, watching folders that arrived.
        private func readEvents(_ source: InotifySource) throws {
            for event in try source.read() {
                if let folder = state.record(event) { try watch(from: folder, source: source) }
            }
        }

        /// Watches `folder` and every folder below it that the scan walks.
        private func watch(from folder: String, source: InotifySource) throws {
            for path in scanner.folders(from: folder) {
                let absolute = path.isEmpty ? layout.root.path : layout.root.path + "/" + path
                if let wd = try source.watch(folder: absolute) { state.watching(wd, folder: path) }
            }
        }

        /// Takes in the events read so far: into ``watched``, into the
        /// catalog when a command has asked for it, then into the search cache.
        private func apply() throws {
            takeEvents()
            if let zone = catalogZone, watched.generation != catalogGeneration {
                do {
                    _ = try catalog(in: zone)
                } catch {
                    log("error: \(error.localizedDescription)")
                }
            }
            try applyToIndex()
        }

        /// Brings ``watched`` up to date with the events taken so far.
        private func takeEvents() {
            switch state.takeEvents() {
            case .fullScan:
                scanner = VaultScanner(layout: layout)
                watched = WatchedFiles(scanner.scanFiles().files)
                catalogGeneration = -1
            case .changes(let folders, let paths):
                for folder in folders { watched.replace(folder: folder, with: scanner.scan(folder: folder).files) }
                for path in paths { watched.set(path, to: scanner.file(at: path)) }
            }
        }

        /// Gives the search cache what it has yet to take in (not while its
        /// first refresh runs: that one takes it in when done).
        private func applyToIndex() throws {
            guard firstRefresh == nil, let work = state.takeIndexWork() else { return }
            try index.reopenIfReplaced()
            switch work {
            case .fullScan:
                let report = try index.refresh(scan: watched.scan)
                log("full scan: \(report.added) added, \(report.changed) changed, \(report.removed) removed")
            case .changes(let folders, let paths):
                let report = try index.refresh(paths: paths, folders: folders)
                if !report.isNoChange {
                    log("\(report.added) added, \(report.changed) changed, \(report.removed) removed")
                }
            }
        }

        /// Brings the note catalog for `zone` up to date with ``watched``
        /// (a look at its first bytes when it already is) and returns what
        /// it now matches.
        private func catalog(in zone: TimeZone) throws -> NoteCatalog.VouchedScan {
            catalogZone = zone
            var catalog = NoteCatalog(layout: layout, timeZone: zone, tracer: index.tracer)
            catalog.kept = keptCatalog
            // The cards are read in the syntax the config names now (the Spaced Repetition plugin's, or
            // vault's), those of the decks it names (every note's when it cannot be read).
            let config = try? ConfigFile.read(layout)
            catalog.cardSyntax = config?.cardSyntax ?? .vault
            catalog.decks = config?.decks
            let vouched = NoteCatalog.VouchedScan(fingerprint: watched.fingerprint, count: watched.count)
            func upToDate() -> Bool {
                guard let header = catalog.storedHeader() else { return false }
                return catalog.isMine(header) && header.scan == vouched
            }
            let changes = watched.takeChanges()
            if !upToDate() {
                let report =
                    if let changes {
                        catalog.load(changes: changes, fingerprint: watched.fingerprint) { watched.scan }.report
                    } else {
                        catalog.load(scan: watched.scan).report
                    }
                log("note catalog: \(report.added) added, \(report.changed) changed, \(report.removed) removed")
                guard upToDate() else { throw Failure.system("cannot write the note catalog") }
            }
            catalogGeneration = watched.generation
            return vouched
        }

        /// When the search cache's first refresh has finished: reports it,
        /// takes in what happened meanwhile, and answers the waiting searches.
        private func finishFirstRefresh() throws {
            guard let running = firstRefresh, running.isFinished else { return }
            firstRefresh = nil
            let report = try running.value().get()
            log("search cache: \(report.added + report.changed) notes indexed")
            var answer = WatchResponse.ok
            do {
                try apply()
            } catch {
                state.rescanNext()
                answer = .error
                log("error: \(error.localizedDescription)")
            }
            for client in waitingSearches { WatchServer.answer(client, answer) }
            waitingSearches = []
        }
    #endif
}

/// The search cache, handed to the thread that does its first refresh.
private struct UncheckedIndex: @unchecked Sendable {  // only that thread uses it until it has finished
    let index: SearchIndex
}
