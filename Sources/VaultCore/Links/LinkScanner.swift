import Foundation

/// Finds the links written in a note's Markdown, with their places, as
/// Obsidian reads them: `[[wiki links]]` (a `\|` in a table row separates
/// the alias too), `![[embeds]]` and `[label](path.md)` Markdown links to
/// notes. Nothing in a fenced or indented code block, a code span, a
/// `%%comment%%` or an `<!-- HTML comment -->` is a link, and neither is an
/// escaped bracket (`\[\[x\]\]` is text).
///
/// The one place links are read: the note parser (so the catalog, `vault
/// links` and the search cache), `vault check` and the language server's
/// references and renames all use it. It reads UTF-8 bytes once, line by
/// line; every search for a closing mark is remembered as failed for the
/// rest of the line, so no input makes it quadratic.
public enum LinkScanner {
    /// Every link of `text`, in reading order, from line `bodyLine` (counted
    /// from 0; the lines before it, the front matter, are skipped).
    public static func links(in text: String, bodyLine: Int = 0) -> [WrittenLink] {
        var text = text
        return text.withUTF8 { bytes in links(in: bytes, bodyLine: bodyLine) }
    }

    /// Every link of the UTF-8 `bytes`, from line `bodyLine`.
    public static func links(in bytes: UnsafeBufferPointer<UInt8>, bodyLine: Int = 0) -> [WrittenLink] {
        var scanner = Scanner(bytes: bytes)
        var lineStart = 0
        var line = 0
        while lineStart <= bytes.count {
            let lineEnd = newline(in: bytes, from: lineStart)
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if line >= bodyLine { scanner.scanLine(lineStart..<contentEnd, number: line) }
            if lineEnd >= bytes.count { break }
            lineStart = lineEnd + 1
            line += 1
        }
        return scanner.links
    }

    /// The offset of the first line feed of `bytes` from `start`, or their count.
    static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The first line (from 0) after the front matter of a whole note's
    /// text: a first line `---` and the next `---` or `...` line (as
    /// VaultMarkdown's `FrontMatterBlock` finds it); 0 when there is none.
    public static func bodyLine(of text: String) -> Int {
        var text = text
        return text.withUTF8 { bodyLine(of: $0) }
    }

    /// ``bodyLine(of:)-(String)`` for UTF-8 `bytes`. Lines are split at
    /// `\n` bytes, a `\r` before one dropped: a `String` takes `\r\n` for
    /// one character, so splitting its characters at `\n` never split a
    /// note with CRLF line endings, and its front matter went unseen.
    public static func bodyLine(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var lineStart = 0
        var index = 0
        while true {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var start = lineStart
            var end = lineEnd
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            if index == 0, end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
                start += 3
            }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            let isDashes =
                end - start == 3 && bytes[start] == 0x2D && bytes[start + 1] == 0x2D && bytes[start + 2] == 0x2D
            let isDots =
                end - start == 3 && bytes[start] == 0x2E && bytes[start + 1] == 0x2E && bytes[start + 2] == 0x2E
            if index == 0 {
                guard isDashes else { return 0 }
            } else if isDashes || isDots {
                return index + 1
            }
            if lineEnd >= bytes.count { break }
            lineStart = lineEnd + 1
            index += 1
        }
        return 0
    }

    /// The scanning state carried from line to line.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var links: [WrittenLink] = []
        /// The open fence's character and length.
        var fence: (mark: UInt8, count: Int)?
        var inPercentComment = false
        var inHTMLComment = false
        var previousBlank = true
        var previousIndentedCode = false
        /// Inside a list: an indented line there is the item's text, not code.
        var inList = false

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        static let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        static let tick = UInt8(ascii: "`"), tilde = UInt8(ascii: "~")

        mutating func scanLine(_ range: Range<Int>, number: Int) {
            var start = range.lowerBound
            let end = range.upperBound
            if inPercentComment || inHTMLComment {
                scanInline(start..<end, number: number)
                previousBlank = false
                return
            }
            // Block quote markers: the rest of the line is read as a line of its own.
            var probe = start
            while true {
                var k = probe
                var spaces = 0
                while k < end, bytes[k] == Self.space, spaces < 3 {
                    k += 1
                    spaces += 1
                }
                guard k < end, bytes[k] == UInt8(ascii: ">") else { break }
                k += 1
                if k < end, bytes[k] == Self.space { k += 1 }
                probe = k
            }
            start = probe
            var indent = 0
            var k = start
            while k < end, bytes[k] == Self.space || bytes[k] == Self.tab {
                indent += bytes[k] == Self.tab ? 4 - indent % 4 : 1
                k += 1
            }
            let blank = k == end
            if let open = fence {
                if indent < 4, k < end, bytes[k] == open.mark {
                    var run = 0
                    while k + run < end, bytes[k + run] == open.mark { run += 1 }
                    var rest = k + run
                    while rest < end, bytes[rest] == Self.space || bytes[rest] == Self.tab { rest += 1 }
                    if run >= open.count, rest == end { fence = nil }
                }
                return
            }
            if blank {
                previousBlank = true
                previousIndentedCode = false
                return
            }
            if indent >= 4, previousBlank || previousIndentedCode, !inList {
                previousIndentedCode = true
                previousBlank = false
                return
            }
            if indent < 4, k < end, bytes[k] == Self.tick || bytes[k] == Self.tilde {
                let mark = bytes[k]
                var run = 0
                while k + run < end, bytes[k + run] == mark { run += 1 }
                let infoHasTick = mark == Self.tick && (k + run..<end).contains { bytes[$0] == Self.tick }
                if run >= 3, !infoHasTick {
                    fence = (mark, run)
                    previousBlank = false
                    previousIndentedCode = false
                    return
                }
            }
            if isListItem(k..<end) {
                inList = true
            } else if previousBlank, indent == 0 {
                inList = false
            }
            previousBlank = false
            previousIndentedCode = false
            scanInline(start..<end, number: number)
        }

        /// True when the line's text (after its indent) starts a list item: `- `, `* `, `+ `, `1. `, `1) `.
        func isListItem(_ range: Range<Int>) -> Bool {
            guard let first = range.first else { return false }
            let b = bytes[first]
            if b == UInt8(ascii: "-") || b == UInt8(ascii: "*") || b == UInt8(ascii: "+") {
                return first + 1 == range.upperBound || bytes[first + 1] == Self.space || bytes[first + 1] == Self.tab
            }
            var k = first
            while k < range.upperBound, k - first < 9, (48...57).contains(bytes[k]) { k += 1 }
            guard k > first, k < range.upperBound, bytes[k] == UInt8(ascii: ".") || bytes[k] == UInt8(ascii: ")")
            else { return false }
            return k + 1 == range.upperBound || bytes[k + 1] == Self.space
        }

        /// What this line showed cannot close: searched once to the line's end and not found.
        struct Failed {
            var wikiClose = false
            var parenClose = false
            var tickRuns: Set<Int> = []
        }

        mutating func scanInline(_ range: Range<Int>, number: Int) {
            let end = range.upperBound
            var i = range.lowerBound
            var failed = Failed()
            var columns = Columns(bytes: bytes, lineStart: range.lowerBound)
            // Outside a comment, a `[[` or `[` here starts a link (after a `!`, an embed).
            while i < end {
                if !inPercentComment && !inHTMLComment {
                    // Most bytes start nothing: passed over before the switch, 8 at a time first.
                    i = passOver(from: i, to: end)
                    while i < end, !Self.mayStart(bytes[i]) { i += 1 }
                    if i == end { return }
                }
                if inPercentComment {
                    guard let close = find2(UInt8(ascii: "%"), UInt8(ascii: "%"), from: i, to: end) else { return }
                    inPercentComment = false
                    i = close + 2
                    continue
                }
                if inHTMLComment {
                    guard let close = findHTMLCommentEnd(from: i, to: end) else { return }
                    inHTMLComment = false
                    i = close + 3
                    continue
                }
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "\\"):
                    i += i + 1 < end && Self.isASCIIPunctuation(bytes[i + 1]) ? 2 : 1
                case Self.tick:
                    var run = 0
                    while i + run < end, bytes[i + run] == Self.tick { run += 1 }
                    if !failed.tickRuns.contains(run), let close = closingTicks(run, from: i + run, to: end) {
                        i = close
                    } else {
                        failed.tickRuns.insert(run)
                        i += run
                    }
                case UInt8(ascii: "%") where i + 1 < end && bytes[i + 1] == UInt8(ascii: "%"):
                    inPercentComment = true
                    i += 2
                case UInt8(ascii: "<")
                where i + 3 < end && bytes[i + 1] == UInt8(ascii: "!") && bytes[i + 2] == UInt8(ascii: "-")
                    && bytes[i + 3] == UInt8(ascii: "-"):
                    inHTMLComment = true
                    i += 4
                case UInt8(ascii: "!") where i + 1 < end && bytes[i + 1] == Self.open:
                    if i + 2 < end, bytes[i + 2] == Self.open {
                        i = wiki(at: i + 1, embed: true, end: end, number: number, failed: &failed, columns: &columns)
                    } else {
                        // An image: its destination is a picture, not a note; skip the whole of it.
                        i = markdown(
                            at: i + 1, image: true, end: end, number: number, failed: &failed, columns: &columns)
                    }
                case Self.open:
                    if i + 1 < end, bytes[i + 1] == Self.open {
                        i = wiki(at: i, embed: false, end: end, number: number, failed: &failed, columns: &columns)
                    } else {
                        i = markdown(at: i, image: false, end: end, number: number, failed: &failed, columns: &columns)
                    }
                default:
                    i += 1
                }
            }
        }

        /// Whether `b` is a byte the inline scan acts on: a backslash, a backtick, `%`, `<`, `!` or `[`
        /// (all below `a`: two masks of 64 bits, one for the bytes below 64, one for the next 64).
        @inline(__always)
        static func mayStart(_ b: UInt8) -> Bool {
            if b >= UInt8(ascii: "a") { return false }
            let mask: UInt64 =
                b < 64 ? 1 << 0x21 | 1 << 0x25 | 1 << 0x3C : 1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x60 - 64)
            return mask >> (b & 63) & 1 != 0
        }

        /// The first offset from `start` of an 8-byte word (before `end`) that
        /// holds a byte ``mayStart(_:)`` accepts; where the words stop otherwise.
        /// Each word is tested for the six bytes at once, as a zero byte after an
        /// exclusive or (Mycroft's test; it may report a word falsely only after
        /// a true find, so never skips one).
        func passOver(from start: Int, to end: Int) -> Int {
            guard let base = bytes.baseAddress else { return start }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var i = start
            while i + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                var found: UInt64 = 0
                for mark in Self.marks {
                    let x = word ^ (ones &* UInt64(mark))
                    found |= (x &- ones) & ~x & highs
                }
                if found != 0 { return i }
                i += 8
            }
            return i
        }

        /// The bytes ``mayStart(_:)`` accepts.
        static let marks: [UInt8] = Array("[\\`%<!".utf8)

        static func isASCIIPunctuation(_ b: UInt8) -> Bool {
            (33...47).contains(b) || (58...64).contains(b) || (91...96).contains(b) || (123...126).contains(b)
        }

        func find2(_ a: UInt8, _ b: UInt8, from: Int, to end: Int) -> Int? {
            var k = from
            while k + 1 < end {
                if bytes[k] == a, bytes[k + 1] == b { return k }
                k += 1
            }
            return nil
        }

        func findHTMLCommentEnd(from: Int, to end: Int) -> Int? {
            var k = from
            while k + 2 < end {
                if bytes[k] == UInt8(ascii: "-"), bytes[k + 1] == UInt8(ascii: "-"), bytes[k + 2] == UInt8(ascii: ">") {
                    return k
                }
                k += 1
            }
            return nil
        }

        /// The offset after the next run of exactly `run` backticks, or nil.
        func closingTicks(_ run: Int, from: Int, to end: Int) -> Int? {
            var k = from
            while k < end {
                guard bytes[k] == Self.tick else {
                    k += 1
                    continue
                }
                var other = 0
                while k + other < end, bytes[k + other] == Self.tick { other += 1 }
                if other == run { return k + other }
                k += other
            }
            return nil
        }

        /// Reads a wiki link whose `[[` is at `at`; returns where to go on.
        mutating func wiki(
            at: Int, embed: Bool, end: Int, number: Int, failed: inout Failed, columns: inout Columns
        ) -> Int {
            guard !failed.wikiClose else { return at + 2 }
            // `[[[x]]`: the link is `[[x]]`, after a `[` of text.
            if at + 2 < end, bytes[at + 2] == Self.open, !embed { return at + 1 }
            var j = at + 2
            while j + 1 < end, !(bytes[j] == Self.close && bytes[j + 1] == Self.close) {
                // A `[[` before the `]]`: the link is the inner one.
                if bytes[j] == Self.open, bytes[j + 1] == Self.open { return j }
                j += 1
            }
            guard j + 1 < end else {
                failed.wikiClose = true
                return at + 2
            }
            let innerStart = at + 2
            // The name and heading end at the first `|` (a `\` before it belongs to the table, not the name).
            var pipe = innerStart
            while pipe < j, bytes[pipe] != UInt8(ascii: "|") { pipe += 1 }
            var nameEnd = pipe
            if pipe < j, pipe > innerStart, bytes[pipe - 1] == UInt8(ascii: "\\") { nameEnd = pipe - 1 }
            var hash = innerStart
            while hash < nameEnd, bytes[hash] != UInt8(ascii: "#") { hash += 1 }
            var targetStart = innerStart
            var targetEnd = hash
            while targetStart < targetEnd, bytes[targetStart] == Self.space || bytes[targetStart] == Self.tab {
                targetStart += 1
            }
            while targetEnd > targetStart, bytes[targetEnd - 1] == Self.space || bytes[targetEnd - 1] == Self.tab {
                targetEnd -= 1
            }
            let target = string(targetStart..<targetEnd)
            let heading = hash < nameEnd ? string((hash + 1)..<nameEnd).trimmingSpaces() : nil
            let alias = pipe < j ? string((pipe + 1)..<j) : nil
            guard !target.isEmpty || heading != nil else { return j + 2 }
            let linkStart = embed ? at - 1 : at
            // Asked left to right: the link's start, its target, its end.
            let column = columns.scalars(at: linkStart) + 1
            let start = columns.utf16(at: linkStart)
            let from = columns.utf16(at: targetStart), to = columns.utf16(at: targetEnd)
            links.append(
                WrittenLink(
                    kind: embed ? .embed : .wiki, target: target, heading: heading, alias: alias, line: number,
                    start: start, end: columns.utf16(at: j + 2), targetStart: from, targetEnd: to, column: column))
            return j + 2
        }

        /// Reads a Markdown link or image whose `[` is at `at`; returns where to go on.
        mutating func markdown(
            at: Int, image: Bool, end: Int, number: Int, failed: inout Failed, columns: inout Columns
        ) -> Int {
            // The label's `]`, brackets nested and escapes skipped, looked for
            // over `maxLabelBytes` at most (a line of `[` would be quadratic).
            var depth = 0
            var k = at + 1
            var labelEnd: Int?
            let limit = min(end, at + 1 + LinkScanner.maxLabelBytes)
            while k < limit {
                let b = bytes[k]
                if b == UInt8(ascii: "\\") {
                    k += 2
                    continue
                }
                if b == Self.open { depth += 1 }
                if b == Self.close {
                    if depth == 0 {
                        labelEnd = k
                        break
                    }
                    depth -= 1
                }
                k += 1
            }
            guard let labelEnd else { return at + 1 }
            guard labelEnd + 1 < end, bytes[labelEnd + 1] == UInt8(ascii: "("), !failed.parenClose else {
                return at + 1
            }
            var d = labelEnd + 2
            while d < end, bytes[d] == Self.space { d += 1 }
            var destinationStart = d
            var destinationEnd: Int
            var angle = false
            if d < end, bytes[d] == UInt8(ascii: "<") {
                angle = true
                destinationStart = d + 1
                var e = destinationStart
                while e < end, bytes[e] != UInt8(ascii: ">") { e += 1 }
                guard e < end else { return at + 1 }
                destinationEnd = e
                d = e + 1
            } else {
                var parens = 0
                var e = d
                while e < end {
                    let b = bytes[e]
                    if b == UInt8(ascii: "\\") {
                        e += 2
                        continue
                    }
                    if b == Self.space || b == Self.tab { break }
                    if b == UInt8(ascii: "(") { parens += 1 }
                    if b == UInt8(ascii: ")") {
                        if parens == 0 { break }
                        parens -= 1
                    }
                    e += 1
                }
                destinationEnd = min(e, end)
                d = destinationEnd
            }
            // An optional title, then `)`.
            var close = d
            while close < end, bytes[close] != UInt8(ascii: ")") { close += 1 }
            guard close < end else {
                failed.parenClose = true
                return at + 1
            }
            let after = close + 1
            guard !image else { return after }
            let destination = string(destinationStart..<destinationEnd)
            guard let path = LinkScanner.notePath(destination) else { return after }
            var pathEnd = destinationStart
            while pathEnd < destinationEnd, bytes[pathEnd] != UInt8(ascii: "#"), bytes[pathEnd] != UInt8(ascii: "?") {
                pathEnd += 1
            }
            var heading: String?
            if let hashIndex = (destinationStart..<destinationEnd).first(where: { bytes[$0] == UInt8(ascii: "#") }) {
                let raw = string((hashIndex + 1)..<destinationEnd)
                heading = raw.removingPercentEncoding ?? raw
            }
            let column = columns.scalars(at: at) + 1
            let start = columns.utf16(at: at)
            let from = columns.utf16(at: destinationStart), to = columns.utf16(at: pathEnd)
            links.append(
                WrittenLink(
                    kind: .markdown, target: path, heading: heading, alias: string((at + 1)..<labelEnd), line: number,
                    start: start, end: columns.utf16(at: after), targetStart: from, targetEnd: to, column: column,
                    isAngleBracketed: angle))
            return after
        }

        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }

    /// How far the `]` of a Markdown link's label is looked for.
    public static let maxLabelBytes = 4096

    /// The note path a Markdown link destination names (percent-decoded,
    /// without `#heading` or `?query`), or nil when it names no note: a URL
    /// with a scheme, a mail address, a file other than `.md`. A destination
    /// that is only `#heading` names the note it is written in (`""`).
    public static func notePath(_ destination: String) -> String? {
        guard !destination.isEmpty, !destination.contains("://"), !destination.lowercased().hasPrefix("mailto:")
        else { return nil }
        let path = destination.prefix { $0 != "#" && $0 != "?" }
        if path.isEmpty { return destination.hasPrefix("#") ? "" : nil }
        let decoded = path.removingPercentEncoding ?? String(path)
        return decoded.lowercased().hasSuffix(".md") ? decoded : nil
    }

    /// UTF-16 offsets and scalar counts of byte offsets on one line, counted
    /// onward from the last one asked (links are found left to right).
    struct Columns {
        let bytes: UnsafeBufferPointer<UInt8>
        var byte: Int
        var utf16 = 0
        var scalarCount = 0

        init(bytes: UnsafeBufferPointer<UInt8>, lineStart: Int) {
            self.bytes = bytes
            byte = lineStart
        }

        mutating func advance(to offset: Int) {
            precondition(offset >= byte, "columns are asked left to right")
            while byte < offset {
                let b = bytes[byte]
                if b & 0xC0 != 0x80 {
                    scalarCount += 1
                    utf16 += b >= 0xF0 ? 2 : 1
                }
                byte += 1
            }
        }

        mutating func utf16(at offset: Int) -> Int {
            advance(to: offset)
            return utf16
        }

        mutating func scalars(at offset: Int) -> Int {
            advance(to: offset)
            return scalarCount
        }
    }
}
