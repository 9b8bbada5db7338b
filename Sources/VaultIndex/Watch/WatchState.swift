/// One file-system event, as the watcher's state needs it (what inotify
/// says, without its system types).
public struct WatchEvent: Hashable, Sendable {
    /// What happened.
    public struct Kind: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The kernel dropped events: only a full scan can tell what changed.
        public static let overflow = Kind(rawValue: 1)
        /// The entry named is a folder.
        public static let isFolder = Kind(rawValue: 2)
        /// The entry was created or moved in.
        public static let arrived = Kind(rawValue: 4)
        /// The watch is gone (its folder was deleted or unwatched).
        public static let watchGone = Kind(rawValue: 8)
        /// The watched folder itself was deleted or moved.
        public static let selfGone = Kind(rawValue: 16)
    }

    /// The watch the event came from.
    public var watch: Int32
    /// The entry's name inside the watched folder ("" for the folder itself).
    public var name: String
    public var kind: Kind

    public init(watch: Int32, name: String, kind: Kind) {
        self.watch = watch
        self.name = name
        self.kind = kind
    }
}

/// What a watcher knows and owes, with no system calls: the folder of each
/// watch, the paths events named since they were last taken in, what the
/// search cache and the note catalog have yet to take in, and when to wake.
/// ``IndexWatcher`` feeds it events and does the I/O it asks for; tests feed
/// it hand-made events.
public struct WatchState: Sendable {
    /// Folder (vault-relative, "" for the root) of each watch.
    public private(set) var folders: [Int32: String] = [:]
    /// The watch on `.vault/` (a changed `ignore` file means a full scan).
    public var dotVaultWatch: Int32 = -1
    /// Paths and folders events named since they were last taken in.
    public private(set) var dirtyPaths = Set<String>()
    public private(set) var dirtyFolders = Set<String>()
    public private(set) var needsFullScan = false
    /// Set when the vault folder itself is deleted or moved away.
    public private(set) var rootGone = false
    /// What was taken in that the search cache has not yet.
    public private(set) var indexPaths = Set<String>()
    public private(set) var indexFolders = Set<String>()
    public private(set) var indexNeedsFullScan = false
    /// Set when applying on quiet failed; cleared by the next event.
    public var idleApplyFailed = false

    /// Milliseconds of quiet after events before they are applied unasked.
    public static let settleMilliseconds: Int32 = 200

    public init() {}

    /// Records that watch `watch` is on `folder`.
    public mutating func watching(_ watch: Int32, folder: String) { folders[watch] = folder }

    /// Takes in one event; returns the vault-relative folder to start
    /// watching (with everything below it) when a folder arrived.
    public mutating func record(_ event: WatchEvent) -> String? {
        idleApplyFailed = false
        if event.kind.contains(.overflow) {
            needsFullScan = true
            return nil
        }
        if event.watch == dotVaultWatch {
            if event.name == "ignore" { needsFullScan = true }
            return nil
        }
        if event.kind.contains(.watchGone) || event.kind.contains(.selfGone), folders[event.watch] == "" {
            rootGone = true  // the vault itself was deleted or moved: nothing left to keep fresh
            return nil
        }
        if event.kind.contains(.watchGone) {
            folders[event.watch] = nil
            return nil
        }
        guard let folder = folders[event.watch], !event.name.isEmpty, !event.name.hasPrefix(".") else { return nil }
        let path = folder.isEmpty ? event.name : folder + "/" + event.name
        if event.kind.contains(.isFolder) {
            dirtyFolders.insert(path)
            return event.kind.contains(.arrived) ? path : nil
        }
        dirtyPaths.insert(path)
        return nil
    }

    /// Something must be done: events to take in, or a search cache behind.
    public func isDirty(refreshRunning: Bool) -> Bool {
        needsFullScan || !dirtyPaths.isEmpty || !dirtyFolders.isEmpty || indexIsBehind(refreshRunning: refreshRunning)
    }

    /// True when the search cache has changes to take in (and is not in its first refresh).
    public func indexIsBehind(refreshRunning: Bool) -> Bool {
        !refreshRunning && (indexNeedsFullScan || !indexPaths.isEmpty || !indexFolders.isEmpty)
    }

    /// What the watcher's copy of the scan must take in now.
    public enum Pending: Equatable, Sendable {
        /// Everything: scan the whole vault again.
        case fullScan
        /// These folders (scanned again whole) and paths (looked at one by one).
        case changes(folders: Set<String>, paths: Set<String>)
    }

    /// Hands over the events recorded so far (the search cache's share is kept for ``takeIndexWork()``).
    public mutating func takeEvents() -> Pending {
        defer {
            needsFullScan = false
            dirtyPaths = []
            dirtyFolders = []
        }
        if needsFullScan {
            indexNeedsFullScan = true
            return .fullScan
        }
        indexPaths.formUnion(dirtyPaths)
        indexFolders.formUnion(dirtyFolders)
        return .changes(folders: dirtyFolders, paths: dirtyPaths)
    }

    /// Hands over what the search cache must take in.
    public mutating func takeIndexWork() -> Pending? {
        defer {
            indexNeedsFullScan = false
            indexPaths = []
            indexFolders = []
        }
        if indexNeedsFullScan { return .fullScan }
        if indexPaths.isEmpty && indexFolders.isEmpty { return nil }
        return .changes(folders: indexFolders, paths: indexPaths)
    }

    /// Asks for a full scan at the next apply (after a failure).
    public mutating func rescanNext() { needsFullScan = true }

    /// How long the watcher may sleep: until events have settled, until the
    /// first refresh should be looked in on, or until it has been idle too
    /// long (`idleLeftMilliseconds`: nil when it never stops); -1 for no limit.
    public func pollTimeout(refreshRunning: Bool, idleLeftMilliseconds: Int64?) -> Int32 {
        var timeout: Int32 = isDirty(refreshRunning: refreshRunning) && !idleApplyFailed ? Self.settleMilliseconds : -1
        if refreshRunning { timeout = timeout < 0 ? 20 : min(timeout, 20) }
        if let left = idleLeftMilliseconds {
            let wait = Int32(clamping: max(0, left) + 10)
            timeout = timeout < 0 ? wait : min(timeout, wait)
        }
        return timeout
    }
}
