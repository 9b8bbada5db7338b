import Foundation
import VaultCore

/// Finds the flashcards in a note by walking its CommonMark tree.
///
/// Syntax (docs/FORMAT.md, Flashcards):
/// - `question :: answer` on one line; `question ::: answer` also makes the
///   reverse card. The separator must have white space on both sides, so
///   `std::vector`, `http://a::b` and IPv6 addresses are not cards.
/// - A multi-line card: question lines, a line holding only `?`, answer
///   lines, all in one paragraph (a blank line or a heading ends it).
/// - Cloze: each `==hidden==` in a paragraph (without `::` or `?` cards)
///   makes one card, the other deletions shown.
/// - Anki's cloze: `{{c1::hidden}}` or `{{c1::hidden::hint}}`; a paragraph
///   holding them (and no `::` or `?` card) makes one card per number, which
///   hides every deletion of that number (`[hint]` or `[…]` in the gap) and
///   shows the others; its `==…==` then stay text.
///
/// Code blocks, HTML blocks, headings, inline code, HTML and link or image
/// text never hold separators; cards inside list items and block quotes count.
/// Only real paragraphs hold cards: the lines of a GFM table (libcmark reads
/// one as a paragraph), a paragraph opening with an HTML tag, and a
/// callout's header line (`> [!note] Title`) hold none; a table in a
/// paragraph with a `?` card is that card's text.
public enum CardExtractor {
    /// The cards of the note file `data`, read in the vault's card `syntax`
    /// (``CardSyntax``): `vault`'s own syntax from the CommonMark tree, or the Spaced
    /// Repetition plugin's line by line (``OSRNoteReader``). Lines are the file's.
    public static func cards(in data: Data, of note: NoteSummary, syntax: CardSyntax) -> [Card] {
        switch syntax {
        case .vault:
            return cards(in: data, notePath: note.path, noteID: note.id)
        case .obsidianSR(let s):
            return obsidianSRCards(in: data, of: note, syntax: s)
        }
    }

    /// The cards of a note file in the Spaced Repetition plugin's syntax (its front matter
    /// tags name the deck of cards no tag of the text names), its note review first when it is one.
    public static func obsidianSRCards(in data: Data, of note: NoteSummary, syntax: ObsidianSRSyntax) -> [Card] {
        let text = String(decoding: data, as: UTF8.self)
        let frontMatter = self.frontMatter(of: data)
        var drafts = OSRNoteReader.drafts(
            in: text, path: note.path, frontMatterTags: frontMatter?["tags"]?.tagList ?? [], syntax: syntax)
        if let review = OSRNoteReader.noteReview(
            title: note.title, body: String(decoding: NoteParser.body(of: data), as: UTF8.self), noteTags: note.tags,
            due: frontMatter?["sr-due"]?.string, interval: frontMatter?["sr-interval"]?.string,
            ease: frontMatter?["sr-ease"]?.string, syntax: syntax, line: 1)
        {
            drafts.insert(review, at: 0)
        }
        return CardIdentity.cards(from: drafts, notePath: note.path, noteID: note.id)
    }

    /// A note's front matter (nil when it has none or it cannot be read).
    static func frontMatter(of data: Data) -> FrontMatter? {
        data.withUnsafeBytes { raw -> FrontMatter? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard case .found(let block) = FrontMatterBlock.find(in: bytes) else { return nil }
            let yaml = UnsafeBufferPointer(rebasing: bytes[block.yaml])
            return try? FrontMatterParser.parse(yaml, firstLine: 2)
        }
    }

    /// The cards of a note file: front matter is cut off, lines are the file's.
    public static func cards(in data: Data, notePath: String, noteID: String?) -> [Card] {
        let body = NoteParser.body(of: data)
        let lineOffset =
            data.prefix(data.count - body.count).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        // A window at a time, up to the cap: a huge note is not held as one tree.
        var drafts: [CardDraft] = []
        body.withUnsafeBytes { raw in
            CommonMark.forEachDocument(of: raw.bindMemory(to: UInt8.self)) { window in
                visit(window, into: &drafts)
                return drafts.count <= maxCardsPerNote
            }
        }
        if drafts.count > maxCardsPerNote { drafts.removeLast(drafts.count - maxCardsPerNote) }
        for i in drafts.indices { drafts[i].line += lineOffset }
        return CardIdentity.cards(from: drafts, notePath: notePath, noteID: noteID)
    }

    /// The most cards one note gives (the first ones, in reading order).
    public static let maxCardsPerNote = 1000
    /// The most cloze cards one paragraph gives: each shows the whole
    /// paragraph, so the work grows with their number times its length.
    public static let maxClozesPerParagraph = 50

    /// The card drafts of a parsed body, in reading order (lines are body lines).
    public static func drafts(in document: MarkdownNode) -> [CardDraft] {
        var out: [CardDraft] = []
        visit(document, into: &out)
        return out.count > maxCardsPerNote ? Array(out.prefix(maxCardsPerNote)) : out
    }

    private static func visit(_ node: MarkdownNode, into out: inout [CardDraft]) {
        guard out.count <= maxCardsPerNote else { return }
        switch node.kind {
        case .paragraph:
            paragraphCards(node, callout: false, into: &out)
        case .codeBlock, .htmlBlock, .heading, .customBlock, .unknown:
            return
        case .blockQuote:
            for (i, child) in node.children.enumerated() {
                if i == 0, child.kind == .paragraph {
                    paragraphCards(child, callout: true, into: &out)
                } else {
                    visit(child, into: &out)
                }
            }
        default:
            for child in node.children { visit(child, into: &out) }
        }
    }

    /// The lines of `paragraph` that may hold cards, and the paragraph line
    /// of the first: none for a paragraph opening with an HTML tag, the
    /// lines before a GFM table (a row holding `|` followed by a delimiter
    /// row), and without the header line of a callout.
    static func cardLines(of paragraph: MarkdownNode, callout: Bool) -> (lines: ArraySlice<Line>, first: Int) {
        if let first = paragraph.children.first, first.kind == .htmlInline { return ([], 0) }
        let all = lines(of: paragraph)
        var start = 0
        if callout, let header = all.first, isCalloutHeader(header) { start = 1 }
        var end = all.count
        if all.count >= 2 {
            for i in start..<(all.count - 1) where all[i].scalars.contains("|") && isDelimiterRow(all[i + 1]) {
                end = i
                break
            }
        }
        // A `?` card's side may be a table (Anki's HTML tables come in so): its rows stay card text, read as
        // no syntax of ours. Otherwise a table ends the lines that hold cards.
        if end < all.count,
            all[start..<end].contains(where: isQuestionMark) || all[end...].contains(where: isQuestionMark)
        {
            var lines = all
            var row = end
            while row < lines.count, lines[row].scalars.contains("|") {
                lines[row].opaque = Array(repeating: true, count: lines[row].scalars.count)
                row += 1
            }
            return (lines[start...], start)
        }
        return (all[start..<max(start, end)], start)
    }

    /// `[!type]` (with an optional `+` or `-`) opening a block quote's first line: Obsidian's callout.
    static func isCalloutHeader(_ line: Line) -> Bool {
        let s = line.scalars
        guard s.count >= 4, s[0] == "[", s[1] == "!", !line.opaque[0] else { return false }
        var i = 2
        while i < s.count, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "-" || s[i] == "_" {
            i += 1
        }
        return i > 2 && i < s.count && s[i] == "]"
    }

    /// A GFM table's delimiter row: cells of `-` (at least one) with optional
    /// `:` at either end, separated by `|`, with at least one `|` or a `:`.
    static func isDelimiterRow(_ line: Line) -> Bool { isDelimiterRow(text: line.text) }

    /// ``isDelimiterRow(_:)`` of a line's text.
    static func isDelimiterRow(text line: String) -> Bool {
        var text = line.trimmingCharacters(in: .whitespaces)[...]
        guard text.contains("|") || text.contains(":") else { return false }
        if text.hasPrefix("|") { text = text.dropFirst() }
        if text.hasSuffix("|") { text = text.dropLast() }
        let cells = text.split(separator: "|", omittingEmptySubsequences: false)
        return !cells.isEmpty
            && cells.allSatisfy { cell in
                var c = cell.trimmingCharacters(in: .whitespaces)[...]
                if c.hasPrefix(":") { c = c.dropFirst() }
                if c.hasSuffix(":") { c = c.dropLast() }
                return !c.isEmpty && c.allSatisfy { $0 == "-" }
            }
    }

    /// One line of a paragraph: its shown text, and which scalars are in
    /// code, HTML or links (where no syntax of ours is read).
    struct Line {
        var scalars: [Unicode.Scalar] = []
        var opaque: [Bool] = []

        mutating func append(_ text: String, opaque flag: Bool) {
            for s in text.unicodeScalars where s != "\r" {
                scalars.append(s)
                opaque.append(flag)
            }
        }

        var text: String { String(String.UnicodeScalarView(scalars)) }

        func text(_ range: Range<Int>) -> String {
            String(String.UnicodeScalarView(scalars[range])).trimmingCharacters(in: .whitespaces)
        }
    }

    static func lines(of paragraph: MarkdownNode) -> [Line] {
        var lines = [Line()]
        func walk(_ node: MarkdownNode, opaque: Bool) {
            switch node.kind {
            case .text: lines[lines.count - 1].append(node.literal, opaque: opaque)
            case .code: lines[lines.count - 1].append("`" + node.literal + "`", opaque: true)
            case .htmlInline: lines[lines.count - 1].append(node.literal, opaque: true)
            case .softBreak, .lineBreak: lines.append(Line())
            case .link, .image: for child in node.children { walk(child, opaque: true) }
            default: for child in node.children { walk(child, opaque: opaque) }
            }
        }
        for child in paragraph.children { walk(child, opaque: false) }
        return lines
    }

    private static func paragraphCards(_ paragraph: MarkdownNode, callout: Bool, into out: inout [CardDraft]) {
        let (slice, first) = cardLines(of: paragraph, callout: callout)
        guard !slice.isEmpty else { return }
        let lines = Array(slice)
        let firstLine = paragraph.line + first
        var found = false
        var questionStart = 0  // first line not used by an earlier card
        for (index, line) in lines.enumerated() {
            // A `?` line: the lines since the last card ask, the rest of the paragraph answers.
            if isQuestionMark(line) {
                guard index > questionStart, index < lines.count - 1 else { continue }
                let question = lines[questionStart..<index].map { $0.text(0..<$0.scalars.count) }
                let answer = lines[(index + 1)...].map { $0.text(0..<$0.scalars.count) }
                out.append(
                    CardDraft(
                        kind: .basic, question: question.joined(separator: "\n"),
                        answer: answer.joined(separator: "\n"),
                        line: firstLine + questionStart))
                return
            }
            guard let separator = separator(in: line) else { continue }
            let question = line.text(0..<separator.lowerBound)
            let answer = line.text(separator.upperBound..<line.scalars.count)
            guard !question.isEmpty, !answer.isEmpty else { continue }
            found = true
            questionStart = index + 1
            let lineNumber = firstLine + index
            out.append(CardDraft(kind: .basic, question: question, answer: answer, line: lineNumber))
            if separator.count == 3 {
                out.append(CardDraft(kind: .reverse, question: answer, answer: question, line: lineNumber))
            }
        }
        if !found { clozeCards(firstLine: firstLine, lines: lines, into: &out) }
    }

    static func isQuestionMark(_ line: Line) -> Bool {
        // A scan of the scalars, not `trimmingCharacters` on a new String: this runs on
        // every line of every paragraph (a third of `vault study --list` on a large vault).
        var found = false
        for (i, s) in line.scalars.enumerated() {
            if line.opaque[i] { return false }
            if s == "?" {
                if found { return false }
                found = true
            } else if !(s == "\t" || s.properties.generalCategory == .spaceSeparator) {
                return false
            }
        }
        return found
    }

    /// The first `::` or `:::` with white space (or the line's edge) on both
    /// sides and outside code, HTML and links.
    static func separator(in line: Line) -> Range<Int>? {
        let s = line.scalars
        var i = 0
        while i < s.count {
            guard s[i] == ":", !line.opaque[i] else {
                i += 1
                continue
            }
            var j = i
            while j < s.count, s[j] == ":", !line.opaque[j] { j += 1 }
            let count = j - i
            let spaceBefore = i > 0 && s[i - 1].properties.isWhitespace && !line.opaque[i - 1]
            let spaceAfter = j < s.count && s[j].properties.isWhitespace
            if (count == 2 || count == 3), spaceBefore, spaceAfter { return i..<j }
            i = j
        }
        return nil
    }

    private static func clozeCards(firstLine: Int, lines: [Line], into out: inout [CardDraft]) {
        // The paragraph as one line (breaks as spaces), to find `==…==` pairs.
        var whole = Line()
        var lineStarts: [Int] = []
        for (n, line) in lines.enumerated() {
            if n > 0 { whole.append(" ", opaque: false) }
            lineStarts.append(whole.scalars.count)
            whole.scalars += line.scalars
            whole.opaque += line.opaque
        }
        if numberedClozeCards(firstLine: firstLine, whole: whole, lineStarts: lineStarts, into: &out) { return }
        var deletions: [Range<Int>] = []  // ranges of the hidden text, without the `==`
        let s = whole.scalars
        var i = 0
        var open: Int?
        while i + 1 < s.count {
            if s[i] == "=", s[i + 1] == "=", !whole.opaque[i], !whole.opaque[i + 1] {
                if let start = open {
                    if i > start { deletions.append(start..<i) }
                    open = nil
                } else if i + 2 < s.count, !s[i + 2].properties.isWhitespace, s[i + 2] != "=" {
                    open = i + 2
                }
                i += 2
            } else {
                i += 1
            }
        }
        guard !deletions.isEmpty else { return }
        // Deletions past the limit stay shown as text, their `==` marks kept.
        let carded = deletions.prefix(maxClozesPerParagraph)
        let startOf = Dictionary(uniqueKeysWithValues: carded.map { ($0.lowerBound - 2, $0) })
        func shown(hiding hidden: Range<Int>?) -> String {
            var text = String.UnicodeScalarView()
            var k = 0
            while k < s.count {
                if let d = startOf[k] {
                    if d == hidden {
                        text.append(contentsOf: Card.clozeGap.unicodeScalars)
                    } else {
                        text.append(contentsOf: s[d])
                    }
                    k = d.upperBound + 2
                } else {
                    text.append(s[k])
                    k += 1
                }
            }
            return String(text).trimmingCharacters(in: .whitespaces)
        }
        let context = shown(hiding: nil)
        for d in carded {
            let lineIndex = (lineStarts.lastIndex { $0 <= d.lowerBound }) ?? 0
            let hidden = String(String.UnicodeScalarView(s[d])).trimmingCharacters(in: .whitespaces)
            out.append(
                CardDraft(
                    kind: .cloze, question: shown(hiding: d), answer: hidden, line: firstLine + lineIndex,
                    clozeContext: context))
        }
    }

    /// One of Anki's deletions: `{{cN::text}}` or `{{cN::text::hint}}`, as scalar offsets of the paragraph.
    struct NumberedDeletion {
        var number: Int
        /// From `{{` to past `}}`.
        var whole: Range<Int>
        var text: String
        var hint: String?
    }

    /// Anki's deletions in `line`, outside code, HTML and links, in reading order.
    static func numberedDeletions(in line: Line) -> [NumberedDeletion] {
        let s = line.scalars
        var found: [NumberedDeletion] = []
        var i = 0
        while i + 5 < s.count {
            guard !line.opaque[i] else {
                i += 1
                continue
            }
            switch numberedDeletion(in: s, at: i) {
            case .none: i += 1
            case .unclosed: return found
            case .deletion(let deletion):
                if !deletion.text.isEmpty { found.append(deletion) }
                i = deletion.whole.upperBound
            }
        }
        return found
    }

    /// What starts at `i` of `s`: an Anki deletion `{{cN::text}}` or `{{cN::text::hint}}` (its
    /// text and hint trimmed; the text may be empty), an opening never closed, or nothing.
    enum NumberedScan {
        case none, unclosed
        case deletion(NumberedDeletion)
    }

    /// The one reading of `{{cN::…}}` for the extractor and ``AnkiCardGroup``.
    static func numberedDeletion(in s: [Unicode.Scalar], at i: Int) -> NumberedScan {
        guard i + 5 < s.count, s[i] == "{", s[i + 1] == "{", s[i + 2] == "c" else { return .none }
        var j = i + 3
        var number = 0
        while j < s.count, ("0"..."9").contains(s[j]), number < 10_000 {
            number = number * 10 + Int(s[j].value - 48)
            j += 1
        }
        guard j > i + 3, number > 0, j + 1 < s.count, s[j] == ":", s[j + 1] == ":" else { return .none }
        let start = j + 2
        var k = start
        while k + 1 < s.count, !(s[k] == "}" && s[k + 1] == "}") { k += 1 }
        guard k + 1 < s.count else { return .unclosed }
        let parts = String(String.UnicodeScalarView(s[start..<k])).components(separatedBy: "::")
        let text = parts[0].trimmingCharacters(in: .whitespaces)
        let hint = parts.count > 1 ? parts[1...].joined(separator: "::").trimmingCharacters(in: .whitespaces) : nil
        return .deletion(
            NumberedDeletion(number: number, whole: i..<(k + 2), text: text, hint: hint?.isEmpty == true ? nil : hint))
    }

    /// Anki's clozes of a paragraph: one card per number, in increasing
    /// order, hiding each deletion of that number; false when there are none.
    private static func numberedClozeCards(firstLine: Int, whole: Line, lineStarts: [Int], into out: inout [CardDraft])
        -> Bool
    {
        let deletions = numberedDeletions(in: whole)
        guard !deletions.isEmpty else { return false }
        let s = whole.scalars
        func shown(hiding number: Int?) -> String {
            var text = String.UnicodeScalarView()
            var k = 0
            var next = 0
            while k < s.count {
                if next < deletions.count, deletions[next].whole.lowerBound == k {
                    let d = deletions[next]
                    if d.number == number {
                        text.append(contentsOf: "[\(d.hint ?? "…")]".unicodeScalars)
                    } else {
                        text.append(contentsOf: d.text.unicodeScalars)
                    }
                    k = d.whole.upperBound
                    next += 1
                } else {
                    text.append(s[k])
                    k += 1
                }
            }
            return String(text).trimmingCharacters(in: .whitespaces)
        }
        let context = shown(hiding: nil)
        for number in Set(deletions.map(\.number)).sorted().prefix(maxClozesPerParagraph) {
            let mine = deletions.filter { $0.number == number }
            let lineIndex = (lineStarts.lastIndex { $0 <= mine[0].whole.lowerBound }) ?? 0
            out.append(
                CardDraft(
                    kind: .cloze, question: shown(hiding: number), answer: mine.map(\.text).joined(separator: ", "),
                    line: firstLine + lineIndex, clozeContext: context))
        }
        return true
    }
}
