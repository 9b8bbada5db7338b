import Foundation

/// A link as written on one line of a note, with its place: a wiki link
/// `[[target#heading|alias]]` (also `![[…]]`) or a Markdown link
/// `[text](path.md#heading)` to a note.
public struct LinkSpan: Hashable, Sendable {
    /// The target as the resolver takes it: without `#heading` and `|alias`;
    /// a Markdown link's destination percent-decoded.
    public var target: String
    /// The `#heading` part, without `#`; nil when there is none.
    public var heading: String?
    public var isWiki: Bool
    /// The whole link, brackets included.
    public var range: Range
    /// The target as written (for a rename to rewrite).
    public var targetRange: Range

    /// The links on line `index` of `text` (none inside fenced or inline code).
    public static func scan(_ text: DocumentText, line index: Int) -> [LinkSpan] {
        guard !text.inCode.indices.contains(index) || !text.inCode[index] else { return [] }
        return scan(line: text.line(index), number: index)
    }

    /// Every link of `text`, in reading order.
    public static func all(in text: DocumentText) -> [LinkSpan] {
        text.lines.indices.flatMap { scan(text, line: $0) }
    }

    /// The links on `line` (the line number `number`), reading UTF-16 units.
    static func scan(line: String, number: Int) -> [LinkSpan] {
        let units = Array(line.utf16)
        var spans: [LinkSpan] = []
        var i = 0
        let open = UInt16(UInt8(ascii: "[")), close = UInt16(UInt8(ascii: "]"))
        let tick = UInt16(UInt8(ascii: "`"))
        while i < units.count {
            if units[i] == tick {
                // An inline code span: skip to the matching run of backticks.
                var run = 0
                while i + run < units.count, units[i + run] == tick { run += 1 }
                var j = i + run
                var found = false
                while j < units.count {
                    if units[j] == tick {
                        var other = 0
                        while j + other < units.count, units[j + other] == tick { other += 1 }
                        if other == run { found = true; j += other; break }
                        j += other
                    } else {
                        j += 1
                    }
                }
                i = found ? j : i + run
                continue
            }
            if units[i] == open, i + 1 < units.count, units[i + 1] == open {
                if let end = find([close, close], in: units, from: i + 2) {
                    let inner = string(units[(i + 2)..<end])
                    if !inner.contains("[") {
                        spans.append(wiki(inner, line: number, start: i, end: end + 2))
                        i = end + 2
                        continue
                    }
                }
                i += 2
                continue
            }
            if units[i] == open, let textEnd = find([close, UInt16(UInt8(ascii: "("))], in: units, from: i + 1),
                let destinationEnd = find([UInt16(UInt8(ascii: ")"))], in: units, from: textEnd + 2)
            {
                let raw = string(units[(textEnd + 2)..<destinationEnd])
                if let span = markdown(
                    raw, line: number, start: i, destinationStart: textEnd + 2, end: destinationEnd + 1)
                {
                    spans.append(span)
                }
                i = destinationEnd + 1
                continue
            }
            i += 1
        }
        return spans
    }

    private static func wiki(_ inner: String, line: Int, start: Int, end: Int) -> LinkSpan {
        let beforeAlias =
            inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let parts = beforeAlias.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts.first ?? ""
        let heading = parts.count > 1 ? parts[1] : nil
        return LinkSpan(
            target: target.trimmingCharacters(in: .whitespaces), heading: heading?.trimmingCharacters(in: .whitespaces),
            isWiki: true, range: Range(line: line, from: start, to: end),
            targetRange: Range(line: line, from: start + 2, to: start + 2 + DocumentText.columns(target)))
    }

    private static func markdown(_ raw: String, line: Int, start: Int, destinationStart: Int, end: Int) -> LinkSpan? {
        var destination = raw.trimmingCharacters(in: .whitespaces)
        if let space = destination.firstIndex(of: " "), !destination.hasPrefix("<") {
            destination = String(destination[..<space])  // `(path "title")`
        }
        if destination.hasPrefix("<"), destination.hasSuffix(">") {
            destination = String(destination.dropFirst().dropLast())
        }
        if destination.contains("://") || destination.hasPrefix("mailto:") || destination.isEmpty { return nil }
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0].removingPercentEncoding ?? parts[0]
        guard path.isEmpty || path.lowercased().hasSuffix(".md") else { return nil }
        let heading = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : nil
        let offset = DocumentText.columns(raw.prefix { $0 == " " || $0 == "<" })
        return LinkSpan(
            target: path, heading: heading, isWiki: false, range: Range(line: line, from: start, to: end),
            targetRange: Range(
                line: line, from: destinationStart + offset,
                to: destinationStart + offset + DocumentText.columns(parts[0])))
    }

    private static func find(_ needle: [UInt16], in units: [UInt16], from: Int) -> Int? {
        guard from <= units.count - needle.count else { return nil }
        var i = from
        while i <= units.count - needle.count {
            if units[i] == needle[0], needle.count == 1 || units[i + 1] == needle[1] { return i }
            i += 1
        }
        return nil
    }

    private static func string(_ units: ArraySlice<UInt16>) -> String {
        String(decoding: units, as: UTF16.self)
    }
}
