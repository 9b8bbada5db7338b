/// Paths excluded by `.vault/ignore`, written in gitignore syntax.
///
/// Supported: blank lines and `#` comments, `!` to re-include, a trailing `/`
/// for folders only, a leading or inner `/` to anchor a pattern at the vault
/// root, and the wildcards `*`, `?`, `**` and `[abc]`. The last matching
/// pattern wins, as in git.
public struct IgnoreRules: Sendable {
    struct Pattern: Sendable {
        var glob: [Character]
        var negated: Bool
        var directoryOnly: Bool
        var anchored: Bool
    }

    var patterns: [Pattern] = []

    public init(_ text: String = "") {
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingTrailingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
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
                Pattern(glob: Array(line), negated: negated, directoryOnly: directoryOnly, anchored: anchored))
        }
    }

    /// True when the vault-relative `path` is ignored.
    public func ignores(_ path: String, isDirectory: Bool) -> Bool {
        guard !patterns.isEmpty else { return false }
        let name = Array(path.split(separator: "/").last ?? Substring(path))
        let full = Array(path)
        var ignored = false
        for pattern in patterns where !(pattern.directoryOnly && !isDirectory) {
            let hit = pattern.anchored ? Self.match(pattern.glob, full) : Self.match(pattern.glob, name)
            if hit { ignored = !pattern.negated }
        }
        return ignored
    }

    /// Glob match where `*` and `?` stop at `/` and `**` crosses folders.
    static func match(_ p: [Character], _ s: [Character]) -> Bool {
        func go(_ pi: Int, _ si: Int) -> Bool {
            if pi == p.count { return si == s.count }
            let c = p[pi]
            if c == "*" {
                if pi + 1 < p.count, p[pi + 1] == "*" {
                    var next = pi + 2
                    if next < p.count, p[next] == "/" { next += 1 }
                    for k in si...s.count where go(next, k) { return true }
                    return false
                }
                var k = si
                while true {
                    if go(pi + 1, k) { return true }
                    if k == s.count || s[k] == "/" { return false }
                    k += 1
                }
            }
            guard si < s.count else { return false }
            if c == "?" { return s[si] != "/" && go(pi + 1, si + 1) }
            if c == "[", let close = p[(pi + 1)...].firstIndex(of: "]") {
                var set = Array(p[(pi + 1)..<close])
                let negate = set.first == "!" || set.first == "^"
                if negate { set.removeFirst() }
                var hit = false
                var i = 0
                while i < set.count {
                    if i + 2 < set.count, set[i + 1] == "-" {
                        if set[i] <= s[si] && s[si] <= set[i + 2] { hit = true }
                        i += 3
                    } else {
                        if set[i] == s[si] { hit = true }
                        i += 1
                    }
                }
                return hit != negate && go(close + 1, si + 1)
            }
            if c == "\\", pi + 1 < p.count { return p[pi + 1] == s[si] && go(pi + 2, si + 1) }
            return c == s[si] && go(pi + 1, si + 1)
        }
        return go(0, 0)
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
