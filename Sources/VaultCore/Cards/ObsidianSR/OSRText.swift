/// Text helpers that read strings as the Spaced Repetition plugin's JavaScript does:
/// white space as `String.prototype.trim` sees it, and prefixes, searches and counts
/// compared Unicode scalar by Unicode scalar (never by Swift's canonical equivalence),
/// so a separator matches exactly where the plugin's `indexOf` finds it.
enum OSRText {
    /// JavaScript's white space and line terminators (`trim()`): tab, vertical tab, form feed,
    /// space, U+00A0, U+FEFF, every space separator (Zs), LF, CR, U+2028 and U+2029.
    static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0xFEFF, 0x2028, 0x2029: return true
        default: return s.value > 0x7F && s.properties.generalCategory == .spaceSeparator
        }
    }

    /// `text.trim()`.
    static func trim(_ text: Substring) -> Substring {
        trimEnd(trimStart(text))
    }

    /// `text.trimStart()`.
    static func trimStart(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex, isWhitespace(scalars[i]) { i = scalars.index(after: i) }
        return Substring(scalars[i...])
    }

    /// `text.trimEnd()`.
    static func trimEnd(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex {
            let before = scalars.index(before: end)
            guard isWhitespace(scalars[before]) else { break }
            end = before
        }
        return Substring(scalars[..<end])
    }

    /// `text.trimEnd()` of a whole string.
    static func trimEnd(_ text: String) -> String { String(trimEnd(text[...])) }

    /// `text.startsWith(prefix)`, scalar by scalar.
    static func hasPrefix(_ text: Substring, _ prefix: String) -> Bool {
        text.unicodeScalars.starts(with: prefix.unicodeScalars)
    }

    /// `text.includes(part)`, scalar by scalar.
    static func contains(_ text: Substring, _ part: String) -> Bool {
        firstRange(of: part, in: text) != nil
    }

    /// `text.indexOf(part)` as a range of `text`, scalar by scalar; nil when absent or `part` is empty.
    static func firstRange(of part: String, in text: Substring) -> Range<Substring.Index>? {
        let needle = Array(part.unicodeScalars)
        guard let first = needle.first else { return nil }
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            if scalars[i] == first {
                var j = scalars.index(after: i)
                var k = 1
                while k < needle.count, j < scalars.endIndex, scalars[j] == needle[k] {
                    j = scalars.index(after: j)
                    k += 1
                }
                if k == needle.count { return i..<j }
            }
            i = scalars.index(after: i)
        }
        return nil
    }

    /// `text === other`, scalar by scalar.
    static func equals(_ text: Substring, _ other: String) -> Bool {
        text.unicodeScalars.elementsEqual(other.unicodeScalars)
    }

    /// The lines of `text` as the plugin splits a note (`\r\n`, `\r` and `\n` end a line).
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var i = start
        while i < scalars.endIndex {
            let s = scalars[i]
            if s == "\n" || s == "\r" {
                lines.append(Substring(scalars[start..<i]))
                var next = scalars.index(after: i)
                if s == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                i = next
            } else {
                i = scalars.index(after: i)
            }
        }
        lines.append(Substring(scalars[start...]))
        return lines
    }
}
