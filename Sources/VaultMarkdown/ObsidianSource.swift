import Foundation
import VaultCore

/// Obsidian's syntax that libcmark would misread, taken out of a note's
/// Markdown before libcmark parses it (Obsidian reads it first too): math
/// (`$a_1 * b_2$` is never emphasis), wiki links and embeds (`[[a_b_c]]`),
/// highlights and strikethroughs, footnotes, Anki's `[sound:…]`, `%%comments%%` (removed) and
/// GFM tables (Debian's libcmark is plain CommonMark and would read a table
/// as one paragraph).
///
/// Each construct becomes a token, `U+FDD0` + its number + `U+FDD1`, that
/// libcmark keeps as text (Unicode's noncharacters, kept for a program's
/// own use: a note's private-use characters, such as an icon font's, and
/// the marks a screen puts in a card's text, pass untouched; a noncharacter
/// in a note is shown as U+FFFD); ``ObsidianDocument`` turns the tokens back into
/// nodes. A table becomes one paragraph per cell, each opening with its
/// cell's token, so the cells' Markdown is parsed by libcmark with the rest.
/// Code is left alone: fenced blocks are copied whole, code spans on a line
/// are skipped, and a token that still lands in code (an indented code
/// block) is turned back into its source text there.
///
/// Linear in the note's length: every search for a closing mark remembers
/// where none is left, and each construct is bounded (``maxDisplayMathLines``,
/// ``maxTableCells``, ``maxTableColumns``).
struct ObsidianSource {
    /// What a token stands for.
    enum Token: Equatable {
        case inlineMath(String)
        case displayMath(String)
        case wikiLink(String)
        case embed(String)
        case footnoteReference(String)
        /// Opens a footnote's definition paragraph.
        case footnoteDefinition(String)
        /// `[sound:file]`: an embedded sound.
        case sound(String)
        case highlightOpen
        case highlightClose
        /// `~~`: opens and closes a strikethrough, as `==` a highlight.
        case strikeOpen
        case strikeClose
        /// Opens the paragraph of one table cell.
        case tableCell(table: Int, row: Int, column: Int)
    }

    /// A table's shape: its columns' alignments (`left`, `center`, `right` or empty) and its rows.
    struct TableShape: Equatable {
        var alignments: [String]
        var rows: Int
    }

    /// The Markdown libcmark parses: the note's, with tokens.
    var text: String
    /// The tokens, by number.
    var tokens: [Token] = []
    /// Each token's source text, put back where a token lands in code.
    var originals: [String] = []
    /// The tables, by number.
    var tables: [TableShape] = []

    // Swift's literals refuse noncharacters; the scalars themselves are valid.
    static let tokenOpen = Unicode.Scalar(UInt32(0xFDD0))!
    static let tokenClose = Unicode.Scalar(UInt32(0xFDD1))!
    /// The longest `$$…$$` block, in lines; a `$$` not closed within them is text.
    static let maxDisplayMathLines = 500
    /// The most cells one table holds; a larger one stays as text.
    static let maxTableCells = 100_000
    /// The most columns one table holds.
    static let maxTableColumns = 128

    /// `markdown` prepared for libcmark.
    static func prepare(_ markdown: String) -> ObsidianSource {
        var source = ObsidianSource(text: "")
        var lines: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        for scalar in markdown.unicodeScalars {
            switch scalar {
            case "\n":
                if current.last == "\r" { current.removeLast() }
                lines.append(current)
                current = []
            case tokenOpen, tokenClose: current.append("\u{FFFD}")  // a token is ours alone
            case "\0": current.append("\u{FFFD}")
            default: current.append(scalar)
            }
        }
        if current.last == "\r" { current.removeLast() }
        lines.append(current)
        let blocks = source.tablesAndFences(lines)
        source.text = source.inline(blocks)
        return source
    }

    // MARK: Lines

    /// One line after the block pass: its scalars, and whether it is inside a fenced code block.
    struct Line {
        var scalars: [Unicode.Scalar]
        var fenced: Bool
    }

    /// The end of a line's container marks: spaces, tabs and `>`.
    static func prefixEnd(_ s: [Unicode.Scalar]) -> Int {
        var i = 0
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == ">" { i += 1 }
        return i
    }

    static func quoteDepth(_ s: [Unicode.Scalar], prefix: Int) -> Int {
        var depth = 0
        for i in 0..<prefix where s[i] == ">" { depth += 1 }
        return depth
    }

    /// The fence a line opens or closes (```` ``` ```` or `~~~`, three or more): its character and length.
    static func fence(_ s: [Unicode.Scalar], from start: Int) -> (Unicode.Scalar, Int)? {
        guard start < s.count, s[start] == "`" || s[start] == "~" else { return nil }
        var n = 0
        while start + n < s.count, s[start + n] == s[start] { n += 1 }
        guard n >= 3 else { return nil }
        if s[start] == "`", s[(start + n)...].contains("`") { return nil }
        return (s[start], n)
    }

    /// Marks fenced code, and turns each GFM table into its cells' paragraphs.
    mutating func tablesAndFences(_ lines: [[Unicode.Scalar]]) -> [Line] {
        var out: [Line] = []
        out.reserveCapacity(lines.count)
        var open: (Unicode.Scalar, Int)? = nil
        var i = 0
        while i < lines.count {
            let s = lines[i]
            let p = Self.prefixEnd(s)
            if let fence = open {
                if let close = Self.fence(s, from: p), close.0 == fence.0, close.1 >= fence.1,
                    s[(p + close.1)...].allSatisfy({ $0 == " " || $0 == "\t" })
                {
                    open = nil
                }
                out.append(Line(scalars: s, fenced: true))
                i += 1
                continue
            }
            if let fence = Self.fence(s, from: p) {
                open = fence
                out.append(Line(scalars: s, fenced: true))
                i += 1
                continue
            }
            if i + 1 < lines.count, let (rows, lineCount) = table(at: i, in: lines) {
                out.append(contentsOf: rows)
                i += lineCount
                continue
            }
            out.append(Line(scalars: s, fenced: false))
            i += 1
        }
        return out
    }

    /// The cells of a table row: split at `|` that no `\` escapes, the outer pipes dropped, trimmed.
    static func cells(_ s: ArraySlice<Unicode.Scalar>) -> [ArraySlice<Unicode.Scalar>] {
        var row = s
        while let first = row.first, first == " " || first == "\t" { row = row.dropFirst() }
        while let last = row.last, last == " " || last == "\t" { row = row.dropLast() }
        if row.first == "|" { row = row.dropFirst() }
        if row.last == "|", row.count >= 2 ? row[row.index(before: row.endIndex - 1)] != "\\" : true {
            row = row.dropLast()
        }
        var cells: [ArraySlice<Unicode.Scalar>] = []
        var start = row.startIndex
        var i = row.startIndex
        while i < row.endIndex {
            if row[i] == "\\" {
                i += 2
                continue
            }
            if row[i] == "|" {
                cells.append(trimmed(row[start..<i]))
                start = i + 1
            }
            i += 1
        }
        cells.append(trimmed(row[start..<row.endIndex]))
        return cells
    }

    static func trimmed(_ s: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var t = s
        while let first = t.first, first == " " || first == "\t" { t = t.dropFirst() }
        while let last = t.last, last == " " || last == "\t" { t = t.dropLast() }
        return t
    }

    /// The alignments of a delimiter row (`| :--- | :-: | --: |`), or nil when the line is not one.
    static func delimiterRow(_ s: ArraySlice<Unicode.Scalar>) -> [String]? {
        guard s.contains("-"), s.allSatisfy({ "|:- \t".unicodeScalars.contains($0) }) else { return nil }
        let hasPipe = s.contains("|")
        var alignments: [String] = []
        for cell in cells(s) {
            guard !cell.isEmpty else { return nil }
            let left = cell.first == ":", right = cell.last == ":"
            let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            alignments.append(left && right ? "center" : right ? "right" : left ? "left" : "")
        }
        guard hasPipe || alignments.count > 1 || alignments.first != "" else { return nil }
        return alignments
    }

    /// True when `s` holds a `|` that no `\` escapes.
    static func hasPipe(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "\\" {
                i += 2
                continue
            }
            if s[i] == "|" { return true }
            i += 1
        }
        return false
    }

    /// The table whose header is line `start`: its cells' paragraphs and the lines it took.
    mutating func table(at start: Int, in lines: [[Unicode.Scalar]]) -> ([Line], Int)? {
        let header = lines[start], delimiter = lines[start + 1]
        let hp = Self.prefixEnd(header), dp = Self.prefixEnd(delimiter)
        let depth = Self.quoteDepth(header, prefix: hp)
        guard hp < header.count, Self.quoteDepth(delimiter, prefix: dp) == depth,
            depth > 0 || hp < 4,  // a line indented four spaces is code
            Self.hasPipe(header[hp...]), let alignments = Self.delimiterRow(delimiter[dp...])
        else { return nil }
        let head = Self.cells(header[hp...])
        guard head.count == alignments.count, alignments.count <= Self.maxTableColumns else { return nil }
        var rows = [head]
        var end = start + 2
        var cellCount = head.count
        while end < lines.count {
            let s = lines[end]
            let p = Self.prefixEnd(s)
            guard p < s.count, Self.quoteDepth(s, prefix: p) == depth, Self.hasPipe(s[p...]),
                Self.fence(s, from: p) == nil, cellCount + head.count <= Self.maxTableCells
            else { break }
            rows.append(Self.cells(s[p...]))
            cellCount += head.count
            end += 1
        }
        let number = tables.count
        tables.append(TableShape(alignments: alignments, rows: rows.count))
        let prefix = Array(header[..<hp])
        var blank = prefix
        while let last = blank.last, last == " " || last == "\t" { blank.removeLast() }
        var out: [Line] = [Line(scalars: blank, fenced: false)]
        for (r, row) in rows.enumerated() {
            for c in 0..<head.count {
                var line = prefix
                appendToken(.tableCell(table: number, row: r, column: c), original: "", to: &line)
                line.append(" ")
                if c < row.count {
                    // `\|` is a pipe in the cell (`[[Note\|alias]]` is a wiki link with a label).
                    var k = row[c].startIndex
                    let cell = row[c]
                    while k < cell.endIndex {
                        if cell[k] == "\\", k + 1 < cell.endIndex, cell[k + 1] == "|" {
                            line.append("|")
                            k += 2
                        } else {
                            line.append(cell[k])
                            k += 1
                        }
                    }
                }
                out.append(Line(scalars: line, fenced: false))
                out.append(Line(scalars: blank, fenced: false))
            }
        }
        return (out, end - start)
    }

    // MARK: Inline

    mutating func appendToken(_ token: Token, original: String, to out: inout [Unicode.Scalar]) {
        out.append(Self.tokenOpen)
        out.append(contentsOf: String(tokens.count).unicodeScalars)
        out.append(Self.tokenClose)
        tokens.append(token)
        originals.append(original)
    }

    /// Where each line's code spans are: for each scalar, the end of the code span it opens, if any.
    static func codeSpans(_ s: [Unicode.Scalar]) -> [Int: Int] {
        var runs: [(start: Int, length: Int)] = []
        var i = 0
        while i < s.count {
            if s[i] == "`" {
                var n = 0
                while i + n < s.count, s[i + n] == "`" { n += 1 }
                let escaped = i > 0 && s[i - 1] == "\\"
                runs.append((escaped ? i + 1 : i, escaped ? n - 1 : n))
                i += n
            } else {
                i += 1
            }
        }
        var byLength: [Int: [Int]] = [:]  // run indices by length, in order
        for (k, run) in runs.enumerated() where run.length > 0 { byLength[run.length, default: []].append(k) }
        var next: [Int: Int] = [:]  // cursor into byLength per length
        var spans: [Int: Int] = [:]
        var k = 0
        while k < runs.count {
            let run = runs[k]
            guard run.length > 0, var list = byLength[run.length] else {
                k += 1
                continue
            }
            var cursor = next[run.length] ?? 0
            while cursor < list.count, list[cursor] <= k { cursor += 1 }
            next[run.length] = cursor
            guard cursor < list.count else {
                k += 1
                continue
            }
            let closing = list[cursor]
            spans[run.start] = runs[closing].start + run.length
            list = []
            k = closing + 1
        }
        return spans
    }

    /// The text of `s` with its inline constructs turned into tokens.
    mutating func inline(_ lines: [Line]) -> String {
        // UTF-8 bytes, made a String once: String.UnicodeScalarView's append took a
        // tenth of `vault export html`, a scalar at a time through its generic path.
        var out: [UInt8] = []
        var inComment = false
        var noDisplayCloseBefore = 0  // no `$$` on lines before this one (after a failed look-ahead)
        var inlineNotes: [[Unicode.Scalar]] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.fenced {
                if !inComment {
                    Self.appendUTF8(line.scalars, to: &out)
                    out.append(UInt8(ascii: "\n"))
                }
                i += 1
                continue
            }
            // Most lines of a note hold none of the marks a construct opens with:
            // the scan would copy them as they are, so they are copied here
            // without its per-line tables (two arrays of the line's length and
            // its code spans, made for every line).
            if !inComment, !line.scalars.contains(where: Self.mayOpenConstruct) {
                Self.appendUTF8(line.scalars, to: &out)
                out.append(UInt8(ascii: "\n"))
                i += 1
                continue
            }
            var scanned = Scan(source: self, lines: lines, index: i, inComment: inComment)
            // The scan's copy holds the only reference to the tokens: appending copies nothing.
            tokens = []
            originals = []
            scanned.noDisplayCloseBefore = noDisplayCloseBefore
            scanned.run(line.scalars, inlineNotes: &inlineNotes)
            self = scanned.source
            inComment = scanned.inComment
            noDisplayCloseBefore = scanned.noDisplayCloseBefore
            if !(scanned.wholeLineComment && scanned.out.isEmpty) {
                Self.appendUTF8(scanned.out, to: &out)
                out.append(UInt8(ascii: "\n"))
            }
            i = scanned.nextLine
            if let rest = scanned.restOfClosingLine {
                Self.appendUTF8(rest, to: &out)
                out.append(UInt8(ascii: "\n"))
            }
        }
        for (k, note) in inlineNotes.enumerated() {
            out.append(UInt8(ascii: "\n"))
            var line: [Unicode.Scalar] = []
            appendToken(.footnoteDefinition("\u{2063}\(k + 1)"), original: "", to: &line)
            line.append(" ")
            var scan = Scan(source: self, lines: [], index: 0, inComment: false)
            tokens = []
            originals = []
            scan.inlineFootnotes = false
            var none: [[Unicode.Scalar]] = []
            scan.run(note, inlineNotes: &none)
            self = scan.source
            line.append(contentsOf: scan.out)
            Self.appendUTF8(line, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True for the scalars ``Scan`` acts on outside a comment (`\\`, `%%`,
    /// `$`, `[[`, `[^`, `[sound:`, `^[`, `==`, `~~`): a line without any is its own output.
    static func mayOpenConstruct(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\\", "%", "$", "[", "^", "=", "~": return true
        default: return false
        }
    }

    /// Appends `scalars` to `bytes` in UTF-8.
    static func appendUTF8(_ scalars: [Unicode.Scalar], to bytes: inout [UInt8]) {
        for scalar in scalars {
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                bytes.append(contentsOf: scalar.utf8)
            }
        }
    }

    /// The scan of one line (and of the lines a `$$` block takes).
    struct Scan {
        var source: ObsidianSource
        let lines: [Line]
        let index: Int
        var inComment: Bool
        var out: [Unicode.Scalar] = []
        var nextLine: Int
        var restOfClosingLine: [Unicode.Scalar]? = nil
        var wholeLineComment: Bool
        var noDisplayCloseBefore = 0
        var inlineFootnotes = true

        init(source: ObsidianSource, lines: [Line], index: Int, inComment: Bool) {
            self.source = source
            self.lines = lines
            self.index = index
            self.inComment = inComment
            nextLine = index + 1
            wholeLineComment = inComment
        }

        static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" }

        /// A label of a footnote: no space, no bracket, not empty.
        static func footnoteLabel(_ s: [Unicode.Scalar], from start: Int) -> Int? {
            var j = start
            while j < s.count, s[j] != "]", s[j] != "[", !isSpace(s[j]) { j += 1 }
            return j > start && j < s.count && s[j] == "]" ? j : nil
        }

        mutating func run(_ s: [Unicode.Scalar], inlineNotes: inout [[Unicode.Scalar]]) {
            let spans = ObsidianSource.codeSpans(s)
            // Valid closers of `$…$`: not after white space or `\`, not before a digit.
            var nextDollarCloser = [Int](repeating: Int.max, count: s.count + 1)
            var k = s.count - 1
            while k >= 0 {
                nextDollarCloser[k] = nextDollarCloser[k + 1]
                if s[k] == "$", k > 0, !Self.isSpace(s[k - 1]), s[k - 1] != "\\",
                    !(k + 1 < s.count && ("0"..."9").contains(s[k + 1]))
                {
                    nextDollarCloser[k] = k
                }
                k -= 1
            }
            var highlight = PairedMark("=", open: .highlightOpen, close: .highlightClose, in: s)
            // `~~text~~` as Obsidian strikes it: two tildes (one is text), closed on the same line.
            var strike = PairedMark("~", open: .strikeOpen, close: .strikeClose, in: s)
            var noWikiClose = s.count  // no `]]` at or after this offset
            var brackets: [Int: Int]? = nil  // each `[`'s matching `]`, made when a `^[` is met
            let prefix = ObsidianSource.prefixEnd(s)
            var i = 0
            while i < s.count {
                if inComment {
                    var j = i
                    while j + 1 < s.count, !(s[j] == "%" && s[j + 1] == "%") { j += 1 }
                    guard j + 1 < s.count else { return }
                    inComment = false
                    i = j + 2
                    continue
                }
                wholeLineComment = false
                if let end = spans[i] {
                    out.append(contentsOf: s[i..<end])
                    i = end
                    continue
                }
                let c = s[i]
                let next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
                if let mark = highlight.closes(at: i) ?? strike.closes(at: i) {
                    source.appendToken(mark.close, original: mark.text, to: &out)
                    i += 2
                    continue
                }
                switch c {
                case "\\":
                    out.append(c)
                    if let next, next.isASCII, "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(next) {
                        out.append(next)
                        i += 2
                    } else {
                        i += 1
                    }
                    continue
                case "%" where next == "%":
                    if out.allSatisfy(Self.isSpace) { wholeLineComment = true }
                    inComment = true
                    i += 2
                    continue
                case "$" where next == "$":
                    if displayMath(s, at: i) { return }
                    if let j = closingDisplay(s, from: i + 2) {
                        let tex = String(String.UnicodeScalarView(s[(i + 2)..<j]))
                        source.appendToken(
                            .displayMath(tex), original: String(String.UnicodeScalarView(s[i..<(j + 2)])), to: &out)
                        i = j + 2
                    } else {
                        out.append(contentsOf: ["$", "$"])
                        i += 2
                    }
                    continue
                case "$":
                    if let next, !Self.isSpace(next) {
                        let j = nextDollarCloser[i + 1]
                        if j != Int.max {
                            let tex = String(String.UnicodeScalarView(s[(i + 1)..<j]))
                            source.appendToken(
                                .inlineMath(tex), original: String(String.UnicodeScalarView(s[i...j])), to: &out)
                            i = j + 1
                            continue
                        }
                    }
                case "[" where next == "[" && i + 2 < noWikiClose:
                    var j = i + 2
                    while j + 1 < s.count, !(s[j] == "]" && s[j + 1] == "]") { j += 1 }
                    if j + 1 >= s.count {
                        noWikiClose = i + 2
                    } else if j > i + 2 {
                        let inner = String(String.UnicodeScalarView(s[(i + 2)..<j]))
                        let embed = out.last == "!" && i > 0 && s[i - 1] == "!" && !(i > 1 && s[i - 2] == "\\")
                        if embed { out.removeLast() }
                        let original = (embed ? "!" : "") + String(String.UnicodeScalarView(s[i..<(j + 2)]))
                        source.appendToken(embed ? .embed(inner) : .wikiLink(inner), original: original, to: &out)
                        i = j + 2
                        continue
                    }
                case "[" where next == "^":
                    if let j = Self.footnoteLabel(s, from: i + 2) {
                        let label = String(String.UnicodeScalarView(s[(i + 2)..<j]))
                        let original = String(String.UnicodeScalarView(s[i...j]))
                        if i == prefix, prefix == 0, j + 1 < s.count, s[j + 1] == ":" {
                            source.appendToken(.footnoteDefinition(label), original: original + ":", to: &out)
                            i = j + 2
                        } else {
                            source.appendToken(.footnoteReference(label), original: original, to: &out)
                            i = j + 1
                        }
                        continue
                    }
                case "[" where next == "s":
                    let word: [Unicode.Scalar] = Array("[sound:".unicodeScalars)
                    if i + word.count < s.count, Array(s[i..<(i + word.count)]) == word,
                        let close = s[(i + word.count)...].firstIndex(of: "]"), close > i + word.count
                    {
                        let file = String(String.UnicodeScalarView(s[(i + word.count)..<close]))
                        source.appendToken(
                            .sound(file), original: String(String.UnicodeScalarView(s[i...close])), to: &out)
                        i = close + 1
                        continue
                    }
                case "^" where next == "[" && inlineFootnotes:
                    if brackets == nil { brackets = Self.matchingBrackets(s) }
                    if let j = brackets?[i + 1], j > i + 2 {
                        inlineNotes.append(Array(s[(i + 2)..<j]))
                        source.appendToken(
                            .footnoteReference("\u{2063}\(inlineNotes.count)"),
                            original: String(String.UnicodeScalarView(s[i...j])), to: &out)
                        i = j + 1
                        continue
                    }
                case "=" where next == "=", "~" where next == "~":
                    if c == "=" ? highlight.opens(at: i, in: s) : strike.opens(at: i, in: s) {
                        let mark = c == "=" ? highlight : strike
                        source.appendToken(mark.open, original: mark.text, to: &out)
                        i += 2
                        continue
                    }
                default:
                    break
                }
                out.append(c)
                i += 1
            }
        }

        /// A mark written twice that opens and closes a span on one line, as Obsidian reads
        /// `==highlight==` and `~~strikethrough~~`: it opens before a character that is
        /// neither white space nor the mark, when a valid closer (the pair not after white
        /// space or the mark) follows on the line, one span at a time.
        struct PairedMark {
            let mark: Unicode.Scalar
            let open: Token
            let close: Token
            /// For each offset, the first valid closer at or after it (`Int.max`: none).
            let nextCloser: [Int]
            /// The closer of the span open now, if one is.
            var pending: Int?

            init(_ mark: Unicode.Scalar, open: Token, close: Token, in s: [Unicode.Scalar]) {
                self.mark = mark
                self.open = open
                self.close = close
                var next = [Int](repeating: Int.max, count: s.count + 1)
                var k = s.count - 1
                while k >= 0 {
                    next[k] = next[k + 1]
                    if s[k] == mark, k + 1 < s.count, s[k + 1] == mark, k > 0, !Scan.isSpace(s[k - 1]), s[k - 1] != mark {
                        next[k] = k
                    }
                    k -= 1
                }
                nextCloser = next
            }

            /// The mark as written, twice.
            var text: String { String(String.UnicodeScalarView([mark, mark])) }

            /// Self when the open span closes at `i` (a closer passed over, in a code span, is dropped).
            mutating func closes(at i: Int) -> PairedMark? {
                if let close = pending, close < i { pending = nil }
                guard pending == i else { return nil }
                pending = nil
                return self
            }

            /// Whether the pair at `i` opens a span (which is then open).
            mutating func opens(at i: Int, in s: [Unicode.Scalar]) -> Bool {
                guard pending == nil, i + 2 < s.count, !Scan.isSpace(s[i + 2]), s[i + 2] != mark,
                    nextCloser[i + 2] != Int.max
                else { return false }
                pending = nextCloser[i + 2]
                return true
            }
        }

        /// Each `[` of the line and the `]` that closes it (nesting counted), in one pass.
        static func matchingBrackets(_ s: [Unicode.Scalar]) -> [Int: Int] {
            var open: [Int] = []
            var pairs: [Int: Int] = [:]
            for (i, c) in s.enumerated() {
                if c == "[" {
                    open.append(i)
                } else if c == "]", let start = open.popLast() {
                    pairs[start] = i
                }
            }
            return pairs
        }

        /// The `$$` closing one opened before `from` on this line.
        func closingDisplay(_ s: [Unicode.Scalar], from start: Int) -> Int? {
            var j = start
            while j + 1 < s.count {
                if s[j] == "$", s[j + 1] == "$" { return j > start ? j : nil }
                j += 1
            }
            return nil
        }

        /// A `$$` block opened at `i` and closed on a later line: its token, and the lines it took.
        mutating func displayMath(_ s: [Unicode.Scalar], at i: Int) -> Bool {
            guard closingDisplay(s, from: i + 2) == nil,
                !s[(i + 2)...].contains(where: { $0 == "$" }), index + 1 >= noDisplayCloseBefore
            else { return false }
            var tex = Array(s[(i + 2)...])
            var l = index + 1
            let last = min(lines.count, index + 1 + ObsidianSource.maxDisplayMathLines)
            while l < last {
                let line = lines[l]
                let body = Array(line.scalars[ObsidianSource.prefixEnd(line.scalars)...])
                if let close = closingDisplay(body, from: 0) ?? (body.starts(with: ["$", "$"]) ? 0 : nil) {
                    tex.append("\n")
                    tex.append(contentsOf: body[..<close])
                    let texText = String(String.UnicodeScalarView(tex))
                    var original = Array(s[i...])
                    for k in (index + 1)...l {
                        original.append("\n")
                        original.append(contentsOf: lines[k].scalars)
                    }
                    source.appendToken(.displayMath(texText), original: String(String.UnicodeScalarView(original)), to: &out)
                    let rest = body[(close + 2)...]
                    if !rest.allSatisfy(Self.isSpace) {
                        restOfClosingLine = Array(line.scalars[..<ObsidianSource.prefixEnd(line.scalars)]) + Array(rest)
                    }
                    nextLine = l + 1
                    return true
                }
                if line.fenced || body.isEmpty { break }
                tex.append("\n")
                tex.append(contentsOf: body)
                l += 1
            }
            noDisplayCloseBefore = l
            return false
        }
    }
}
