import Foundation

/// The inline syntax `vault` reads inside text nodes, where CommonMark itself
/// sees plain text: `#tags` and `[[wiki links]]`. Also which link
/// destinations point at notes.
enum InlineSyntax {
    /// Appends the `#tags` in `text` (without `#`), Obsidian's rule.
    ///
    /// A tag starts with `#` at the start of a line or after white space
    /// (`atBoundary` says whether the text's start is one: the start of a
    /// block or line, or after white space) and runs over letters, digits,
    /// `_`, `-` and `/`. It needs at least one character that is not a digit
    /// (`#1` is not a tag). A `#` after anything else (`page#section` in a
    /// URL, `[[#Heading]]`) never starts one, and nothing inside a
    /// `[[wiki link]]` is a tag (`[[Note| #label]]`).
    static func scanTags(_ text: String, atBoundary: Bool = true, into tags: inout [String]) {
        // Most text nodes hold no `#`: memchr answers that at memory speed
        // (the generic `utf8.contains` took 6% of a cold index's parsing).
        let hasHash =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.baseAddress.map { memchr($0, Int32(UInt8(ascii: "#")), bytes.count) != nil } ?? false
            } ?? text.utf8.contains(UInt8(ascii: "#"))
        guard hasHash else { return }
        let scalars = Array(text.unicodeScalars)
        var i = 0
        // Up to here no `]]` closes a `[[` (a line end or the text's): a
        // `[[` before it is not looked after again (that was quadratic).
        var unclosedUntil = 0
        while i < scalars.count {
            defer { i += 1 }
            if scalars[i] == "[", i + 1 < scalars.count, scalars[i + 1] == "[", i >= unclosedUntil {
                // A wiki link on this line: skip to its `]]` (its target and label hold no tags).
                var j = i + 2
                while j + 1 < scalars.count, scalars[j] != "\n", !(scalars[j] == "]" && scalars[j + 1] == "]") { j += 1 }
                if j + 1 < scalars.count, scalars[j] == "]" {
                    i = j + 1
                } else {
                    unclosedUntil = j + 1
                }
                continue
            }
            guard scalars[i] == "#" else { continue }
            guard i > 0 ? scalars[i - 1].properties.isWhitespace : atBoundary else { continue }
            var j = i + 1
            var tag = String.UnicodeScalarView()
            var hasNonDigit = false
            while j < scalars.count, isTagScalar(scalars[j]) {
                tag.append(scalars[j])
                if !("0"..."9").contains(scalars[j]) { hasNonDigit = true }
                j += 1
            }
            while let last = tag.last, last == "/" || last == "-" { tag.removeLast() }
            if hasNonDigit, !tag.isEmpty { tags.append(String(tag)) }
            i = j - 1
        }
    }

    private static func isTagScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.numericType != nil || s == "_" || s == "-" || s == "/"
    }

    /// Appends the targets of `[[target]]`, `[[target|alias]]` and
    /// `[[target#heading]]` in `text`. Works on UTF-8 bytes: it runs on every
    /// text node of every note.
    static func scanWikiLinks(_ text: String, into links: inout [String]) {
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        var text = text
        text.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            while i + 1 < n {
                guard bytes[i] == open, bytes[i + 1] == open else {
                    i += 1
                    continue
                }
                let start = i + 2
                var j = start
                while j + 1 < n, !(bytes[j] == close && bytes[j + 1] == close), bytes[j] != 0x0A { j += 1 }
                guard j + 1 < n, bytes[j] == close else {
                    // No `]]` before this line's end: no `[[` in between can close
                    // either, so go on from there (from `start` each time was
                    // quadratic: 100 KB of `[[` took seconds on every command).
                    i = max(start, j)
                    continue
                }
                var end = start
                while end < j, bytes[end] != UInt8(ascii: "|"), bytes[end] != UInt8(ascii: "#") { end += 1 }
                let target = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    .trimmingSpaces()
                if !target.isEmpty { links.append(target) }
                i = j + 2
            }
        }
    }

    /// The note a Markdown link destination points at, or nil when it points
    /// elsewhere (a URL with a scheme, a mail address, an anchor, a non-Markdown file).
    static func noteLink(_ url: String) -> String? {
        guard !url.isEmpty, !url.hasPrefix("#"), !url.contains("://"), !url.lowercased().hasPrefix("mailto:") else {
            return nil
        }
        let path = url.prefix { $0 != "#" && $0 != "?" }
        let decoded = path.removingPercentEncoding ?? String(path)
        guard decoded.lowercased().hasSuffix(".md") else { return nil }
        return decoded
    }
}
