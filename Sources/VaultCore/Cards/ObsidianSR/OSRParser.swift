/// The Spaced Repetition plugin's question parser (its `parse`, src/parser.ts at v1.15.4), line
/// by line as the plugin reads a note: a one-line card is a line holding a separator outside
/// inline code, a multi-line card runs from its first line to a blank line (or the end
/// marker), a cloze question is a paragraph whose first cloze line holds a deletion, and lines
/// inside a fence that opens at column 0 are never read for separators.
///
/// Where the plugin's code has a clear bug, its intent is followed (docs/FORMAT.md, Obsidian
/// Spaced Repetition): an HTML comment (`<!-- … -->`, not `<!--SR:`) at column 0 is skipped up
/// to the line holding `-->`, and the next line is read (the plugin also skips the line after
/// a one-line comment, and the rest of the note after a comment that does not close on its
/// first line); a question's first line is the line its text starts on (the plugin keeps the
/// line of the one-line card before it).
public enum OSRParser {
    /// The kinds of question, as the plugin names them.
    public enum QuestionType: Hashable, Sendable {
        case singleLineBasic, singleLineReversed, multiLineBasic, multiLineReversed, cloze
    }

    /// One question found: its type, its text as the plugin keeps it (a one-line card with the
    /// schedule comment line after it; a multi-line one with its lines' trailing spaces cut)
    /// and its lines (0-based, in the text given).
    public struct Question: Hashable, Sendable {
        public var type: QuestionType
        public var text: String
        public var firstLine: Int
        public var lastLine: Int
    }

    /// The schedule comment's opening (`<!--SR:`).
    public static let commentStart = "<!--SR:"
    /// The line that opens the plugin's schedule callout.
    public static let metadataCallout = "> [!sr|card-metadata]"

    /// The most lines of one note read (a longer note's later lines hold no card).
    public static let maxLines = 100_000

    /// The questions of `text` (front matter already blanked out) under `syntax`.
    public static func questions(
        in text: String, syntax: ObsidianSRSyntax, patterns: [OSRClozePattern],
        budget: OSRClozePattern.Budget = OSRClozePattern.Budget()
    ) -> [Question] {
        let lines = OSRText.lines(text)
        let n = min(lines.count, maxLines)
        // Longest separator first (`:::` before `::`), as the plugin sorts them.
        let inline: [(String, QuestionType)] = [
            (syntax.singleLineCardSeparator, .singleLineBasic),
            (syntax.singleLineReversedCardSeparator, .singleLineReversed),
        ].enumerated().sorted { a, b in
            a.element.0.unicodeScalars.count != b.element.0.unicodeScalars.count
                ? a.element.0.unicodeScalars.count > b.element.0.unicodeScalars.count : a.offset < b.offset
        }.map(\.element)
        let endMarker = syntax.multilineCardEndMarker
        var questions: [Question] = []
        var cardText = ""
        var cardType: QuestionType?
        var firstLine = 0
        var i = 0
        while i < n {
            let line = lines[i]
            let trimmed = OSRText.trim(line)
            if OSRText.hasPrefix(line, "<!--"), !OSRText.hasPrefix(line, commentStart) {
                var j = i
                while j < n, !OSRText.contains(lines[j], "-->") { j += 1 }
                i = j + 1
                continue
            }
            let isEmpty = trimmed.isEmpty
            let isEndMarker = !endMarker.isEmpty && OSRText.equals(trimmed, endMarker)
            if (isEmpty && endMarker.isEmpty) || (isEmpty && cardType == nil) || isEndMarker {
                if let type = cardType {
                    questions.append(
                        Question(type: type, text: OSRText.trimEnd(cardText), firstLine: firstLine, lastLine: i - 1))
                    cardType = nil
                }
                cardText = ""
                i += 1
                continue
            }
            if cardText.isEmpty {
                firstLine = i
            } else {
                cardText += "\n"
            }
            cardText += OSRText.trimEnd(line)
            for (separator, type) in inline where hasInlineMarker(line, separator) {
                cardType = type
                break
            }
            if cardType == .singleLineBasic || cardType == .singleLineReversed {
                var text = String(line)
                firstLine = i
                if i + 1 < n, OSRText.hasPrefix(lines[i + 1], commentStart) {
                    text += "\n" + lines[i + 1]
                    i += 1
                } else if i + 1 < n, OSRText.hasPrefix(lines[i + 1], metadataCallout) {
                    var j = i + 1
                    while j < n {
                        text += "\n" + lines[j]
                        i += 1
                        if OSRText.contains(lines[j], commentStart) { break }
                        j += 1
                    }
                }
                questions.append(Question(type: cardType!, text: text, firstLine: firstLine, lastLine: i))
                cardType = nil
                cardText = ""
            } else if OSRText.equals(trimmed, syntax.multilineCardSeparator) {
                if cardText.utf16.count > 1 { cardType = .multiLineBasic }
            } else if OSRText.equals(trimmed, syntax.multilineReversedCardSeparator) {
                if cardText.utf16.count > 1 { cardType = .multiLineReversed }
            } else if OSRText.hasPrefix(line, "```") || OSRText.hasPrefix(line, "~~~") {
                let fence = fenceRun(line)
                while i + 1 < n, !OSRText.hasPrefix(lines[i + 1], fence) {
                    i += 1
                    cardText += "\n" + lines[i]
                }
                cardText += "\n" + fence
                i += 1
            } else if cardType == nil, isClozeLine(line, patterns: patterns, budget: budget) {
                cardType = .cloze
            }
            i += 1
        }
        if let type = cardType, !cardText.isEmpty {
            questions.append(Question(type: type, text: OSRText.trimEnd(cardText), firstLine: firstLine, lastLine: n - 1))
        }
        return questions
    }

    /// The plugin's `hasInlineMarker`: the first `marker` in `line` is outside inline code (an
    /// odd number of backticks on both sides of it puts it inside).
    static func hasInlineMarker(_ line: Substring, _ marker: String) -> Bool {
        guard let range = OSRText.firstRange(of: marker, in: line) else { return false }
        let before = line[..<range.lowerBound].unicodeScalars.reduce(0) { $1 == "`" ? $0 + 1 : $0 }
        let after = line[range.upperBound...].unicodeScalars.reduce(0) { $1 == "`" ? $0 + 1 : $0 }
        return !(before % 2 == 1 && after % 2 == 1)
    }

    /// The run of backticks or tildes a fence line opens with (what closes it).
    static func fenceRun(_ line: Substring) -> String {
        let scalars = line.unicodeScalars
        guard let first = scalars.first else { return "```" }
        return String(String.UnicodeScalarView(scalars.prefix { $0 == first }))
    }

    /// The longest line read for clozes (a longer line is no cloze line).
    public static let maxClozeLine = 20_000

    static func isClozeLine(_ line: Substring, patterns: [OSRClozePattern], budget: OSRClozePattern.Budget? = nil)
        -> Bool
    {
        guard !patterns.isEmpty, (budget?.remaining ?? 1) > 0, line.utf8.count <= maxClozeLine * 4 else {
            return false
        }
        let scalars = Array(line.unicodeScalars)
        guard scalars.count <= maxClozeLine else { return false }
        return OSRClozeNote.kind(of: scalars, patterns: patterns, budget: budget) != nil
    }

    /// The note `text` with its front matter blanked out as the plugin does it: when the first
    /// line is exactly `---`, every line up to the next line that is exactly `---` becomes
    /// empty (line numbers are kept); an unclosed front matter is left as it is.
    public static func blankingFrontMatter(_ text: String) -> (content: String, frontMatterLines: Int) {
        let lines = OSRText.lines(text)
        guard let first = lines.first, OSRText.equals(first, "---") else { return (text, 0) }
        var end = 1
        while end < lines.count, !OSRText.equals(lines[end], "---") { end += 1 }
        guard end < lines.count else { return (text, 0) }
        let blank = Array(repeating: "", count: end + 1)
        return ((blank + lines[(end + 1)...].map(String.init)).joined(separator: "\n"), end + 1)
    }
}
