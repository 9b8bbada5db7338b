/// A note's text as the editor holds it, in lines, with what the features
/// ask of it: where the front matter ends, which lines are inside fenced
/// code (links and tags there are code, not links), and UTF-16 columns.
public struct DocumentText: Sendable {
    public let text: String
    /// The lines, without their `\n` (and a `\r` before it).
    public let lines: [String]
    /// The lines of the front matter, both `---` included; nil when the note has none.
    public let frontMatter: ClosedRange<Int>?
    /// For each line, true when it is inside a fenced code block (fences included).
    public let inCode: [Bool]

    public init(_ text: String) {
        self.text = text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.isEmpty { lines = [""] }
        self.lines = lines
        var frontMatter: ClosedRange<Int>?
        if lines.first == "---", let end = lines.dropFirst().firstIndex(where: { $0 == "---" || $0 == "..." }) {
            frontMatter = 0...end
        }
        self.frontMatter = frontMatter
        var inCode = [Bool](repeating: false, count: lines.count)
        var fence: String?
        for (i, line) in lines.enumerated() where frontMatter.map({ !$0.contains(i) }) ?? true {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                inCode[i] = true
                if trimmed.hasPrefix(open), trimmed.drop(while: { $0 == open.first }).allSatisfy(\.isWhitespace) {
                    fence = nil
                }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let mark = trimmed.first!
                fence = String(trimmed.prefix { $0 == mark })
                inCode[i] = true
            }
        }
        self.inCode = inCode
    }

    /// The line at `index`, or "" past the end.
    public func line(_ index: Int) -> String { lines.indices.contains(index) ? lines[index] : "" }

    /// True when line `index` is in the front matter, between its `---` lines.
    public func isInFrontMatter(_ index: Int) -> Bool {
        guard let range = frontMatter else { return false }
        return index > range.lowerBound && index < range.upperBound
    }

    /// The first line of the body (after the front matter).
    public var bodyStart: Int { frontMatter.map { $0.upperBound + 1 } ?? 0 }

    /// The part of line `position.line` before the cursor.
    public func prefix(at position: Position) -> String {
        let line = line(position.line)
        let utf16 = line.utf16
        let offset = min(max(position.character, 0), utf16.count)
        let index = utf16.index(utf16.startIndex, offsetBy: offset)
        return String(line[..<(index.samePosition(in: line) ?? line.endIndex)])
    }

    /// The UTF-16 length of `text` (an LSP column).
    public static func columns(_ text: some StringProtocol) -> Int { text.utf16.count }

    /// The range covering the whole document.
    public var wholeRange: Range {
        Range(
            start: Position(line: 0, character: 0),
            end: Position(line: lines.count - 1, character: Self.columns(lines[lines.count - 1])))
    }
}
