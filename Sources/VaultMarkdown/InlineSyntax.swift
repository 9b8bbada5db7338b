import Foundation

/// The inline syntax `vault` reads inside text nodes, where CommonMark itself
/// sees plain text: `#tags`. (Links are read from the source by VaultCore's
/// `LinkScanner`, where escapes and comments can still be seen.)
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
        for tag in self.tags(in: text, atBoundary: atBoundary) { tags.append(tag.name) }
    }

    /// The `#tags` in `text` by the rule above: each one's scalars (`#` included,
    /// a trailing `/` or `-` not) and its name (without `#`).
    static func tags(in text: String, atBoundary: Bool = true) -> [(scalars: Range<Int>, name: String)] {
        // Most text nodes hold no `#`: memchr answers that at memory speed
        // (the generic `utf8.contains` took 6% of a cold index's parsing).
        let hasHash =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.baseAddress.map { memchr($0, Int32(UInt8(ascii: "#")), bytes.count) != nil } ?? false
            } ?? text.utf8.contains(UInt8(ascii: "#"))
        guard hasHash else { return [] }
        var found: [(scalars: Range<Int>, name: String)] = []
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
            if hasNonDigit, !tag.isEmpty {
                found.append((i..<(i + 1 + tag.count), String(tag)))
            }
            i = j - 1
        }
        return found
    }

    private static func isTagScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.numericType != nil || s == "_" || s == "-" || s == "/"
    }
}
