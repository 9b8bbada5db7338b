/// A tag as written in a note: `#tag` in the text, or an item of `tags:`
/// in the front matter (`tags: [a, b]`, `tags: a b`, or `- a` lines).
public struct TagSpan: Hashable, Sendable {
    /// The tag without `#`.
    public var tag: String
    /// Where the tag's name is (after any `#`).
    public var range: Range

    /// Every tag written in `text`.
    public static func all(in text: DocumentText) -> [TagSpan] {
        var out: [TagSpan] = []
        var inTags = false
        for index in text.lines.indices {
            let line = text.lines[index]
            if text.isInFrontMatter(index) {
                if line.hasPrefix("tags:") {
                    inTags = true
                    out += words(in: line, from: 5, line: index)
                } else if inTags, line.drop(while: { $0 == " " }).hasPrefix("- ") {
                    out += words(in: line, from: DocumentText.columns(line.prefix { $0 == " " }) + 2, line: index)
                } else {
                    inTags = false
                }
                continue
            }
            guard index >= text.bodyStart, !text.inCode[index] else { continue }
            let units = Array(line.utf16)
            var i = 0
            while i < units.count {
                if units[i] == UInt16(UInt8(ascii: "#")),
                    i == 0 || isSpace(units[i - 1]) || units[i - 1] == UInt16(UInt8(ascii: "("))
                {
                    var j = i + 1
                    while j < units.count, isTagUnit(units[j]) { j += 1 }
                    let name = String(decoding: units[(i + 1)..<j], as: UTF16.self)
                    if j > i + 1, name.contains(where: { !$0.isNumber }) {
                        out.append(TagSpan(tag: name, range: Range(line: index, from: i + 1, to: j)))
                    }
                    i = j
                } else {
                    i += 1
                }
            }
        }
        return out
    }

    /// The tag under `position`, if any.
    public static func tag(at position: Position, in text: DocumentText) -> String? {
        all(in: text).first {
            $0.range.start.line == position.line && $0.range.start.character - 1 <= position.character
                && position.character <= $0.range.end.character
        }?.tag
    }

    /// The words of a `tags:` value from column `from`: separated by spaces, commas and brackets, quotes and `#` left out.
    private static func words(in line: String, from: Int, line index: Int) -> [TagSpan] {
        let units = Array(line.utf16)
        var out: [TagSpan] = []
        var i = from
        while i < units.count {
            while i < units.count, !isTagUnit(units[i]) { i += 1 }
            var j = i
            while j < units.count, isTagUnit(units[j]) { j += 1 }
            if j > i {
                out.append(
                    TagSpan(
                        tag: String(decoding: units[i..<j], as: UTF16.self), range: Range(line: index, from: i, to: j)))
            }
            i = j + 1
        }
        return out
    }

    private static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }

    /// Letters, digits, `_`, `-`, `/` and anything beyond ASCII (accents, emoji) make a tag.
    private static func isTagUnit(_ unit: UInt16) -> Bool {
        if unit >= 0x80 { return true }
        let byte = UInt8(unit)
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
            || byte == 0x2D || byte == 0x2F
    }
}
