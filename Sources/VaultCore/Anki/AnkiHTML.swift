import Foundation

/// An Anki field's HTML as Markdown: bold, italics, strike-through, lists,
/// line breaks, links, tables, code, MathJax `\(…\)` → `$…$` and `\[…\]` →
/// `$$…$$`, `<img src>` → an embedded image, `[sound:x]` → an audio embed `![[x]]`.
/// Wrappers that only style (`span`, `font`, `u`, `sub`, `sup`, `div` and `p`
/// as line breaks) are unwrapped, their text kept; any other tag is kept as
/// escaped text, so nothing is dropped silently. Cloze markers `{{c1::…}}`
/// pass through unchanged.
///
/// Linear in the field's length, whatever it holds: a search for what
/// closes a `<`, `\(`, `\[` or `[sound:` that is never closed is made once,
/// not once per opener (an 80 KB field of unclosed `\(` took 23 s), lists
/// are indented at most ``maximumListIndent`` levels, and a table's rows
/// are not padded to its widest row.
public enum AnkiHTML {
    /// The deepest list indentation written (a field of 20,000 nested
    /// `<ul>` would otherwise write 20,000 spaces per item).
    static let maximumListIndent = 8

    /// What a field becomes: its Markdown and the media files it names.
    public struct Converted: Equatable, Sendable {
        public var markdown: String
        /// Media names of `<img src>` and `[sound:…]`, in order of appearance.
        public var media: [String]
    }

    /// The Markdown of `html`.
    public static func markdown(_ html: String) -> Converted {
        var out = ""
        var media: [String] = []
        var links: [String?] = []
        var lists: [(ordered: Bool, count: Int)] = []
        var table: [[String]]? = nil
        var cell: String? = nil
        let scalars = Array(html.unicodeScalars)
        var i = 0
        var text = ""
        // The next `>` at or after the last search's start (nil: none is left), so
        // that many `<` with no `>` after them cost one search, not one each.
        var nextClose: Int? = nil
        var searchedFrom = Int.max
        func close(from start: Int) -> Int? {
            if start >= searchedFrom, nextClose == nil || nextClose! >= start { return nextClose }
            searchedFrom = start
            nextClose = scalars[start...].firstIndex(of: ">")
            return nextClose
        }

        func emit(_ s: String) {
            if cell != nil { cell! += s } else { out += s }
        }
        func flushText() {
            guard !text.isEmpty else { return }
            emit(inline(decodeEntities(text), media: &media))
            text = ""
        }
        while i < scalars.count {
            let c = scalars[i]
            guard c == "<" else {
                text.unicodeScalars.append(c)
                i += 1
                continue
            }
            // A comment goes whole.
            if i + 3 < scalars.count, scalars[i + 1] == "!", scalars[i + 2] == "-", scalars[i + 3] == "-" {
                var j = i + 4
                while j + 2 < scalars.count, !(scalars[j] == "-" && scalars[j + 1] == "-" && scalars[j + 2] == ">") { j += 1 }
                i = min(scalars.count, j + 3)
                continue
            }
            guard let end = close(from: i) else {
                text.unicodeScalars.append(c)
                i += 1
                continue
            }
            let raw = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
            let closing = raw.hasPrefix("/")
            let body = closing ? String(raw.dropFirst()) : raw
            let name = String(body.prefix { $0.isLetter || $0.isNumber }).lowercased()
            guard !name.isEmpty else {
                text.unicodeScalars.append(c)
                i += 1
                continue
            }
            flushText()
            i = end + 1
            switch (name, closing) {
            case ("b", _), ("strong", _): emit("**")
            case ("i", _), ("em", _): emit("*")
            case ("s", _), ("del", _), ("strike", _): emit("~~")
            case ("code", _): emit("`")
            case ("h1", _), ("h2", _), ("h3", _), ("h4", _), ("h5", _), ("h6", _):
                emit(closing ? "**\n" : "\n**")
            case ("span", _), ("font", _), ("u", _), ("sub", _), ("sup", _), ("small", _), ("big", _), ("center", _), ("tbody", _),
                ("thead", _), ("pre", _):
                break
            case ("br", _), ("hr", _): emit("\n")
            case ("div", _), ("p", _): emit("\n")
            case ("ul", false), ("ol", false):
                lists.append((name == "ol", 0))
                emit("\n")
            case ("ul", true), ("ol", true):
                if !lists.isEmpty { lists.removeLast() }
                emit("\n")
            case ("li", false):
                let depth = min(max(0, lists.count - 1), maximumListIndent)
                var marker = "- "
                if !lists.isEmpty, lists[lists.count - 1].ordered {
                    lists[lists.count - 1].count += 1
                    marker = "\(lists[lists.count - 1].count). "
                }
                emit("\n" + String(repeating: "  ", count: depth) + marker)
            case ("li", true): break
            case ("a", false):
                let href = attribute("href", in: body)
                links.append(href)
                if href != nil { emit("[") }
            case ("a", true):
                if let href = links.popLast() ?? nil { emit("](<\(href)>)") }
            case ("img", _):
                if let src = attribute("src", in: body), !src.isEmpty {
                    if !src.contains("://") { media.append(src) }
                    emit("![](<\(src)>)")
                }
            case ("table", false): table = []
            case ("table", true):
                if let rows = table, !rows.isEmpty {
                    let width = rows.map(\.count).max() ?? 0
                    var lines: [String] = []
                    for (n, row) in rows.enumerated() {
                        // The header row has every column (a table has as many as its header); the
                        // others only their own cells, which Markdown pads (padding them all was rows × width).
                        let cells = n == 0 ? row + Array(repeating: "", count: width - row.count) : row
                        lines.append("| " + cells.joined(separator: " | ") + " |")
                        if n == 0 { lines.append("|" + String(repeating: " --- |", count: width)) }
                    }
                    out += "\n" + lines.joined(separator: "\n") + "\n"
                }
                table = nil
            case ("tr", false): table?.append([])
            case ("td", false), ("th", false): if table != nil { cell = "" }
            case ("td", true), ("th", true):
                if let value = cell, table != nil, !table!.isEmpty {
                    let flat = value.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "|", with: "\\|")
                    table![table!.count - 1].append(flat.trimmingCharacters(in: .whitespaces))
                }
                cell = nil
            case ("tr", true): break
            default:
                // Kept as text: `<` and `>` escaped so Markdown shows them.
                emit("\\<" + escapeInline(decodeEntities(raw)) + "\\>")
            }
        }
        flushText()
        return Converted(markdown: tidy(out), media: media)
    }

    /// Lines without trailing spaces, at most one blank line in a row, none at either end.
    static func tidy(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var l = String(line)
            while l.last == " " || l.last == "\t" { l.removeLast() }
            if l.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(l)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Text between tags: MathJax to `$`, `[sound:x]` to an embed `![[x]]`, the rest escaped.
    static func inline(_ text: String, media: inout [String]) -> String {
        var out = ""
        var rest = Substring(text)
        // Once a closer is not found, none is later on: it is not searched for again.
        var noParenClose = false
        var noBracketClose = false
        var noSquareClose = false
        func find(_ closer: String, _ missing: inout Bool) -> Range<Substring.Index>? {
            guard !missing else { return nil }
            let found = rest.range(of: closer)
            missing = found == nil
            return found
        }
        while !rest.isEmpty {
            if rest.hasPrefix("\\("), let close = find("\\)", &noParenClose) {
                out += "$" + rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound] + "$"
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("\\["), let close = find("\\]", &noBracketClose) {
                out += "$$" + rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound] + "$$"
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("[sound:"), let close = find("]", &noSquareClose)?.lowerBound {
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 7)..<close])
                media.append(name)
                // An embed, as Obsidian writes a sound it plays (a name a wiki embed cannot hold stays a link).
                out += name.contains { "[]|#^".contains($0) } ? "[\(escapeInline(name))](<\(name)>)" : "![[\(name)]]"
                rest = rest[rest.index(after: close)...]
            } else {
                let next = rest.dropFirst().firstIndex { $0 == "\\" || $0 == "[" } ?? rest.endIndex
                out += escapeInline(String(rest[..<next]))
                rest = rest[next...]
            }
        }
        return out
    }

    /// Markdown's inline syntax characters escaped; `==` too, which the card syntax reads.
    static func escapeInline(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for c in text {
            switch c {
            case "\\", "*", "_", "`", "[", "]", "<", ">", "$": out += "\\" + String(c)
            case "=" where previous == "=": out += "\\="
            case "\u{A0}": out += " "
            default: out.append(c)
            }
            previous = c
        }
        return out
    }

    /// The value of attribute `name` in a tag's inside, quoted or not.
    static func attribute(_ name: String, in tag: String) -> String? {
        let lower = tag.lowercased()
        var search = lower.startIndex
        while let found = lower.range(of: name, range: search..<lower.endIndex) {
            search = found.upperBound
            let before = found.lowerBound == lower.startIndex ? " " : lower[lower.index(before: found.lowerBound)]
            guard before.isWhitespace else { continue }
            var i = found.upperBound
            while i < lower.endIndex, lower[i].isWhitespace { i = lower.index(after: i) }
            guard i < lower.endIndex, lower[i] == "=" else { continue }
            i = lower.index(after: i)
            while i < lower.endIndex, lower[i].isWhitespace { i = lower.index(after: i) }
            guard i < lower.endIndex else { return "" }
            let quote = lower[i]
            if quote == "\"" || quote == "'" {
                let start = tag.index(after: i)
                let end = tag[start...].firstIndex(of: quote) ?? tag.endIndex
                return decodeEntities(String(tag[start..<end]))
            }
            let end = tag[i...].firstIndex { $0.isWhitespace || $0 == "/" } ?? tag.endIndex
            return decodeEntities(String(tag[i..<end]))
        }
        return nil
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references decoded.
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–", "mdash": "—",
            "hellip": "…",
        ]
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            if let semi = rest.prefix(12).firstIndex(of: ";") {
                let entity = String(rest[rest.index(after: rest.startIndex)..<semi])
                var value: String? = named[entity]
                if value == nil, entity.hasPrefix("#") {
                    let digits = entity.dropFirst()
                    let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    value = number.flatMap(Unicode.Scalar.init).map { String($0) }
                }
                if let value {
                    out += value
                    rest = rest[rest.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = rest.dropFirst()
        }
        return out + rest
    }

    /// `markdown` made to stay inside one paragraph (a card's question or
    /// answer): blank lines dropped, a line that would open a block of its
    /// own (heading, list, quote, fence, setext underline, a lone `?`)
    /// escaped at its start, and a spaced `::` kept from reading as a card.
    public static func paragraphLines(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").compactMap { line in
            // A word joiner before a spaced `::` keeps it text: the card syntax reads ` :: ` as a separator.
            var l = line.contains(" ::") ? line.replacingOccurrences(of: " ::", with: " \u{2060}::") : String(line)
            while l.first == " " || l.first == "\t" { l.removeFirst() }
            guard !l.isEmpty, let first = l.first else { return nil }
            let afterFirst = l.dropFirst().first
            let opensBlock =
                (first == "#" && (afterFirst == nil || afterFirst == " " || afterFirst == "#"))
                || ("-+*".contains(first) && (afterFirst == nil || afterFirst == " "))
                || first == ">" || l.hasPrefix("```") || l.hasPrefix("~~~") || l == "?"
                || l.allSatisfy { $0 == "=" || $0 == " " } || l.allSatisfy { "-*_ ".contains($0) }
            if opensBlock { return "\\" + l }
            if let dot = l.firstIndex(where: { !$0.isNumber }), dot != l.startIndex, l[dot] == "." || l[dot] == ")",
                l[l.index(after: dot)...].first.map({ $0 == " " }) ?? true
            {
                return String(l[..<dot]) + "\\" + l[dot...]
            }
            return l
        }
    }
}
