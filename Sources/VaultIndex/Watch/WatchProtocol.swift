import VaultStore

/// A request on the watcher socket (docs/FORMAT.md, "Watcher socket"): one
/// line of text, answered by one line.
public enum WatchRequest: Equatable, Sendable {
    /// Apply every change the watcher has been told of to the search cache.
    case sync
    /// Bring the note catalog for the time zone named up to date, and say
    /// what it matches. `version` is the asking binary's catalog format
    /// (``NoteCatalog/formatVersion``); nil from a binary older than that word.
    case catalog(zone: String, version: UInt64?)

    /// The request's line, without its newline.
    public var line: String {
        switch self {
        case .sync: return "sync"
        case .catalog(let zone, let version?): return "catalog \(zone) \(version)"
        case .catalog(let zone, nil): return "catalog \(zone)"
        }
    }

    /// Reads a request line; nil for anything else.
    public init?(line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        switch (words.first, words.count) {
        case ("sync", 1): self = .sync
        case ("catalog", 2) where !words[1].isEmpty: self = .catalog(zone: String(words[1]), version: nil)
        case ("catalog", 3) where !words[1].isEmpty:
            guard let version = UInt64(words[2]) else { return nil }
            self = .catalog(zone: String(words[1]), version: version)
        default: return nil
        }
    }
}

/// The watcher's answer to a ``WatchRequest``.
public enum WatchResponse: Equatable, Sendable {
    /// The search cache is up to date.
    case ok
    /// The note catalog is up to date and matches this scan.
    case catalog(NoteCatalog.VouchedScan)
    /// The watcher could not do it (the command then scans for itself).
    case error

    /// The answer's line, without its newline.
    public var line: String {
        switch self {
        case .ok: return "ok"
        case .catalog(let scan): return "ok \(String(scan.fingerprint.value, radix: 16)) \(scan.count)"
        case .error: return "error"
        }
    }

    /// Reads an answer to `request`; nil when it is not one.
    public init?(line: String, to request: WatchRequest) {
        let words = line.split(separator: " ")
        switch request {
        case .sync:
            guard let word = words.first, words.count == 1 else { return nil }
            if word == "ok" { self = .ok } else if word == "error" { self = .error } else { return nil }
        case .catalog:
            if words == ["error"] {
                self = .error
                return
            }
            guard words.count == 3, words[0] == "ok", let value = UInt64(words[1], radix: 16),
                let count = Int(words[2]), count >= 0
            else { return nil }
            self = .catalog(NoteCatalog.VouchedScan(fingerprint: ScanFingerprint(value: value), count: count))
        }
    }
}
