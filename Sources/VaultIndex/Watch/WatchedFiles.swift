import VaultStore

/// The vault's note files as a scan would find them now: a watcher's copy,
/// started from one scan and kept up to date from file events, with the
/// scan's ``ScanFingerprint`` kept up to date as files change.
///
/// The fingerprint is a wrapping sum of per-file hashes, so a change costs
/// one subtraction and one addition, not a pass over 100,000 files.
public struct WatchedFiles: Sendable {
    private var files: [String: ScannedFile] = [:]
    /// The wrapping sum of ``ScanFingerprint/hash(_:)`` over `files`.
    private var sum: UInt64 = 0
    /// Bumped by every change, so that users can tell whether anything changed since they last looked.
    public private(set) var generation = 0
    /// The paths changed since ``takeChanges()`` last took them, with the
    /// file at each now (nil: no note); nil when that is not known (a new
    /// scan), or more changed than are worth looking up one by one.
    private var changes: [String: ScannedFile?]?

    /// Beyond this many changed paths, comparing every file is as quick.
    static let changesKept = 4096

    /// The files of a scan.
    public init(_ scanned: [ScannedFile] = []) {
        files.reserveCapacity(scanned.count)
        for file in scanned { set(file.path, to: file) }
        generation = 0
        changes = nil
    }

    /// The paths changed since the last call (nil: not known), and starts
    /// keeping them afresh: what the note catalog needs to look at.
    public mutating func takeChanges() -> [String: ScannedFile?]? {
        defer { changes = [:] }
        return changes
    }

    public var count: Int { files.count }

    /// What a scan made now would have as its fingerprint.
    public var fingerprint: ScanFingerprint { ScanFingerprint(sum: sum, count: files.count) }

    /// The files, in no particular order, as a scan's, with their fingerprint.
    public var scan: ScannedFiles { ScannedFiles(Array(files.values), fingerprint: fingerprint) }

    /// Records what is at `path` now: `file`, or no note (nil).
    public mutating func set(_ path: String, to file: ScannedFile?) {
        let old = files[path]
        guard old != file else { return }
        if let old { sum &-= ScanFingerprint.hash(old) }
        if let file { sum &+= ScanFingerprint.hash(file) }
        files[path] = file
        generation += 1
        changes?.updateValue(file, forKey: path)
        if let count = changes?.count, count > Self.changesKept { changes = nil }
    }

    /// Replaces every note under `folder` (vault-relative) with `scanned`:
    /// what a scan of that folder finds now (nothing, when it is gone).
    public mutating func replace(folder: String, with scanned: [ScannedFile]) {
        let prefix = folder + "/"
        let now = Dictionary(scanned.map { ($0.path, $0) }) { first, _ in first }
        let gone = files.keys.filter { $0.hasPrefix(prefix) && now[$0] == nil }
        for path in gone { set(path, to: nil) }
        for file in scanned { set(file.path, to: file) }
    }
}
