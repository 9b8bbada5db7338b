import VaultCore
import Yams

/// Parses front matter YAML into a ``FrontMatter``.
///
/// Most notes use a tiny subset of YAML (`key: value`, `key: [a, b]`, and
/// `key:` followed by `- item` lines). That subset is read by a hand-written
/// fast path; anything else (block scalars, nested maps, escapes, anchors)
/// goes to Yams, so the result is always what a YAML parser would give.
public enum FrontMatterParser {
    /// A YAML error, placed at a line of the note file.
    public struct Failure: Error, Equatable, Sendable {
        /// 1-based line in the note file.
        public var line: Int
        public var reason: String
    }

    /// Parses `yaml`, whose first line is line `firstLine` of the note file.
    /// - Throws: ``Failure`` when the YAML is malformed or is not a map.
    public static func parse(_ yaml: String, firstLine: Int) throws(Failure) -> FrontMatter {
        var bytes = Array(yaml.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(Failure) in
            try parse(UnsafeBufferPointer(buffer), firstLine: firstLine)
        }
    }

    /// Parses YAML bytes, whose first line is line `firstLine` of the note file.
    /// - Throws: ``Failure`` when the YAML is malformed or is not a map.
    public static func parse(_ yaml: UnsafeBufferPointer<UInt8>, firstLine: Int) throws(Failure) -> FrontMatter {
        if yaml.count > YAMLLimits.maxBytes {
            throw Failure(
                line: firstLine,
                reason:
                    "the front matter is not read: it is over \(YAMLLimits.maxBytes / 1024) KB (move the text into the body)"
            )
        }
        if let fast = fastParse(yaml, firstLine: firstLine) { return fast }
        return try yamsParse(String(decoding: yaml, as: UTF8.self), firstLine: firstLine)
    }

    // MARK: - Fast path

    static func fastParse(_ yaml: String, firstLine: Int) -> FrontMatter? {
        Array(yaml.utf8).withUnsafeBufferPointer { fastParse($0, firstLine: firstLine) }
    }

    /// The simple-subset parser, on bytes (it runs once per note, so it
    /// avoids Character-level String work); nil means "not simple, ask Yams".
    static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) -> FrontMatter? {
        var entries: [FrontMatter.Entry] = []
        var openList: (key: String, line: Int, items: [String])?
        var lineNumber = firstLine - 1
        var lineStart = 0
        let n = bytes.count
        while lineStart < n {
            var end = lineStart
            while end < n, bytes[end] != newline { end += 1 }
            let line = lineStart..<(end > lineStart && bytes[end - 1] == carriageReturn ? end - 1 : end)
            lineStart = end + 1
            lineNumber += 1
            let content = trimmed(bytes, line)
            if content.isEmpty || bytes[content.lowerBound] == hash { continue }
            let first = bytes[line.lowerBound]
            if first == space || first == tab || first == dash {
                // A `- item` under the open `key:`.
                guard openList != nil, bytes[content.lowerBound] == dash,
                    content.count == 1 || bytes[content.lowerBound + 1] == space,
                    let item = plainScalar(bytes, trimmed(bytes, (content.lowerBound + 1)..<content.upperBound))
                else { return nil }
                openList!.items.append(item)
                continue
            }
            if let list = openList {
                entries.append(
                    .init(key: list.key, value: list.items.isEmpty ? .null : .list(list.items), line: list.line))
                openList = nil
            }
            var colon = line.lowerBound
            while colon < line.upperBound, isKeyByte(bytes[colon]) { colon += 1 }
            guard colon > line.lowerBound, colon < line.upperBound, bytes[colon] == UInt8(ascii: ":") else {
                return nil
            }
            guard colon + 1 == line.upperBound || bytes[colon + 1] == space || bytes[colon + 1] == tab else {
                return nil
            }
            let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[line.lowerBound..<colon]), as: UTF8.self)
            let value = trimmed(bytes, (colon + 1)..<line.upperBound)
            if value.isEmpty {
                openList = (key, lineNumber, [])
                continue
            }
            if bytes[value.lowerBound] == UInt8(ascii: "[") {
                guard bytes[value.upperBound - 1] == UInt8(ascii: "]"), value.count >= 2 else { return nil }
                let inner = (value.lowerBound + 1)..<(value.upperBound - 1)
                var items: [String] = []
                if !trimmed(bytes, inner).isEmpty {
                    var partStart = inner.lowerBound
                    for i in inner.lowerBound...inner.upperBound {
                        if i < inner.upperBound {
                            let b = bytes[i]
                            if b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{")
                                || b == UInt8(ascii: "}")
                            {
                                return nil
                            }
                            if b != UInt8(ascii: ",") { continue }
                        }
                        let part = trimmed(bytes, partStart..<i)
                        guard !part.isEmpty, let item = plainScalar(bytes, part), !item.isEmpty else { return nil }
                        items.append(item)
                        partStart = i + 1
                    }
                }
                entries.append(.init(key: key, value: .list(items), line: lineNumber))
                continue
            }
            if isNull(bytes, value) {
                entries.append(.init(key: key, value: .null, line: lineNumber))
                continue
            }
            guard let scalar = plainScalar(bytes, value) else { return nil }
            entries.append(.init(key: key, value: .scalar(scalar), line: lineNumber))
        }
        if let list = openList {
            entries.append(.init(key: list.key, value: list.items.isEmpty ? .null : .list(list.items), line: list.line))
        }
        return FrontMatter(entries: entries)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let dash = UInt8(ascii: "-")
    private static let hash = UInt8(ascii: "#")

    private static func isKeyByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x5F || b == 0x2D
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == space || bytes[lower] == tab { lower += 1 }
        while upper > lower, bytes[upper - 1] == space || bytes[upper - 1] == tab { upper -= 1 }
        return lower..<upper
    }

    private static func isNull(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        return text.elementsEqual("~".utf8) || text.elementsEqual("null".utf8) || text.elementsEqual("Null".utf8)
            || text.elementsEqual("NULL".utf8)
    }

    /// A scalar the fast path is sure of: plain text without YAML syntax, or a
    /// quoted string without escapes. Nil for anything else.
    static func plainScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard let firstIndex = range.first else { return "" }
        let first = bytes[firstIndex]
        let last = bytes[range.upperBound - 1]
        func string(_ r: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
        }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard range.count >= 2, last == first else { return nil }
            let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
            for i in inner where bytes[i] == first || bytes[i] == UInt8(ascii: "\\") { return nil }
            return string(inner)
        }
        if Self.indicators.contains(first) || last == UInt8(ascii: ":") { return nil }
        for i in range {
            let b = bytes[i]
            if b == tab { return nil }
            if b == UInt8(ascii: ":"), i + 1 < range.upperBound, bytes[i + 1] == space { return nil }
            if b == space, i + 1 < range.upperBound, bytes[i + 1] == hash { return nil }
        }
        return string(range)
    }

    /// Characters that give a plain scalar's first byte a YAML meaning.
    private static let indicators: Set<UInt8> = Set("&*!|>%@`{[]},?-:#".utf8)

    // MARK: - Yams

    static func yamsParse(_ yaml: String, firstLine: Int) throws(Failure) -> FrontMatter {
        if let refusal = YAMLLimits.refusal(yaml) {
            throw Failure(line: firstLine + refusal.line - 1, reason: "the front matter is not read: \(refusal.reason)")
        }
        let root: Node?
        do {
            // Scalars are read as written (nulls by hand below).
            root = try YAMLTree.compose(yaml)
        } catch let error as YamlError {
            throw Failure(line: firstLine + yamlLine(of: error) - 1, reason: describe(error))
        } catch {
            throw Failure(line: firstLine, reason: "\(error)")
        }
        guard let root else { return FrontMatter() }
        guard case .mapping(let mapping) = root else {
            throw Failure(line: firstLine, reason: "front matter must be a list of 'key: value' lines")
        }
        var entries: [FrontMatter.Entry] = []
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.scalar?.string else { continue }
            let line = firstLine + (keyNode.mark?.line ?? 1) - 1
            entries.append(.init(key: key, value: value(of: valueNode), line: line))
        }
        return FrontMatter(entries: entries)
    }

    static func value(of node: Node) -> FrontMatterValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return .null }
            return .scalar(scalar.string)
        case .sequence(let sequence):
            let items = sequence.compactMap { $0.scalar?.string }
            if items.count == sequence.count { return .list(items) }
            return .other((try? Yams.serialize(node: node).trimmingSpaces()) ?? "")
        default:
            return .other((try? Yams.serialize(node: node).trimmingSpaces()) ?? "")
        }
    }

    /// The line to point at: where the construct that failed began (the
    /// error's context) when Yams knows it, else where it noticed the problem.
    static func yamlLine(of error: YamlError) -> Int {
        switch error {
        case .scanner(let context, _, let mark, _), .parser(let context, _, let mark, _),
            .composer(let context, _, let mark, _):
            return context?.mark.line ?? mark.line
        default:
            return 1
        }
    }

    static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        default:
            return "\(error)"
        }
    }
}
