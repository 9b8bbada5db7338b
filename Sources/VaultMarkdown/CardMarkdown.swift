import Foundation
import VaultCore

/// The Markdown a card was written in, as `vault export anki` needs it to
/// render Anki's fields (the card's ``Card/question`` and ``Card/answer`` are
/// shown text, without markup): the lines of the card's paragraph as written
/// (without the `>` of a quote or the marker of a list item), cut as the
/// card syntax cuts them.
public struct CardMarkdown: Hashable, Sendable {
    /// The question's Markdown (for a cloze card, the whole paragraph).
    public var question: String
    /// The answer's Markdown (empty for a cloze card).
    public var answer: String
    /// The card's paragraph: its first and last line in the file (1-based), and its text.
    public var paragraphLines: ClosedRange<Int>
    public var paragraph: String

    /// The Markdown of each of `cards`, which the card extractor read from
    /// `data` (the same bytes), in the cards' order; nil for a card whose
    /// paragraph cannot be found again.
    public static func sources(in data: Data, cards: [Card]) -> [CardMarkdown?] {
        guard !cards.isEmpty else { return [] }
        let body = NoteParser.body(of: data)
        let lineOffset = data.prefix(data.count - body.count).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let document = body.withUnsafeBytes { raw in CommonMark.document(of: raw.bindMemory(to: UInt8.self)) }
        var paragraphs: [(first: Int, count: Int)] = []
        collect(document, into: &paragraphs)
        let rawLines = String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        return cards.map { card in
            let bodyLine = card.line - lineOffset
            guard let p = paragraphs.first(where: { $0.first <= bodyLine && bodyLine < $0.first + $0.count }) else {
                return nil
            }
            let lines = (p.first..<(p.first + p.count)).map { n -> String in
                n - 1 < rawLines.count ? stripped(rawLines[n - 1], first: n == p.first) : ""
            }
            let range = (p.first + lineOffset)...(p.first + p.count - 1 + lineOffset)
            let paragraph = lines.joined(separator: "\n")
            let index = bodyLine - p.first
            switch card.kind {
            case .note:
                return nil  // a note review is the whole note, not a paragraph's card
            case .cloze:
                return CardMarkdown(question: paragraph, answer: "", paragraphLines: range, paragraph: paragraph)
            case .basic, .reverse:
                if let separator = separator(in: lines[index]) {
                    let line = Array(lines[index].unicodeScalars)
                    let question = String(String.UnicodeScalarView(line[..<separator.lowerBound])).trimmingCharacters(
                        in: .whitespaces)
                    let answer = String(String.UnicodeScalarView(line[separator.upperBound...])).trimmingCharacters(
                        in: .whitespaces)
                    return card.kind == .basic
                        ? CardMarkdown(question: question, answer: answer, paragraphLines: range, paragraph: paragraph)
                        : CardMarkdown(question: answer, answer: question, paragraphLines: range, paragraph: paragraph)
                }
                guard
                    let mark = lines.indices.first(where: {
                        $0 > index && lines[$0].trimmingCharacters(in: .whitespaces) == "?"
                    })
                else { return nil }
                return CardMarkdown(
                    question: lines[index..<mark].joined(separator: "\n"),
                    answer: lines[(mark + 1)...].joined(separator: "\n"),
                    paragraphLines: range, paragraph: paragraph)
            }
        }
    }

    /// The paragraphs that may hold cards, as the extractor walks them: their first body line and line count.
    private static func collect(_ node: MarkdownNode, into out: inout [(first: Int, count: Int)]) {
        switch node.kind {
        case .paragraph:
            out.append((node.line, CardExtractor.lines(of: node).count))
        case .codeBlock, .htmlBlock, .heading, .customBlock, .unknown:
            return
        default:
            for child in node.children { collect(child, into: &out) }
        }
    }

    /// A paragraph's line without what its containers put before it: spaces,
    /// quote marks and (on its first line) a list item's marker.
    public static func stripped(_ line: String, first: Bool) -> String {
        var s = Substring(line)
        var changed = true
        while changed {
            changed = false
            let trimmed = s.drop { $0 == " " || $0 == "\t" }
            if trimmed.count != s.count {
                s = trimmed
                changed = true
            }
            if s.hasPrefix(">") {
                s = s.dropFirst()
                if s.hasPrefix(" ") { s = s.dropFirst() }
                changed = true
            } else if first, let marker = listMarker(s) {
                s = s.dropFirst(marker)
                changed = true
            }
        }
        return String(s)
    }

    /// The length of a list item's marker and its space at the start of `s` (`- `, `* `, `+ `, `1. `, `1) `).
    static func listMarker(_ s: Substring) -> Int? {
        if let c = s.first, "-*+".contains(c), s.dropFirst().first == " " { return 2 }
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let rest = s.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
        return digits.count + 2
    }

    /// The first `::` or `:::` with white space on both sides, outside code spans (as scalar offsets).
    static func separator(in line: String) -> Range<Int>? {
        let s = Array(line.unicodeScalars)
        var i = 0
        var inCode = false
        while i < s.count {
            if s[i] == "`" { inCode.toggle() }
            guard !inCode, s[i] == ":" else {
                i += 1
                continue
            }
            var j = i
            while j < s.count, s[j] == ":" { j += 1 }
            let count = j - i
            if count == 2 || count == 3, i > 0, s[i - 1].properties.isWhitespace, j < s.count,
                s[j].properties.isWhitespace
            {
                return i..<j
            }
            i = j
        }
        return nil
    }
}
