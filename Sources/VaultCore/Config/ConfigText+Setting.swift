import Foundation

extension ConfigText {
    /// `text` with the setting `key: value` under the nested block maps of
    /// `path` (e.g. `["schedulers", "fsrs"]` or `["schedulers", "folders",
    /// "exam/"]`), every other line, comment and quoting kept. An existing
    /// `key:` line has its value replaced (a block list under it is removed);
    /// otherwise the line is added at the end of its map. Missing maps on the
    /// path are added. A map written in flow style on its key's line
    /// (`exam/: { scheduler: fsrs }`) gets the key inside the braces; a bare
    /// scalar (`exam/: fsrs`) becomes `{ scheduler: fsrs, key: value }`.
    public static func setting(_ text: String, path: [String], key: String, value: String) -> String {
        var lines = split(text)
        set(&lines, range: 0..<lines.count, indent: -1, path: path, key: key, value: value)
        return join(lines, like: text.isEmpty ? "\n" : text)
    }

    private static func indentOf(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    private static func isContent(_ line: String) -> Bool {
        let t = line.trimmingSpaces()
        return !t.isEmpty && !t.hasPrefix("#")
    }

    /// The key of a `key: …` line (quotes removed), nil for other lines.
    private static func keyOf(_ line: String) -> (key: String, rest: Substring)? {
        let body = line.dropFirst(indentOf(line))
        if let quote = body.first, quote == "\"" || quote == "'" {
            guard let close = body.dropFirst().firstIndex(of: quote) else { return nil }
            let after = body[body.index(after: close)...]
            guard after.hasPrefix(":") else { return nil }
            return (String(body[body.index(after: body.startIndex)..<close]), after.dropFirst())
        }
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let rest = body[body.index(after: colon)...]
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return (String(body[..<colon]).trimmingSpaces(), rest)
    }

    /// Sets `key: value` under `path` inside the map whose entries are the
    /// lines of `range` indented more than `indent`.
    private static func set(
        _ lines: inout [String], range: Range<Int>, indent: Int, path: [String], key: String, value: String
    ) {
        // The map's own indentation: its first content line's.
        let childIndent = range.first { isContent(lines[$0]) && indentOf(lines[$0]) > indent }.map { indentOf(lines[$0]) }
            ?? (indent < 0 ? 0 : indent + 2)
        let pad = String(repeating: " ", count: childIndent)
        let name = path.first ?? key
        var found: Int?
        for i in range where isContent(lines[i]) && indentOf(lines[i]) == childIndent {
            if let k = keyOf(lines[i]), k.key == name || name.hasSuffix("/") && SchedulerConfig.folderPrefix(k.key) == name {
                found = i
                break
            }
        }
        // The end of the map: after its last content line.
        let lastContent = range.last { isContent(lines[$0]) && indentOf(lines[$0]) > indent }
        let insertAt = lastContent.map { $0 + 1 } ?? range.upperBound
        guard let line = found else {
            // Add the missing keys, nested.
            var added: [String] = []
            var depth = childIndent
            for step in path {
                added.append(String(repeating: " ", count: depth) + YAMLText.scalar(step) + ":")
                depth += 2
            }
            added.append(String(repeating: " ", count: depth) + key + ": " + value)
            lines.insert(contentsOf: added, at: insertAt)
            return
        }
        // Its block: the lines after it indented more (blank and comment lines included).
        var end = line + 1
        var blockLast = line
        while end < range.upperBound {
            if isContent(lines[end]) {
                guard indentOf(lines[end]) > childIndent
                    || (path.isEmpty && lines[end].trimmingSpaces().hasPrefix("- ") && indentOf(lines[end]) == childIndent)
                else { break }
                blockLast = end
            }
            end += 1
        }
        let (_, rest) = keyOf(lines[line])!
        let inline = String(rest).trimmingSpaces()
        let inlineValue = inline.hasPrefix("#") ? "" : inline
        if path.isEmpty {
            // The setting itself: replace its value, dropping a block list under it.
            lines[line] = replacingValue(of: key, in: lines[line], with: value) ?? pad + key + ": " + value
            if blockLast > line { lines.removeSubrange((line + 1)...blockLast) }
            return
        }
        if !inlineValue.isEmpty {
            let comment = trailingComment(rest)
            let body = String(inlineValue.dropLast(comment.trimmingSpaces().isEmpty ? 0 : comment.trimmingSpaces().count)).trimmingSpaces()
            var pairs: [(key: String, value: String)]
            if let map = flowMap(body) {
                pairs = map
            } else {
                pairs = [("scheduler", body)]
            }
            if path.count > 1 {
                // Deeper paths inside a flow map are not written; leave the text as it is.
                return
            }
            if let k = pairs.firstIndex(where: { $0.key == key }) {
                pairs[k].value = value
            } else {
                pairs.append((key, value))
            }
            let head = String(lines[line].prefix(childIndent)) + String(lines[line].dropFirst(childIndent).prefix { $0 != ":" }) + ":"
            lines[line] = head + " { " + pairs.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + " }" + comment
            return
        }
        set(&lines, range: (line + 1)..<(blockLast + 1), indent: childIndent, path: Array(path.dropFirst()), key: key, value: value)
    }
}
