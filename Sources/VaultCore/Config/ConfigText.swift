/// Edits `.vault/config.yml` as text, line by line, so that a change to one
/// list (categories, source types, subjects…) touches only the lines it
/// means to: comments, quoting, blank lines and the order of every other key
/// stay byte for byte as the person wrote them.
///
/// A top-level list is edited entry by entry when it is written in block
/// style (`key:` then `  - …` lines) or as a one-line flow list
/// (`key: [a, b]`); any other shape is replaced whole by the rendered block.
/// The caller parses the result again before writing it.
public enum ConfigText {
    /// One entry of a list of maps, as the config holds it: its name and fields.
    public struct Entry: Equatable, Sendable {
        public var name: String
        /// Other fields, in order (`color: "#137fec"`), values unquoted.
        public var fields: [(key: String, value: String)]

        public init(name: String, fields: [(key: String, value: String)] = []) {
            self.name = name
            self.fields = fields
        }

        public static func == (a: Entry, b: Entry) -> Bool {
            a.name == b.name && a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
        }

        /// A subject's entry: its category (when it has one) and colour.
        public init(subject: Subject) {
            self.init(name: subject.name, fields: (subject.category.map { [("category", $0)] } ?? []) + [("color", subject.color)])
        }

        /// The entry's block lines, `  - name: X` then `    key: value`.
        public var lines: [String] {
            ["  - name: \(YAMLText.scalar(name))"] + fields.map { "    \($0.key): \(quoted($0.value))" }
        }
    }

    /// `text` with the list of maps under `key` changed from `old` to `new`.
    ///
    /// Entries are matched by name (any case): a matched entry whose fields
    /// changed has those field lines rewritten; entries of `old` without a
    /// match are renamed to the unmatched entries of `new`, in order, and the
    /// rest removed; further new entries are appended after the last entry.
    public static func updating(_ text: String, key: String, from old: [Entry], to new: [Entry]) -> String {
        var lines = split(text)
        guard let block = block(of: key, in: lines) else {
            return appendingBlock(text, key: key, lines: new.flatMap(\.lines))
        }
        var items = entries(in: lines, block: block)
        guard items.count == old.count, zip(items, old).allSatisfy({ $0.name.lowercased() == $1.name.lowercased() })
        else {
            // Not the block-style list we can read line by line: write the key's block anew.
            lines.replaceSubrange(block, with: ["\(key):"] + new.flatMap(\.lines))
            return join(lines, like: text)
        }
        let newNames = Set(new.map { $0.name.lowercased() })
        let oldNames = Set(old.map { $0.name.lowercased() })
        var unmatchedNew = new.filter { !oldNames.contains($0.name.lowercased()) }[...]
        // Edit from the last entry up, so earlier line numbers stay valid.
        var plan: [(index: Int, target: Entry?)] = []
        for (i, entry) in old.enumerated() {
            if let same = new.first(where: { $0.name.lowercased() == entry.name.lowercased() }) {
                plan.append((i, same))
            } else if !newNames.contains(entry.name.lowercased()), let renamed = unmatchedNew.popFirst() {
                plan.append((i, renamed))
            } else {
                plan.append((i, nil))
            }
        }
        var appended = Array(unmatchedNew).flatMap(\.lines)
        let end = items.last.map(\.range.upperBound) ?? block.lowerBound + 1
        if !appended.isEmpty {
            if let indent = items.last.flatMap({ entryIndent(lines[$0.range.lowerBound]) }), indent != "  " {
                appended = appended.map { indent + $0.dropFirst(2) }
            }
            lines.insert(contentsOf: appended, at: end)
        }
        for (index, target) in plan.reversed() {
            let item = items[index]
            guard let target else {
                lines.removeSubrange(item.range)
                continue
            }
            if target == old[index] { continue }
            rewrite(&lines, item: item, from: old[index], to: target)
        }
        items.removeAll()
        return join(lines, like: text)
    }

    /// `text` with the list of plain values under `key` set to `values`:
    /// a one-line flow list is rewritten on its line (a comment after it
    /// kept); block-style items are removed and appended one by one.
    public static func updating(_ text: String, key: String, values: [String]) -> String {
        var lines = split(text)
        let flow = "\(key): [\(values.map(YAMLText.scalar).joined(separator: ", "))]"
        guard let block = block(of: key, in: lines) else { return appendingBlock(text, key: key, lines: [], flow: flow) }
        let first = lines[block.lowerBound]
        let rest = first.dropFirst(key.count + 1).trimmingSpaces()
        if rest.hasPrefix("[") {
            guard block.count == 1, let close = rest.lastIndex(of: "]") else {
                lines.replaceSubrange(block, with: [flow])
                return join(lines, like: text)
            }
            lines[block.lowerBound] = flow + trailingComment(rest[rest.index(after: close)...])
            return join(lines, like: text)
        }
        // Block style: `  - value` lines.
        var present: [(value: String, line: Int)] = []
        for i in block.dropFirst() {
            let trimmed = lines[i].trimmingSpaces()
            if trimmed.hasPrefix("- ") { present.append((unquoted(String(trimmed.dropFirst(2))), i)) }
        }
        let wanted = Set(values.map { $0.lowercased() })
        let have = Set(present.map { $0.value.lowercased() })
        let added = values.filter { !have.contains($0.lowercased()) }.map { "  - " + YAMLText.scalar($0) }
        let insertAt = (present.last?.line ?? block.lowerBound) + 1
        lines.insert(contentsOf: added, at: insertAt)
        for item in present.reversed() where !wanted.contains(item.value.lowercased()) { lines.remove(at: item.line) }
        return join(lines, like: text)
    }

    /// `text` with the top-level map `key` set to `entries` (each `name: value` line, indented
    /// two spaces under `key:`): the block replaced in place when there is one (the comment
    /// lines before it kept), else appended at the end, `comment` (a `# …` line) before it.
    public static func replacingBlock(_ text: String, key: String, entries: [String], comment: String? = nil) -> String {
        var lines = split(text)
        let block = ["\(key):"] + entries.map { "  " + $0 }
        guard let range = self.block(of: key, in: lines) else {
            return appendingBlock(text, key: key, lines: (comment.map { [$0] } ?? []) + block, flow: nil, whole: true)
        }
        lines.replaceSubrange(range, with: block)
        return join(lines, like: text)
    }

    // MARK: - Reading the lines

    /// An entry of a block-style list: its lines and its name.
    struct Item {
        var range: Range<Int>
        var name: String
        /// True for a one-line flow map, `- {name: X, color: "#…"}`.
        var flow = false
    }

    static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func join(_ lines: [String], like text: String) -> String {
        lines.joined(separator: "\n") + (text.hasSuffix("\n") || text.isEmpty ? "\n" : "")
    }

    /// The lines of the top-level `key`: its line and the indented or blank
    /// lines after it, up to the next line at column 0 (blank lines and
    /// comments at column 0 before that line belong to what follows).
    static func block(of key: String, in lines: [String]) -> Range<Int>? {
        guard let start = lines.firstIndex(where: { $0 == key + ":" || $0.hasPrefix(key + ":") && ($0.dropFirst(key.count + 1).first == " ") })
        else { return nil }
        var end = start + 1
        var lastContent = start
        while end < lines.count {
            let line = lines[end]
            if line.trimmingSpaces().isEmpty {
                end += 1
                continue
            }
            guard line.first == " " || line.first == "\t" else { break }
            lastContent = end
            end += 1
        }
        return start..<(lastContent + 1)
    }

    /// The `- name: X` entries of a block-style list of maps.
    static func entries(in lines: [String], block: Range<Int>) -> [Item] {
        var items: [Item] = []
        for i in block.dropFirst() {
            let trimmed = lines[i].trimmingSpaces()
            if trimmed.hasPrefix("- ") {
                if let last = items.indices.last { items[last].range = items[last].range.lowerBound..<i }
                let first = String(trimmed.dropFirst(2)).trimmingSpaces()
                if let pairs = flowMap(first) {
                    let name = pairs.first { $0.key == "name" }.map { unquoted($0.value) } ?? ""
                    items.append(Item(range: i..<(i + 1), name: name, flow: true))
                    continue
                }
                let name = first.hasPrefix("name:") ? unquoted(String(first.dropFirst(5))) : ""
                items.append(Item(range: i..<(i + 1), name: name))
            } else if trimmed.hasPrefix("name:"), let last = items.indices.last, items[last].name.isEmpty {
                items[last].name = unquoted(String(trimmed.dropFirst(5)))
            }
        }
        if let last = items.indices.last {
            // The last entry runs to its last indented line (not the comments after it).
            var end = block.upperBound
            while end > items[last].range.lowerBound + 1, lines[end - 1].trimmingSpaces().isEmpty { end -= 1 }
            items[last].range = items[last].range.lowerBound..<end
        }
        return items
    }

    /// The spaces before `- ` on an entry's first line.
    static func entryIndent(_ line: String) -> String? {
        let spaces = line.prefix { $0 == " " }
        return line.dropFirst(spaces.count).hasPrefix("- ") ? String(spaces) : nil
    }

    /// Rewrites the name and changed fields of one entry in place.
    static func rewrite(_ lines: inout [String], item: Item, from old: Entry, to new: Entry) {
        if item.flow {
            rewriteFlow(&lines[item.range.lowerBound], from: old, to: new)
            return
        }
        var inserted = 0
        if old.name != new.name {
            for i in item.range {
                if let replaced = replacingValue(of: "name", in: lines[i], with: YAMLText.scalar(new.name)) {
                    lines[i] = replaced
                    break
                }
            }
        }
        let indent = (entryIndent(lines[item.range.lowerBound]) ?? "  ") + "  "
        for field in new.fields where old.fields.first(where: { $0.key == field.key })?.value != field.value {
            var done = false
            for i in item.range.lowerBound..<(item.range.upperBound + inserted) {
                if let replaced = replacingValue(of: field.key, in: lines[i], with: quoted(field.value)) {
                    lines[i] = replaced
                    done = true
                    break
                }
            }
            if !done {
                lines.insert(indent + "\(field.key): \(quoted(field.value))", at: item.range.upperBound + inserted)
                inserted += 1
            }
        }
        for field in old.fields where !new.fields.contains(where: { $0.key == field.key }) {
            if let i = (item.range.lowerBound..<(item.range.upperBound + inserted)).first(where: {
                replacingValue(of: field.key, in: lines[$0], with: "") != nil && !lines[$0].trimmingSpaces().hasPrefix("- ")
            }) {
                lines.remove(at: i)
                inserted -= 1
            }
        }
    }

    /// Rewrites a flow-map entry on its own line (`  - {name: X, color: "#…"}  # note`):
    /// the name and changed fields in place, removed fields dropped, new ones
    /// added at the end; keys the entry does not know, and the comment, stay.
    static func rewriteFlow(_ line: inout String, from old: Entry, to new: Entry) {
        guard let open = line.firstIndex(of: "{"), let close = closingBrace(in: line[open...]),
            var pairs = flowMap(String(line[open...close]))
        else { return }
        let wanted = [(key: "name", value: YAMLText.scalar(new.name))] + new.fields.map { ($0.key, quoted($0.value)) }
        for (key, value) in wanted {
            let before = key == "name" ? old.name : old.fields.first { $0.key == key }?.value
            let after = key == "name" ? new.name : new.fields.first { $0.key == key }?.value
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                if before != after { pairs[index].value = value }
            } else {
                pairs.append((key, value))
            }
        }
        pairs.removeAll { pair in
            old.fields.contains { $0.key == pair.key } && !new.fields.contains { $0.key == pair.key }
        }
        let map = "{" + pairs.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        line = String(line[..<open]) + map + String(line[line.index(after: close)...])
    }

    /// The keys and values (as written, quotes kept) of a one-line flow map
    /// `{a: 1, b: "x, y"}` (a comment after it allowed); nil for anything else.
    static func flowMap(_ text: String) -> [(key: String, value: String)]? {
        guard text.first == "{", let close = closingBrace(in: text[...]) else { return nil }
        let rest = text[text.index(after: close)...]
        guard rest.allSatisfy({ $0 == " " || $0 == "\t" }) || !trailingComment(rest).isEmpty else { return nil }
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for c in text[text.index(after: text.startIndex)..<close] {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "," {
                parts.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        if !current.trimmingSpaces().isEmpty || !parts.isEmpty { parts.append(current) }
        var pairs: [(key: String, value: String)] = []
        for part in parts {
            guard let colon = part.firstIndex(of: ":") else { return nil }
            pairs.append((part[..<colon].trimmingSpaces(), part[part.index(after: colon)...].trimmingSpaces()))
        }
        return pairs
    }

    /// The index of the `}` that closes the flow map opening `text` (quotes skipped), nil when unclosed or nested.
    static func closingBrace(in text: Substring) -> String.Index? {
        var quote: Character?
        var i = text.index(after: text.startIndex)
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "{" || c == "[" {
                return nil
            } else if c == "}" {
                return i
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// `line` (`    key: old  # note` or `  - key: old`) with the value replaced, the comment kept; nil when it is not `key`'s line.
    static func replacingValue(of key: String, in line: String, with value: String) -> String? {
        var head = line.prefix { $0 == " " }
        var rest = line.dropFirst(head.count)
        if rest.hasPrefix("- ") {
            head += "- "
            rest = rest.dropFirst(2)
        }
        guard rest.hasPrefix(key + ":") else { return nil }
        let after = rest.dropFirst(key.count + 1)
        return head + key + ": " + value + trailingComment(after)
    }

    /// The comment after a value (`  # green`, spaces kept), or "": after the
    /// closing quote for a quoted value, which may hold " #" itself.
    static func trailingComment(_ valuePart: Substring) -> String {
        let value = valuePart.drop { $0 == " " || $0 == "\t" }
        if value.first == "#" { return value.count < valuePart.count ? String(valuePart) : "" }
        var search = value[...]
        if let quote = value.first, quote == "\"" || quote == "'" {
            var i = value.index(after: value.startIndex)
            while i < value.endIndex {
                if value[i] == "\\", quote == "\"" {
                    i = value.index(after: i)
                    if i < value.endIndex { i = value.index(after: i) }
                    continue
                }
                if value[i] == quote { break }
                i = value.index(after: i)
            }
            guard i < value.endIndex else { return "" }
            search = value[value.index(after: i)...]
        }
        guard let hash = search.range(of: " #") ?? search.range(of: "\t#") else { return "" }
        var start = hash.lowerBound
        while start > search.startIndex, " \t".contains(search[search.index(before: start)]) {
            start = search.index(before: start)
        }
        return String(search[start...])
    }

    static func unquoted(_ text: String) -> String {
        var value = text.trimmingSpaces()
        // The comment after the value, if any (after the closing quote of a quoted one).
        let comment = trailingComment(value[...])
        if !comment.isEmpty { value = String(value.dropLast(comment.count)).trimmingSpaces() }
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
            if first == "\"" { value = value.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\") }
        }
        return value
    }

    /// Colours and other values that YAML would misread (`#…`) in double quotes.
    static func quoted(_ value: String) -> String {
        value.hasPrefix("#") ? "\"\(value)\"" : YAMLText.scalar(value)
    }

    static func appendingBlock(_ text: String, key: String, lines: [String], flow: String? = nil, whole: Bool = false)
        -> String
    {
        var out = text
        if !out.isEmpty, !out.hasSuffix("\n") { out += "\n" }
        out += (whole ? lines : flow.map { [$0] } ?? ["\(key):"] + lines).joined(separator: "\n") + "\n"
        return out
    }
}
