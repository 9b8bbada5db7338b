import Foundation
import VaultCore

/// The ledger files of one vault: `.vault/ledger/YYYY.log`, one per UTC year
/// of the events it holds.
///
/// Reading never fails on bad lines (they become diagnostics). Appending
/// takes an exclusive lock on `.vault/local/ledger.lock`, so two `vault`
/// processes of one clone never interleave or reuse a sequence number.
public struct LedgerStore: Sendable {
    public let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    /// Every ledger file's contents, and problems, by file.
    public struct Snapshot: Sendable {
        /// Vault-relative paths of the files read, sorted.
        public var files: [String] = []
        /// All well-formed events of all files, in file order.
        public var events: [LedgerEvent] = []
        public var diagnostics: [Diagnostic] = []
        /// Where each event's first line is, one place per event of
        /// ``events`` in the same order (filled only when asked for).
        public var places: [(path: String, line: Int)] = []
        /// What each file was when read, in the order of ``files``.
        public var states: [FileState] = []
    }

    /// What a ledger file was when read: enough to tell next time whether
    /// it is unchanged, only grew (appends), or was rewritten (a git merge,
    /// an edit, `vault check --fix`).
    public struct FileState: Hashable, Sendable {
        /// Vault-relative path.
        public var path: String
        public var inode: UInt64
        /// The bytes of complete lines read; a last line without its newline
        /// (a write in progress, or cut short) is left for next time.
        public var size: Int
        /// Modification and status-change times, in nanoseconds.
        public var modified: Int64
        public var changed: Int64
        /// The number of the last complete line.
        public var lines: Int
        /// A checksum of the last 4 KiB (at most) of those bytes.
        public var tail: UInt64

        public init(path: String, inode: UInt64, size: Int, modified: Int64, changed: Int64, lines: Int, tail: UInt64) {
            self.path = path
            self.inode = inode
            self.size = size
            self.modified = modified
            self.changed = changed
            self.lines = lines
            self.tail = tail
        }
    }

    /// How many bytes before a file's recorded end ``FileState/tail`` covers.
    static let tailLength = 4096

    /// The vault-relative path of the ledger file for `year`.
    public func relativePath(year: Int) -> String { ".vault/ledger/\(year).log" }

    /// The ledger file that `name` is a file-sync tool's conflict copy of
    /// (`2026.sync-conflict-20261101-123456-ABCDEFG.log` from Syncthing,
    /// `2026 (conflicted copy 2026-11-01).log` from Dropbox or Nextcloud,
    /// with a user name or time in the brackets too), or nil when it is none.
    /// A conflict copy's events are read with the ledger like any file's.
    public static func conflictCopyOriginal(_ name: String) -> String? {
        guard name.hasSuffix(".log"), name.count > 8 else { return nil }
        let year = name.prefix(4)
        guard year.allSatisfy(\.isNumber) else { return nil }
        let rest = name.dropFirst(4).dropLast(4)
        let syncthing = rest.hasPrefix(".sync-conflict-")
        let bracketed = rest.hasPrefix(" (") && rest.hasSuffix(")") && rest.lowercased().contains("conflicted copy")
        return syncthing || bracketed ? "\(year).log" : nil
    }

    /// The ledger files present, sorted by name.
    public func fileNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.ledgerFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".log") && !$0.hasPrefix(".") }.sorted()
    }

    /// Reads every ledger file.
    /// - Parameter locate: also record each event's file and line (for `vault check`).
    public func read(locate: Bool = false) -> Snapshot {
        var snapshot = Snapshot()
        var buffer = [UInt8]()
        for name in fileNames() {
            let path = ".vault/ledger/" + name
            snapshot.files.append(path)
            guard let (contents, state) = readFile(path, buffer: &buffer) else {
                snapshot.diagnostics.append(
                    Diagnostic(
                        code: "unreadable", severity: .error, path: path, line: nil,
                        message: Self.unreadableReason(errno)))
                continue
            }
            snapshot.states.append(state)
            if locate {
                snapshot.places.reserveCapacity(snapshot.places.count + contents.lines.count)
                for line in contents.lines { snapshot.places.append((path, line)) }
            }
            if snapshot.events.isEmpty {
                snapshot.events = contents.events  // no element-by-element copy for the first file
            } else {
                snapshot.events += contents.events
            }
            snapshot.diagnostics += contents.diagnostics
        }
        return snapshot
    }

    /// Why a ledger file could not be read, from `error` (``FileIO``'s errno), in words.
    static func unreadableReason(_ error: Int32) -> String {
        switch error {
        case ELOOP:
            return
                "a symbolic link, so it is skipped: the ledger's files are the vault's own (what a link leads to is never read, and vault never writes through one); put the file itself here."
        case EISDIR: return "a folder, not a ledger file, so it is skipped; rename or remove it."
        case ENODEV: return "not a regular file (a FIFO, a socket or a device), so it is skipped; remove it."
        default: return "cannot read the ledger file: \(String(cString: strerror(error)))."
        }
    }

    /// Reads one whole ledger file (`path` vault-relative), using `buffer`'s storage.
    func readFile(_ path: String, buffer: inout [UInt8]) -> (LedgerText.Contents, FileState)? {
        var info = stat()
        guard FileIO.read(layout.url(of: path).path, from: 0, into: &buffer, info: &info, followingLinks: false) else {
            return nil
        }
        let contents = buffer.withUnsafeBufferPointer { LedgerFileReader.read($0, path: path) }
        let tail = buffer.withUnsafeBytes { raw in
            let end = contents.completeBytes
            return CacheFile.checksum(UnsafeRawBufferPointer(rebasing: raw[max(0, end - Self.tailLength)..<end]))
        }
        let state = FileState(
            path: path, inode: UInt64(info.st_ino), size: contents.completeBytes,
            modified: info.modifiedNanoseconds, changed: info.changedNanoseconds,
            lines: contents.lastCompleteLine, tail: tail)
        return (contents, state)
    }

    /// What became of a file since `state` was recorded.
    public enum Growth: Sendable {
        /// Not a byte changed.
        case unchanged
        /// Lines were appended: these, and the file's new state.
        case appended(LedgerText.Contents, FileState)
        /// Replaced, shortened or edited: only reading everything again will do.
        case rewritten
    }

    /// Reads what was appended to a ledger file after `state`, checking
    /// that the bytes before are still the ones read then (same inode, no
    /// shorter, the same last 4 KiB, and an unchanged mtime when no longer).
    public func growth(since state: FileState) -> Growth {
        let absolute = layout.url(of: state.path).path
        var buffer: [UInt8] = []
        var info = stat()
        let start = max(0, state.size - Self.tailLength)
        guard FileIO.read(absolute, from: start, into: &buffer, info: &info, followingLinks: false),
            UInt64(info.st_ino) == state.inode,
            buffer.count >= state.size - start
        else { return .rewritten }
        let known = state.size - start
        if buffer.count == known {
            let same =
                info.modifiedNanoseconds == state.modified && info.changedNanoseconds == state.changed
            return same && buffer.withUnsafeBytes({ CacheFile.checksum($0) }) == state.tail ? .unchanged : .rewritten
        }
        let (tailMatches, contents) = buffer.withUnsafeBytes { raw in
            (
                CacheFile.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<known])) == state.tail,
                LedgerFileReader.read(
                    UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[known...]), path: state.path,
                    firstLine: state.lines + 1)
            )
        }
        guard tailMatches else { return .rewritten }
        let end = known + contents.completeBytes
        let tail = buffer.withUnsafeBytes { raw in
            CacheFile.checksum(UnsafeRawBufferPointer(rebasing: raw[max(0, end - Self.tailLength)..<end]))
        }
        var grown = state
        grown.size = state.size + contents.completeBytes
        grown.lines = contents.lastCompleteLine
        grown.tail = contents.completeBytes > 0 ? tail : state.tail
        grown.modified = info.modifiedNanoseconds
        grown.changed = info.changedNanoseconds
        return .appended(contents, grown)
    }

    /// Reads the ledger and replays it into history order.
    public func history() -> (history: LedgerHistory, diagnostics: [Diagnostic]) {
        let snapshot = read()
        return (LedgerHistory(snapshot.events), snapshot.diagnostics)
    }

    // MARK: Device

    /// This clone's device id from `.vault/local/device`, created (random,
    /// 12 hex digits) on first use.
    ///
    /// The file also records the machine (host name) and the vault folder it
    /// was made for. A copy of the vault (`cp -a`, Syncthing, Dropbox: they
    /// copy `.vault/local/` too) finds another machine or folder there and
    /// makes a device id of its own, so two copies never write the same
    /// (device, sequence) pair. A file without that record (older vaults)
    /// keeps its id and gets one.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public func deviceID() throws -> String {
        let url = layout.localFolder.appendingPathComponent("device")
        let binding = ["host " + Self.hostName(), "root " + layout.root.standardizedFileURL.path]
        /// The stored id, and whether it was made here (nil binding: an older file).
        func stored() -> (id: String, here: Bool?)? {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let id = lines.first, !id.isEmpty, !id.contains(where: { $0 == " " || $0 == "\t" }) else {
                return nil
            }
            let recorded = lines.dropFirst().filter { !$0.isEmpty }
            return (id, recorded.isEmpty ? nil : Array(recorded) == binding)
        }
        func write(_ id: String) throws {
            try AtomicFile.write(Data(([id] + binding).joined(separator: "\n").appending("\n").utf8), to: url)
        }
        if let found = stored(), found.here == true { return found.id }
        // Under the lock, so two first writers agree; an empty or broken file
        // (a crash while it was made) is replaced, never trusted.
        return try withLock {
            switch stored() {
            case let found? where found.here == true:
                return found.id
            case let found? where found.here == nil:
                try write(found.id)  // an older file: the id stays, and is bound here from now on
                return found.id
            default:
                let id = String((0..<12).map { _ in "0123456789abcdef".randomElement()! })
                try write(id)
                return id
            }
        }
    }

    /// This machine's host name ("" when it cannot be read).
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(cString: buffer)
    }

    func makeLocalFolder() throws {
        do {
            try FileManager.default.createDirectory(at: layout.localFolder, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: layout.ledgerFolder, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(
                path: layout.localFolder.path, reason: VaultStoreError.reason(of: error))
        }
    }

    // MARK: Lock

    /// Runs `body` holding the clone's exclusive ledger lock (flock on
    /// `.vault/local/ledger.lock`; the kernel drops it if the process dies).
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``, or what `body` throws.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try makeLocalFolder()
        let lockPath = layout.localFolder.appendingPathComponent("ledger.lock").path
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw VaultStoreError.unwritable(path: lockPath, reason: errnoDescription()) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw VaultStoreError.unwritable(path: lockPath, reason: errnoDescription()) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
