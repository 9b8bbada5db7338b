import Foundation
import VaultCore

/// Paths excluded by `.vault/ignore`, written in gitignore syntax.
///
/// Supported: blank lines and `#` comments, `!` to re-include, a trailing `/`
/// for folders only, a leading or inner `/` to anchor a pattern at the vault
/// root, and the wildcards `*`, `?`, `**` and `[abc]`. The last matching
/// pattern wins, as in git.
///
/// The file comes with the vault (other people's commits reach it) and every
/// pattern is tried on every path of every scan, so it is bounded: the first
/// ``maxFileBytes`` are read, ``maxPatterns`` patterns are used, and a
/// pattern longer than a path can be (``maxPatternBytes``), or with a star
/// and longer than ``maxStarPatternBytes`` (its match costs its length times
/// the path's), is not, nor a pattern with a star past ``maxStarBytes`` of
/// them all together (each path is tried against every one); each cut is a
/// ``problems`` entry that `vault check` shows.
public struct IgnoreRules: Sendable {
    struct Pattern: Sendable {
        /// The pattern's UTF-8 bytes.
        var glob: [UInt8]
        var negated: Bool
        var directoryOnly: Bool
        var anchored: Bool
    }

    public static let maxFileBytes = 1 << 20
    public static let maxPatterns = 1000
    public static let maxPatternBytes = 4096
    public static let maxStarPatternBytes = 256
    /// All patterns with a star together: a path costs at most this many
    /// times its length to test (real files hold a few short ones: `*.tmp`).
    public static let maxStarBytes = 1024
    static let path = ".vault/ignore"

    var patterns: [Pattern] = []
    /// What was left out of the file, with its line.
    public private(set) var problems: [Diagnostic] = []

    /// The rules of the file at `url` (none when there is none, or it is not a regular file).
    public static func read(_ url: URL) -> IgnoreRules {
        var info = stat()
        guard let fd = FileIO.openRegularFile(url.path, info: &info) else { return IgnoreRules() }
        defer { close(fd) }
        // Read in small pieces: the file is usually a few lines, and a
        // megabyte zeroed in advance cost every command half a millisecond.
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= maxFileBytes {
            let wanted = min(piece.count, maxFileBytes + 1 - bytes.count)
            let n = piece.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, wanted) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += piece[..<n]
        }
        var rules = IgnoreRules(String(decoding: bytes.prefix(maxFileBytes), as: UTF8.self))
        if bytes.count > maxFileBytes {
            rules.problems.append(
                Diagnostic(
                    code: "ignore-file", severity: .warning, path: path, line: nil,
                    message: "the file is over 1 MB; only its first megabyte is read."))
        }
        return rules
    }

    public init(_ text: String = "") {
        var number = 0
        var starBytes = 0
        func leftOut(_ message: String) {
            problems.append(
                Diagnostic(code: "ignore-file", severity: .warning, path: Self.path, line: number, message: message))
        }
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            var line = raw.trimmingTrailingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let limit = line.contains("*") ? Self.maxStarPatternBytes : Self.maxPatternBytes
            guard line.utf8.count <= limit else {
                leftOut(
                    "a pattern\(limit == Self.maxStarPatternBytes ? " with a star" : "") over \(limit) bytes is not used."
                )
                continue
            }
            if line.contains("*") {
                guard starBytes + line.utf8.count <= Self.maxStarBytes else {
                    leftOut(
                        "the patterns with a star above use \(starBytes) of their \(Self.maxStarBytes) bytes; this one is not used."
                    )
                    continue
                }
                starBytes += line.utf8.count
            }
            guard patterns.count < Self.maxPatterns else {
                leftOut("only the first \(Self.maxPatterns) patterns are used; this line and those after it are not.")
                break
            }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line.removeFirst()
            }
            var directoryOnly = false
            if line.hasSuffix("/") {
                directoryOnly = true
                line.removeLast()
            }
            var anchored = line.dropLast().contains("/")
            if line.hasPrefix("/") {
                anchored = true
                line.removeFirst()
            }
            guard !line.isEmpty else { continue }
            patterns.append(
                Pattern(glob: Array(line.utf8), negated: negated, directoryOnly: directoryOnly, anchored: anchored))
        }
    }

    /// True when the vault-relative `path` is ignored. Runs for every file
    /// of every scan, so it reads the path's bytes in place.
    public func ignores(_ path: String, isDirectory: Bool) -> Bool {
        guard !patterns.isEmpty else { return false }
        var path = path
        return path.withUTF8 { full in
            let nameStart = full.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            let name = UnsafeBufferPointer(rebasing: full[nameStart...])
            var ignored = false
            for pattern in patterns where !(pattern.directoryOnly && !isDirectory) {
                if Glob(pattern.glob, pattern.anchored ? full : name).matches() { ignored = !pattern.negated }
            }
            return ignored
        }
    }

    /// Whether a path matches a pattern, where `*` and `?` stop at `/` and
    /// `**` crosses folders; `?` and `[…]` take one Unicode scalar. A pattern
    /// without a star is one pass over the path; one with stars is a table of
    /// (pattern place, path place), filled from the end, so a hostile
    /// pattern costs at most its length times the path's, and nothing recurses.
    struct Glob {
        let p: [UInt8]
        let s: UnsafeBufferPointer<UInt8>

        init(_ pattern: [UInt8], _ path: UnsafeBufferPointer<UInt8>) {
            p = pattern
            s = path
        }

        func matches() -> Bool {
            guard p.contains(UInt8(ascii: "*")) else {
                var pi = 0
                var si = 0
                while pi < p.count {
                    guard let (nextPattern, nextPath) = step(pi, si) else { return false }
                    (pi, si) = (nextPattern, nextPath)
                }
                return si == s.count
            }
            // Most such patterns end in plain bytes (`*.tmp`): the path must too.
            let tail = p.reversed().prefix { !Self.isSpecial($0) && $0 != UInt8(ascii: "]") }
            guard s.count >= tail.count, zip(s.reversed(), tail).allSatisfy({ $0 == $1 }) else { return false }
            return table()
        }

        /// Where one place of a star-free pattern moves both places, nil when the path does not match there.
        private func step(_ pi: Int, _ si: Int) -> (Int, Int)? {
            guard si < s.count else { return nil }
            let c = p[pi]
            if c == UInt8(ascii: "?") {
                return s[si] == UInt8(ascii: "/") ? nil : (pi + 1, si + Self.scalar(at: si, in: s).length)
            }
            if c == UInt8(ascii: "["), let close = p[(pi + 1)...].firstIndex(of: UInt8(ascii: "]")) {
                let (scalar, length) = Self.scalar(at: si, in: s)
                return inClass(p[(pi + 1)..<close], scalar) ? (close + 1, si + length) : nil
            }
            if c == UInt8(ascii: "\\"), pi + 1 < p.count { return p[pi + 1] == s[si] ? (pi + 2, si + 1) : nil }
            return c == s[si] ? (pi + 1, si + 1) : nil
        }

        /// match[pi][si]: the pattern from `pi` matches the path from `si`.
        private func table() -> Bool {
            let width = s.count + 1
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: (p.count + 1) * width) { match in
                match.initialize(repeating: false)
                match[p.count * width + s.count] = true
                for pi in stride(from: p.count - 1, through: 0, by: -1) {
                    for si in stride(from: s.count, through: 0, by: -1) {
                        let here = pi * width + si
                        if p[pi] == UInt8(ascii: "*") {
                            let more = si < s.count ? match[here + 1] : false
                            if pi + 1 < p.count, p[pi + 1] == UInt8(ascii: "*") {
                                var next = pi + 2
                                if next < p.count, p[next] == UInt8(ascii: "/") { next += 1 }
                                match[here] = match[next * width + si] || more
                            } else {
                                match[here] = match[(pi + 1) * width + si] || (more && s[si] != UInt8(ascii: "/"))
                            }
                        } else if let (nextPattern, nextPath) = step(pi, si), nextPath <= s.count {
                            match[here] = match[nextPattern * width + nextPath]
                        }
                    }
                }
                return match[0]
            }
        }

        /// Whether `scalar` is in the class written between `[` and `]`: `a-z` ranges, `!` or `^` first to negate.
        private func inClass(_ bytes: ArraySlice<UInt8>, _ scalar: Unicode.Scalar) -> Bool {
            var set: [Unicode.Scalar] = []
            bytes.withUnsafeBufferPointer { bytes in
                var i = 0
                while i < bytes.count {
                    let (member, width) = Self.scalar(at: i, in: bytes)
                    set.append(member)
                    i += width
                }
            }
            let negate = set.first == "!" || set.first == "^"
            if negate { set.removeFirst() }
            var hit = false
            var i = 0
            while i < set.count {
                if i + 2 < set.count, set[i + 1] == "-" {
                    if set[i] <= scalar && scalar <= set[i + 2] { hit = true }
                    i += 3
                } else {
                    if set[i] == scalar { hit = true }
                    i += 1
                }
            }
            return hit != negate
        }

        static func isSpecial(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "\\")
        }

        /// The Unicode scalar that starts at byte `i` of UTF-8 `bytes`, and its length in bytes.
        static func scalar(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, length: Int) {
            var iterator = bytes[i...].makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                return (scalar, UTF8.width(scalar))
            }
            return (Unicode.Scalar(bytes[i]), 1)
        }
    }
}

extension StringProtocol {
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex,
            self[index(before: end)] == " " || self[index(before: end)] == "\t"
                || self[index(before: end)] == "\r"
        {
            end = index(before: end)
        }
        return String(self[startIndex..<end])
    }
}
