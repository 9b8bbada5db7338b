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
/// finished before it was called is counted.
public final class VaultChanges: @unchecked Sendable {
    #if os(Linux)
        private let source: InotifySource
    #endif
    private let scanner: VaultScanner
    private let root: String
    /// Each watch's folder, vault-relative.
    private var folders: [Int32: String] = [:]
    private var changes: UInt64 = 0
    private let lock = NSLock()

    /// Watches the vault at `layout`; nil where that is impossible (no
    /// inotify, too many folders for the system's limit): the caller then
    /// reads the vault afresh for every request, as a command does.
    public init?(layout: VaultLayout) {
        #if os(Linux)
            guard let source = try? InotifySource() else { return nil }
            self.source = source
            scanner = VaultScanner(layout: layout)
            root = layout.root.path
            guard (try? watchAll()) != nil else { return nil }
        #else
            return nil
        #endif
    }

    /// How many changes were seen so far (every queued event counted first).
    public func count() -> UInt64 {
        lock.withLock {
            #if os(Linux)
                guard let events = try? source.read() else {
                    changes += 1
                    return changes
                }
                guard !events.isEmpty else { return changes }
                changes += 1
                for event in events {
                    if event.kind.contains(.overflow) {
                        _ = try? watchAll()
                        break
                    }
                    if event.kind.contains(.watchGone) { folders[event.watch] = nil }
                    guard event.kind.contains(.isFolder), event.kind.contains(.arrived),
                        let parent = folders[event.watch]
                    else { continue }
                    let folder = parent.isEmpty ? event.name : parent + "/" + event.name
                    for below in foldersToWatch(from: folder) { _ = try? watch(below) }
                }
            #endif
            return changes
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

        /// `.vault`'s folders that hold the vault's state (not its cache).
        private static let stateFolders = [".vault/ledger", ".vault/local", ".vault/trash"]
    #endif
}
