import Foundation
import VaultStore

/// Keeps a vault's search cache and note catalog fresh from file-system
/// events, so that a search or `vault status` need not stat 100,000 files
/// to see every edit.
///
/// It watches every folder the scan walks with inotify (set up before the
/// first scan, so nothing slips between), collects the paths events name,
/// and applies them when events go quiet or when a command asks through
/// ``WatchSocket``: to its own copy of the scan (``WatchedFiles``), to the
/// search cache with ``SearchIndex/refresh(paths:folders:)``, and, once a
/// command has asked for it, to the note catalog. Before answering it
/// drains the inotify queue: the kernel queues an event before the writing
/// call returns, so every write that finished before the command started
/// is applied. A queue overflow, a change to `.vault/ignore` or a failed
/// watch falls back to a full scan.
///
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
    /// Folder (vault-relative, "" for the root) of each inotify watch.
    var folders: [Int32: String] = [:]
    var dotVaultWatch: Int32 = -1
    /// Paths and folders events named since the last apply.
    var dirtyPaths = Set<String>()
    var dirtyFolders = Set<String>()
    var needsFullScan = false
    /// The vault's note files now, as far as events tell.
    var watched = WatchedFiles()
    /// What ``watched`` took in that the search cache has not yet.
    var indexPaths = Set<String>()
    var indexFolders = Set<String>()
    var indexNeedsFullScan = false
    /// The search cache's first refresh, while it runs; searches asking meanwhile wait in ``waitingSearches``.
    var firstRefresh: Background<Result<RefreshReport, any Error>>?
    var waitingSearches: [Int32] = []
    /// The zone of the note catalog to keep fresh, once a command asked for it.
    var catalogZone: TimeZone?
    /// ``watched``'s generation when the catalog was last brought up to date.
    var catalogGeneration = -1
    /// Set when the vault folder itself is deleted or moved away.
    var rootGone = false
    /// Set when applying on quiet failed; cleared by the next event.
    var idleApplyFailed = false
    var inotifyFD: Int32 = -1
    var serverFD: Int32 = -1
    let log: (String) -> Void

    /// Milliseconds of quiet after events before they are applied unasked.
    static let settleMilliseconds: Int32 = 200

    /// Stop after this many seconds without a request or a file event (nil:
    /// never). Watchers that commands start on their own use it.
    public var idleExitSeconds: Int?
    private var lastActivity = DispatchTime.now().uptimeNanoseconds

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
            try listen()
            inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard inotifyFD >= 0 else { throw Failure.system("inotify_init1: \(String(cString: strerror(errno)))") }
            try watchTree("")
            dotVaultWatch = inotify_add_watch(inotifyFD, layout.dotVault.path, Self.mask)
            let scan = scanner.scanInParallel(sorted: false).files
            watched = WatchedFiles(scan)
            log("watching \(folders.count) folders; \(scan.count) notes")
            // Only the other thread touches the index until it has finished.
            let index = UncheckedIndex(index: index)
            firstRefresh = Background { Result { try index.index.refresh(scan: scan) } }
            while !rootGone && !isIdleTooLong { try step() }
            log(rootGone ? "the vault folder is gone; stopping" : "no search for \(idleExitSeconds ?? 0) s; stopping")
        #else
            throw Failure.unsupported
        #endif
    }

    #if os(Linux)
        static let mask: UInt32 =
            UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
            | UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

        private var isIdleTooLong: Bool {
            guard let idle = idleExitSeconds else { return false }
            return DispatchTime.now().uptimeNanoseconds - lastActivity > UInt64(idle) * 1_000_000_000
        }

        private var isDirty: Bool { needsFullScan || !dirtyPaths.isEmpty || !dirtyFolders.isEmpty || indexIsBehind }

        /// Waits for events or a request, and handles them.
        private func step() throws {
            var fds = [
                pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: serverFD, events: Int16(POLLIN), revents: 0),
            ]
            var timeout: Int32 = isDirty && !idleApplyFailed ? Self.settleMilliseconds : -1
            if firstRefresh != nil { timeout = timeout < 0 ? 20 : min(timeout, 20) }  // look in on it
            if let idle = idleExitSeconds {
                let left = Int64(idle) * 1000 - Int64((DispatchTime.now().uptimeNanoseconds - lastActivity) / 1_000_000)
                let wait = Int32(clamping: max(0, left) + 10)
                timeout = timeout < 0 ? wait : min(timeout, wait)
            }
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { return }
                throw Failure.system("poll: \(String(cString: strerror(errno)))")
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                try readEvents()
                idleApplyFailed = false
                lastActivity = DispatchTime.now().uptimeNanoseconds
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                lastActivity = DispatchTime.now().uptimeNanoseconds
                let client = accept(serverFD, nil, nil)
                if client >= 0 { serve(client) }
            } else if ready == 0, isDirty {
                do {
                    try apply()
                } catch {
                    // Keep watching, but retry only when something happens:
                    // the next event or request rescans everything.
                    needsFullScan = true
                    idleApplyFailed = true
                    log("error: \(error.localizedDescription)")
                }
            }
            try finishFirstRefresh()
        }

        /// Answers one request (docs/FORMAT.md, "Watcher socket"), and
        /// closes the connection unless the answer must wait.
        private func serve(_ client: Int32) {
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = WatchSocket.readLine(client)?.split(separator: " ", maxSplits: 1).map(String.init) ?? []
            switch request.first {
            case "sync":
                do {
                    try readEvents()
                    try apply()
                } catch {
                    needsFullScan = true
                    _ = WatchSocket.writeAll(client, "error\n")
                    close(client)
                    log("error: \(error.localizedDescription)")
                    return
                }
                if firstRefresh != nil {
                    waitingSearches.append(client)  // answered when the first refresh is done
                    return
                }
                _ = WatchSocket.writeAll(client, "ok\n")
            case "catalog" where request.count == 2:
                do {
                    guard let zone = TimeZone(identifier: request[1]) else { throw Failure.system("unknown zone") }
                    // The catalog first: the search cache takes the events in
                    // once the answer is sent (on the next quiet moment).
                    try readEvents()
                    takeEvents()
                    let vouched = try catalog(in: zone)
                    _ = WatchSocket.writeAll(
                        client, "ok \(String(vouched.fingerprint.value, radix: 16)) \(vouched.count)\n")
                } catch {
                    _ = WatchSocket.writeAll(client, "error\n")
                    log("error: \(error.localizedDescription)")
                }
            default:
                break
            }
            close(client)
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

        /// Brings ``watched`` up to date with the events read so far, and
        /// notes what the search cache has yet to take in.
        private func takeEvents() {
            if needsFullScan {
                scanner = VaultScanner(layout: layout)
                watched = WatchedFiles(scanner.scanInParallel(sorted: false).files)
                catalogGeneration = -1
                indexNeedsFullScan = true
            } else {
                for folder in dirtyFolders { watched.replace(folder: folder, with: scanner.scan(folder: folder).files) }
                for path in dirtyPaths { watched.set(path, to: scanner.file(at: path)) }
                indexPaths.formUnion(dirtyPaths)
                indexFolders.formUnion(dirtyFolders)
            }
            needsFullScan = false
            dirtyPaths = []
            dirtyFolders = []
        }

        /// True when the search cache has changes to take in (and is not in its first refresh).
        private var indexIsBehind: Bool {
            firstRefresh == nil && (indexNeedsFullScan || !indexPaths.isEmpty || !indexFolders.isEmpty)
        }

        /// Gives the search cache what ``takeEvents()`` noted for it (not
        /// while its first refresh runs: that one takes it in when done).
        private func applyToIndex() throws {
            guard firstRefresh == nil else { return }
            try index.reopenIfReplaced()
            if indexNeedsFullScan {
                indexNeedsFullScan = false
                indexPaths = []
                indexFolders = []
                let report = try index.refresh(scan: watched.scan.files)
                log("full scan: \(report.added) added, \(report.changed) changed, \(report.removed) removed")
            } else if !indexPaths.isEmpty || !indexFolders.isEmpty {
                let (paths, changedFolders) = (indexPaths, indexFolders)
                indexPaths = []
                indexFolders = []
                let report = try index.refresh(paths: paths, folders: changedFolders)
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
            let catalog = NoteCatalog(layout: layout, timeZone: zone)
            let vouched = NoteCatalog.VouchedScan(fingerprint: watched.fingerprint, count: watched.count)
            func upToDate() -> Bool {
                guard let header = catalog.storedHeader() else { return false }
                return header.timeZoneID == zone.identifier && header.scan == vouched
            }
            if !upToDate() {
                let report = catalog.load(scan: watched.scan, fingerprint: watched.fingerprint).report
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
            var answer = "ok\n"
            do {
                try apply()
            } catch {
                needsFullScan = true
                answer = "error\n"
                log("error: \(error.localizedDescription)")
            }
            for client in waitingSearches {
                _ = WatchSocket.writeAll(client, answer)
                close(client)
            }
            waitingSearches = []
        }

        private func listen() throws {
            serverFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard serverFD >= 0 else { throw Failure.system("socket: \(String(cString: strerror(errno)))") }
            var (address, length) = WatchSocket.address(layout)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(serverFD, $0, length) }
            }
            if bound != 0 {
                throw errno == EADDRINUSE
                    ? Failure.alreadyRunning : Failure.system("bind: \(String(cString: strerror(errno)))")
            }
            guard Glibc.listen(serverFD, 64) == 0 else {
                throw Failure.system("listen: \(String(cString: strerror(errno)))")
            }
        }

        /// Adds watches on `folder` and every folder below it that the scan walks.
        private func watchTree(_ folder: String) throws {
            guard folder.isEmpty || scanner.walksInto(folder) else { return }
            let absolute = folder.isEmpty ? layout.root.path : layout.root.path + "/" + folder
            let wd = inotify_add_watch(inotifyFD, absolute, Self.mask | UInt32(IN_ONLYDIR))
            if wd < 0 {
                if errno == ENOENT || errno == ENOTDIR { return }
                throw Failure.system(
                    "cannot watch \(folder.isEmpty ? "." : folder) (\(String(cString: strerror(errno)))); "
                        + "raise fs.inotify.max_user_watches")
            }
            folders[wd] = folder
            guard let dir = opendir(absolute) else { return }
            defer { closedir(dir) }
            var subfolders: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                let type = entry.pointee.d_type
                let rel = folder.isEmpty ? name : folder + "/" + name
                if type == UInt8(DT_DIR) {
                    subfolders.append(rel)
                } else if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    if stat(absolute + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                        subfolders.append(rel)
                    }
                }
            }
            for subfolder in subfolders { try watchTree(subfolder) }
        }

        /// Reads every queued event and records what it names.
        private func readEvents() throws {
            var buffer = [UInt8](repeating: 0, count: 256 * 1024)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(inotifyFD, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { return }
                    throw Failure.system("reading inotify events: \(String(cString: strerror(errno)))")
                }
                guard n > 0 else { return }
                var offset = 0
                while offset + 16 <= n {
                    let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                        (
                            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)]
                    let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                    offset += 16 + length
                    try record(wd: wd, mask: mask, name: name)
                }
            }
        }

        private func record(wd: Int32, mask: UInt32, name: String) throws {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                needsFullScan = true
                return
            }
            if wd == dotVaultWatch {
                if name == "ignore" { needsFullScan = true }
                return
            }
            if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0, folders[wd] == "" {
                // The vault itself was deleted or moved: nothing left to keep fresh.
                rootGone = true
                return
            }
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[wd] = nil
                return
            }
            guard let folder = folders[wd], !name.isEmpty, !name.hasPrefix(".") else { return }
            let path = folder.isEmpty ? name : folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0 {
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { try watchTree(path) }
                dirtyFolders.insert(path)
            } else {
                dirtyPaths.insert(path)
            }
        }
    #endif
}

/// The search cache, handed to the thread that does its first refresh.
private struct UncheckedIndex: @unchecked Sendable {  // only that thread uses it until it has finished
    let index: SearchIndex
}
