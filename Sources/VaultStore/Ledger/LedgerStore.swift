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
        /// Where each event's first line is (filled only when asked for).
        public var locations: [LedgerEvent.Identity: (path: String, line: Int)] = [:]
    }

    /// The vault-relative path of the ledger file for `year`.
    public func relativePath(year: Int) -> String { ".vault/ledger/\(year).log" }

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
            guard FileIO.read(layout.url(of: path).path, into: &buffer) else {
                snapshot.diagnostics.append(
                    Diagnostic(
                        code: "unreadable", severity: .error, path: path, line: nil,
                        message: "cannot read the ledger file: \(errnoDescription())."))
                continue
            }
            let contents = buffer.withUnsafeBufferPointer { LedgerText.read($0, path: path) }
            if locate {
                for (event, line) in zip(contents.events, contents.lines)
                where snapshot.locations[event.identity] == nil {
                    snapshot.locations[event.identity] = (path, line)
                }
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

    /// Reads the ledger and replays it into history order.
    public func history() -> (history: LedgerHistory, diagnostics: [Diagnostic]) {
        let snapshot = read()
        return (LedgerHistory(snapshot.events), snapshot.diagnostics)
    }

    // MARK: Device

    /// This clone's device id from `.vault/local/device`, created (random,
    /// 12 hex digits) on first use.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``.
    public func deviceID() throws -> String {
        let url = layout.localFolder.appendingPathComponent("device")
        func stored() -> String? {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return !id.isEmpty && !id.contains(where: { $0 == " " || $0 == "\t" }) ? id : nil
        }
        if let id = stored() { return id }
        // Under the lock, so two first writers agree; an empty or broken file
        // (a crash while it was made) is replaced, never trusted.
        return try withLock {
            if let id = stored() { return id }
            let id = String((0..<12).map { _ in "0123456789abcdef".randomElement()! })
            try AtomicFile.write(Data((id + "\n").utf8), to: url)
            return id
        }
    }

    func makeLocalFolder() throws {
        do {
            try FileManager.default.createDirectory(at: layout.localFolder, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: layout.ledgerFolder, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(
                path: layout.localFolder.path, reason: (error as NSError).localizedDescription)
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
