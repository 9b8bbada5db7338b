/// Reads `.vault/config.yml` by hand when it is written the way config files
/// are: a block map of plain keys whose values are one-line scalars (plain,
/// "double-quoted" or 'single-quoted'), one-line flow lists of scalars, block
/// lists (`- item`, `- key: value` maps) and nested block maps, with comments
/// and blank lines anywhere.
///
/// Anything else (anchors, tags, block scalars, flow maps, a scalar over
/// several lines, tabs, unusual escapes, keys that are not plain words…)
/// gives nil, and the store reads the text with the full YAML parser
/// instead. What this reader does accept it reads exactly as that parser
/// does, line numbers included: ConfigReaderTests and the FuzzConfig target
/// compare the two. The full parser costs about 0.3 ms of set-up on every
/// command, a tenth of a small `vault search` (benchmarks/STARTUP.md).
public enum ConfigReader {
    /// The text as a map, or nil when it is not of the shapes above.
    public static func read(_ text: String) -> ConfigValue? {
        var reader = Reader(Array(text.utf8))
        guard reader.checkCharacters(), let first = reader.nextContent(), reader.lines[first].indent == 0,
            !reader.lines[first].startsItem
        else { return nil }
        reader.line = first
        guard let map = reader.mapping(column: 0, start: 0, depth: 0), reader.nextContent() == nil else { return nil }
        return map
    }

    /// The deepest nesting read; deeper text is left to the full parser.
    static let maxDepth = 32

    /// One line of the text: where its content starts and ends (bytes).
    private struct Line {
        var start: Int
        var end: Int
        var indent: Int
        /// Blank or only a comment.
        var isEmpty: Bool
        /// Its content is `-` then a space or the line's end.
        var startsItem: Bool
    }

    private struct Reader {
        let bytes: [UInt8]
        var lines: [Line] = []
        /// The line being read (an index into `lines`).
        var line = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            // Each line without its "\n"; a final "\n" ends the last line and starts none.
            var start = 0
            repeat {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var first = start
                while first < end, bytes[first] == 0x20 { first += 1 }
                let isEmpty = first == end || bytes[first] == 0x23  // "#"
                let startsItem = first < end && bytes[first] == 0x2D && (first + 1 == end || bytes[first + 1] == 0x20)
                lines.append(
                    Line(start: start, end: end, indent: first - start, isEmpty: isEmpty, startsItem: startsItem))
                start = end + 1
            } while start < bytes.count
        }

        /// False for bytes YAML reads in ways this reader does not: control
        /// characters (tabs and carriage returns too), a byte order mark, and
        /// the code points YAML takes as line breaks or refuses (U+0080…U+009F,
        /// U+2028, U+2029, U+FFFE, U+FFFF). Document markers and directives too.
        func checkCharacters() -> Bool {
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x20 && b != 0x0A || b == 0x7F { return false }
                if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] < 0xA0 { return false }
                if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    return false
                }
                if b == 0xEF, i + 2 < bytes.count,
                    bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF || bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE
                {
                    return false
                }
                i += 1
            }
            for line in lines where line.indent == 0 && line.start < line.end {
                let b = bytes[line.start]
                if b == 0x25 { return false }  // "%"
                if (b == 0x2D || b == 0x2E) && line.end - line.start >= 3 && bytes[line.start + 1] == b
                    && bytes[line.start + 2] == b
                {
                    return false  // "---", "..."
                }
            }
            return true
        }

        /// The first line from `line` on that has content.
        func nextContent() -> Int? {
            var i = line
            while i < lines.count {
                if !lines[i].isEmpty { return i }
                i += 1
            }
            return nil
        }

        /// A block map whose keys start at `column`; its first key starts at
        /// byte `start` of the current line (within a list item, after `- `).
        mutating func mapping(column: Int, start: Int, depth: Int) -> ConfigValue? {
            guard depth < ConfigReader.maxDepth else { return nil }
            var entries: [ConfigValue.Entry] = []
            let firstLine = line + 1
            var at = start
            while true {
                let l = lines[line]
                let keyStart = l.start + at
                guard let colon = keyEnd(from: keyStart, to: l.end) else { return nil }
                let key = String(decoding: bytes[keyStart..<colon], as: UTF8.self)
                let keyLine = line + 1
                var valueStart = colon + 1
                while valueStart < l.end, bytes[valueStart] == 0x20 { valueStart += 1 }
                let value: ConfigValue
                if valueStart == l.end || bytes[valueStart] == 0x23 {  // nothing, or a comment, after the key
                    line += 1
                    if let next = nextContent(),
                        lines[next].indent > column
                            || lines[next].indent == column && lines[next].startsItem
                    {
                        line = next
                        guard let block = block(column: lines[next].indent, depth: depth + 1) else { return nil }
                        value = block
                    } else {
                        // YAML puts an empty value where its `:` is.
                        value = ConfigValue(.scalar(""), line: keyLine)
                    }
                } else {
                    guard let inline = inlineValue(from: valueStart, to: l.end) else { return nil }
                    value = inline
                    line += 1
                    if let next = nextContent(), lines[next].indent > column { return nil }
                }
                entries.append(ConfigValue.Entry(key: key, value: value, keyLine: keyLine))
                guard let next = nextContent(), lines[next].indent == column, !lines[next].startsItem else { break }
                line = next
                at = column
            }
            return ConfigValue(.map(entries), line: firstLine)
        }

        /// The block node (map or list) whose lines start at `column`.
        mutating func block(column: Int, depth: Int) -> ConfigValue? {
            lines[line].startsItem
                ? sequence(column: column, depth: depth) : mapping(column: column, start: column, depth: depth)
        }

        /// A block list whose `-` marks are at `column`.
        mutating func sequence(column: Int, depth: Int) -> ConfigValue? {
            guard depth < ConfigReader.maxDepth else { return nil }
            var items: [ConfigValue] = []
            let firstLine = line + 1
            while true {
                let l = lines[line]
                var itemStart = l.start + column + 1
                while itemStart < l.end, bytes[itemStart] == 0x20 { itemStart += 1 }
                // An empty item, a comment after `-`, or a list in a list: left to the full parser.
                guard itemStart < l.end, bytes[itemStart] != 0x23, bytes[itemStart] != 0x2D else { return nil }
                if keyEnd(from: itemStart, to: l.end) != nil {
                    guard let map = mapping(column: itemStart - l.start, start: itemStart - l.start, depth: depth + 1)
                    else { return nil }
                    items.append(map)
                } else {
                    guard let inline = inlineValue(from: itemStart, to: l.end) else { return nil }
                    items.append(inline)
                    line += 1
                    if let next = nextContent(), lines[next].indent > column { return nil }
                }
                guard let next = nextContent(), lines[next].indent == column, lines[next].startsItem else { break }
                line = next
            }
            return ConfigValue(.list(items), line: firstLine)
        }

        /// Where the `:` of a plain key starting at `start` is: a key of
        /// letters, digits and `_ - . /` (not first a `-`, `.` or `/`),
        /// followed by `:` and then a space or the line's end. Nil when the
        /// text there is not such a key.
        func keyEnd(from start: Int, to end: Int) -> Int? {
            var i = start
            while i < end, isKeyByte(bytes[i]) { i += 1 }
            guard i > start, i < end, bytes[i] == 0x3A, i + 1 == end || bytes[i + 1] == 0x20 else { return nil }
            let first = bytes[start]
            guard first != 0x2D, first != 0x2E, first != 0x2F else { return nil }
            return i
        }

        func isKeyByte(_ b: UInt8) -> Bool {
            b >= 0x30 && b <= 0x39 || b >= 0x41 && b <= 0x5A || b >= 0x61 && b <= 0x7A || b == 0x5F || b == 0x2D
                || b == 0x2E || b == 0x2F
        }

        /// A scalar or a flow list that fills the rest of the line (up to an optional comment).
        func inlineValue(from start: Int, to end: Int) -> ConfigValue? {
            let lineNumber = line + 1
            if bytes[start] == 0x5B {  // "["
                var items: [ConfigValue] = []
                var i = start + 1
                skipSpaces(&i, end)
                if i < end, bytes[i] == 0x5D {
                    i += 1
                } else {
                    while true {
                        guard i < end, let (text, next) = scalar(from: i, to: end, inFlow: true) else { return nil }
                        items.append(ConfigValue(.scalar(text), line: lineNumber))
                        i = next
                        skipSpaces(&i, end)
                        guard i < end else { return nil }
                        if bytes[i] == 0x5D {
                            i += 1
                            break
                        }
                        guard bytes[i] == 0x2C else { return nil }
                        i += 1
                        skipSpaces(&i, end)
                        guard i < end, bytes[i] != 0x5D else { return nil }  // a trailing comma
                    }
                }
                guard restIsComment(from: i, to: end) else { return nil }
                return ConfigValue(.list(items), line: lineNumber)
            }
            guard let (text, next) = scalar(from: start, to: end, inFlow: false), restIsComment(from: next, to: end)
            else { return nil }
            return ConfigValue(.scalar(text), line: lineNumber)
        }

        /// One scalar from `start`: its text and where it ends.
        func scalar(from start: Int, to end: Int, inFlow: Bool) -> (String, Int)? {
            switch bytes[start] {
            case 0x22: return doubleQuoted(from: start, to: end)
            case 0x27: return singleQuoted(from: start, to: end)
            default: return plain(from: start, to: end, inFlow: inFlow)
            }
        }

        /// A plain scalar: not starting with an indicator, holding no `: `,
        /// ` #` (a comment ends it), flow indicators or a `:` at its end.
        func plain(from start: Int, to end: Int, inFlow: Bool) -> (String, Int)? {
            guard !"-?:,[]{}#&*!|>'\"%@`".utf8.contains(bytes[start]) else { return nil }
            var i = start
            var last = start
            while i < end {
                let b = bytes[i]
                if b == 0x20 {
                    if i + 1 < end, bytes[i + 1] == 0x23 { break }
                    i += 1
                    continue
                }
                if b == 0x2C || b == 0x5B || b == 0x5D || b == 0x7B || b == 0x7D {
                    if inFlow, b == 0x2C || b == 0x5D { break }
                    return nil
                }
                if b == 0x3A, i + 1 == end || bytes[i + 1] == 0x20 || inFlow { return nil }
                i += 1
                last = i
            }
            return (String(decoding: bytes[start..<last], as: UTF8.self), last)
        }

        /// A "double-quoted" scalar on one line, with the escapes \\ \" \/ \n and \t only.
        func doubleQuoted(from start: Int, to end: Int) -> (String, Int)? {
            var out: [UInt8] = []
            var i = start + 1
            while i < end {
                let b = bytes[i]
                if b == 0x22 { return (String(decoding: out, as: UTF8.self), i + 1) }
                if b == 0x5C {
                    guard i + 1 < end else { return nil }
                    switch bytes[i + 1] {
                    case 0x5C, 0x22, 0x2F: out.append(bytes[i + 1])
                    case 0x6E: out.append(0x0A)
                    case 0x74: out.append(0x09)
                    default: return nil
                    }
                    i += 2
                    continue
                }
                out.append(b)
                i += 1
            }
            return nil
        }

        /// A 'single-quoted' scalar on one line ('' is a quote).
        func singleQuoted(from start: Int, to end: Int) -> (String, Int)? {
            var out: [UInt8] = []
            var i = start + 1
            while i < end {
                if bytes[i] == 0x27 {
                    if i + 1 < end, bytes[i + 1] == 0x27 {
                        out.append(0x27)
                        i += 2
                        continue
                    }
                    return (String(decoding: out, as: UTF8.self), i + 1)
                }
                out.append(bytes[i])
                i += 1
            }
            return nil
        }

        func skipSpaces(_ i: inout Int, _ end: Int) {
            while i < end, bytes[i] == 0x20 { i += 1 }
        }

        /// Only spaces, or spaces then a comment, from `i` to the line's end.
        func restIsComment(from i: Int, to end: Int) -> Bool {
            var j = i
            skipSpaces(&j, end)
            return j == end || bytes[j] == 0x23 && j > i
        }
    }
}
