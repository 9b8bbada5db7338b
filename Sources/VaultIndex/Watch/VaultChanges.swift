import Foundation
import VaultStore

/// A count of the changes made to a vault, for a long-running process that
/// keeps what it read between requests (`vault serve`): as long as the
/// count is the same, the notes, the ledger and the config are the ones it
/// read last, so nothing needs scanning.
///
/// It watches (inotify) every folder a note scan walks, the vault's `.vault`
/// state folders but its cache (which reading writes), and the `.git` folder
/// itself (a commit can date notes). Any event counts, a folder that
/// arrives is watched with everything below it, and a dropped queue or a
/// failed read counts too: it can count a change that changed nothing,
/// never miss one. The kernel queues an event before the writing call
/// returns, so ``count()`` drains the queue first: every write that
/// finished before it was called is counted. A folder it cannot watch (the
/// system's limit of watches reached) makes every later call a change.
///
/// inotify sees the writes of this machine only: on a network or FUSE file
/// system (NFS, SMB, sshfs, rclone) another machine's edits make no event,
/// so there is no count there (nil), and every request reads the vault.
public final class VaultChanges: @unchecked Sendable {
    #if os(Linux)
        private let source: InotifySource
    #endif
    private let scanner: VaultScanner
    private let root: String
    /// Each watch's folder, vault-relative.
    private var folders: [Int32: String] = [:]
    private var counted = Counts(notes: 0, ledger: 0)
    /// Set when a folder could not be watched: changes there would go unseen.
    private var blind = false
    private let lock = NSLock()

    /// Watches the vault at `layout`; nil where that is impossible (no
    /// inotify, too many folders for the system's limit): the caller then
    /// reads the vault afresh for every request, as a command does.
    public init?(layout: VaultLayout) {
        #if os(Linux)
            guard !Self.isRemote(layout.root.path), let source = try? InotifySource() else { return nil }
            self.source = source
            scanner = VaultScanner(layout: layout)
            root = layout.root.path
            guard (try? watchAll()) != nil else { return nil }
        #else
            return nil
        #endif
    }

    /// The changes seen so far, in two counts: what the ledger's replay
    /// reads (`.vault/ledger`, and `.vault/local`, where an append takes its
    /// lock and sequence) and everything else (notes, `.vault/ignore`, git).
    /// The config, a dropped event queue, a failed read or an unwatched
    /// folder count for both.
    public struct Counts: Hashable, Sendable {
        public var notes: UInt64
        public var ledger: UInt64
    }

    /// The changes seen so far (every queued event counted first).
    public func counts() -> Counts {
        lock.withLock {
            #if os(Linux)
                guard !blind, let events = try? source.read() else {
                    counted.notes += 1
                    counted.ledger += 1
                    return counted
                }
                var (notes, ledger) = (false, false)
                for event in events {
                    if event.kind.contains(.overflow) {
                        if (try? watchAll()) == nil { blind = true }
                        (notes, ledger) = (true, true)
                        break
                    }
                    let parent = folders[event.watch]
                    switch (parent, event.name) {
                    case (".vault/ledger", _), (".vault/local", _), (".vault", "ledger"), (".vault", "local"): ledger = true
                    case (".vault", "cache"): break  // made by a read
                    case (".vault", _), (nil, _): (notes, ledger) = (true, true)
                    default: notes = true
                    }
                    if event.kind.contains(.watchGone) { folders[event.watch] = nil }
                    guard event.kind.contains(.isFolder), event.kind.contains(.arrived), let parent else { continue }
                    let folder = parent.isEmpty ? event.name : parent + "/" + event.name
                    for below in foldersToWatch(from: folder) where (try? watch(below)) == nil { blind = true }
                }
                if blind { (notes, ledger) = (true, true) }
                if notes { counted.notes += 1 }
                if ledger { counted.ledger += 1 }
            #endif
            return counted
        }
    }

    #if os(Linux)
        /// Watches every folder that holds what the server keeps.
        private func watchAll() throws {
            for folder in foldersToWatch(from: "") + [".vault", ".git"] + Self.stateFolders {
                try watch(folder)
            }
        }

        private func watch(_ folder: String) throws {
            let path = root + (folder.isEmpty ? "" : "/" + folder)
            if let wd = try source.watch(folder: path) { folders[wd] = folder }
        }

        /// The note folders from `folder` down, or the state folder it is.
        private func foldersToWatch(from folder: String) -> [String] {
            if folder == ".vault" || folder.hasPrefix(".vault/") {
                return Self.stateFolders.contains(folder) ? [folder] : []
            }
            return scanner.folders(from: folder)
        }

        /// Whether the folder at `path` is on a file system whose changes
        /// inotify may not see: network (NFS, SMB/CIFS, 9P, Ceph, AFS, ...)
        /// or FUSE, by the type `/proc/self/mounts` gives the mount that holds it.
        static func isRemote(_ path: String) -> Bool {
            guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return true }
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            return isRemote(real, mounts: mounts)
        }

        /// ``isRemote(_:)`` for an absolute path without links, given the mounts table's text.
        static func isRemote(_ path: String, mounts: String) -> Bool {
            var best: (point: String, type: String)?
            for line in mounts.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count >= 3 else { continue }
                // Spaces in mount points are written as \040.
                let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
                let inside = point == "/" || path == point || path.hasPrefix(point + "/")
                if inside, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
            }
            guard let type = best?.type else { return true }
            return type.hasPrefix("fuse") || remoteTypes.contains(type)
        }

        /// File systems whose files other machines change.
        static let remoteTypes: Set<String> = [
            "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "afs", "glusterfs", "lustre", "davfs", "sshfs",
        ]

        /// `.vault`'s folders that hold the vault's state (not its cache).
        private static let stateFolders = [".vault/ledger", ".vault/local", ".vault/trash"]
    #endif
}
