import Foundation

/// The inline syntax `vault` reads inside text nodes, where CommonMark itself
/// sees plain text: `#tags` and `[[wiki links]]`. Also which link
/// destinations point at notes.
enum InlineSyntax {
    /// Appends the `#tags` in `text` (without `#`).
    ///
    /// A tag starts with `#` at the start of the text or after white space or
    /// an opening bracket, and runs over letters, digits, `_`, `-` and `/`.
    /// It needs at least one character that is not a digit (`#1` is not a
    /// tag), and a `#` inside a word (`page#section` in a URL) never starts one.
    static func scanTags(_ text: String, into tags: inout [String]) {
        guard text.utf8.contains(UInt8(ascii: "#")) else { return }
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            defer { i += 1 }
            guard scalars[i] == "#" else { continue }
            if i > 0 {
                let before = scalars[i - 1]
                guard before.properties.isWhitespace || before == "(" || before == "[" || before == "," else { continue }
            }
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
    /// `[[target#heading]]` in `text`.
    static func scanWikiLinks(_ text: String, into links: inout [String]) {
        // Byte search: `[[`, `]]`, `|`, `#` and line feeds are ASCII, so byte
        // offsets always fall on character boundaries.
        let bytes = Array(text.utf8)
        let count = bytes.count
        var i = 0
        while i + 1 < count {
            guard bytes[i] == UInt8(ascii: "["), bytes[i + 1] == UInt8(ascii: "[") else {
                i += 1
                continue
            }
            let start = i + 2
            var close = start
            while close + 1 < count, !(bytes[close] == UInt8(ascii: "]") && bytes[close + 1] == UInt8(ascii: "]")) {
                close += 1
            }
            guard close + 1 < count else { return }
            let inner = bytes[start..<close]
            if !inner.contains(UInt8(ascii: "\n")) {
                let end = inner.firstIndex { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "#") } ?? close
                let target = String(decoding: bytes[start..<end], as: UTF8.self).trimmingSpaces()
                if !target.isEmpty { links.append(target) }
            }
            i = close + 2
        }
    }

    /// True when the bytes of the ASCII string `needle` occur in `text`.
    /// Byte search is exact for ASCII needles and much faster than
    /// Foundation's `range(of:)`, which runs once per text node.
    static func containsASCII(_ needle: StaticString, in text: some StringProtocol) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        let bytes = text.utf8
        var index = bytes.startIndex
        while let hit = bytes[index...].firstIndex(of: first) {
            var candidate = hit
            var matched = true
            for byte in pattern {
                guard candidate < bytes.endIndex, bytes[candidate] == byte else {
                    matched = false
                    break
                }
                candidate = bytes.index(after: candidate)
            }
            if matched { return true }
            index = bytes.index(after: hit)
        }
        return false
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
