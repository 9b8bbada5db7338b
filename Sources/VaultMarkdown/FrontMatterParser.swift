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
        if let fast = fastParse(yaml, firstLine: firstLine) { return fast }
        return try yamsParse(yaml, firstLine: firstLine)
    }

    // MARK: - Fast path

    /// The simple-subset parser; nil means "not simple, ask Yams".
    static func fastParse(_ yaml: String, firstLine: Int) -> FrontMatter? {
        var entries: [FrontMatter.Entry] = []
        var openList: (key: String, line: Int, items: [String])?
        var lineNumber = firstLine - 1
        func closeList() {
            if let list = openList {
                entries.append(.init(key: list.key, value: list.items.isEmpty ? .null : .list(list.items), line: list.line))
                openList = nil
            }
        }
        // Split on line-feed bytes (Character splitting cost more than the
        // rest of the parse); a CRLF line keeps its "\r", dropped below.
        for rawLine in yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }
            let trimmed = line.trimmingSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.first == " " || line.first == "-" {
                // A `- item` under the open `key:`.
                guard openList != nil, trimmed.hasPrefix("- ") || trimmed == "-" else { return nil }
                guard let item = plainScalar(trimmed.dropFirst(1).trimmingSpaces()) else { return nil }
                openList!.items.append(item)
                continue
            }
            closeList()
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let key = line[..<colon]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                return nil
            }
            let rest = line[line.index(after: colon)...]
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            let value = rest.trimmingSpaces()
            if value.isEmpty {
                openList = (String(key), lineNumber, [])
                continue
            }
            if value.hasPrefix("[") {
                guard value.hasSuffix("]") else { return nil }
                let inner = value.dropFirst().dropLast()
                if inner.contains(where: { "[]{}".contains($0) }) { return nil }
                var items: [String] = []
                if !inner.trimmingSpaces().isEmpty {
                    for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
                        guard let item = plainScalar(part.trimmingSpaces()), !item.isEmpty else { return nil }
                        items.append(item)
                    }
                }
                entries.append(.init(key: String(key), value: .list(items), line: lineNumber))
                continue
            }
            if value == "~" || value == "null" || value == "Null" || value == "NULL" {
                entries.append(.init(key: String(key), value: .null, line: lineNumber))
                continue
            }
            guard let scalar = plainScalar(value) else { return nil }
            entries.append(.init(key: String(key), value: .scalar(scalar), line: lineNumber))
        }
        closeList()
        return FrontMatter(entries: entries)
    }

    /// A scalar the fast path is sure of: plain text without YAML syntax, or a
    /// quoted string without escapes. Nil for anything else.
    static func plainScalar(_ text: String) -> String? {
        guard let first = text.first else { return "" }
        if first == "\"" {
            guard text.count >= 2, text.last == "\"" else { return nil }
            let inner = text.dropFirst().dropLast()
            if inner.utf8.contains(UInt8(ascii: "\\")) || inner.utf8.contains(UInt8(ascii: "\"")) { return nil }
            return String(inner)
        }
        if first == "'" {
            guard text.count >= 2, text.last == "'" else { return nil }
            let inner = text.dropFirst().dropLast()
            if inner.utf8.contains(UInt8(ascii: "'")) { return nil }
            return String(inner)
        }
        if "&*!|>%@`{[]},?-:#".contains(first) { return nil }
        if InlineSyntax.containsASCII(": ", in: text) || InlineSyntax.containsASCII(" #", in: text)
            || text.hasSuffix(":") || text.utf8.contains(UInt8(ascii: "\t"))
        {
            return nil
        }
        return text
    }

    // MARK: - Yams

    static func yamsParse(_ yaml: String, firstLine: Int) throws(Failure) -> FrontMatter {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
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
