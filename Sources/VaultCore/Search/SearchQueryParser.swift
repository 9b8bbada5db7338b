import Foundation

/// Reads the `vault search` query language (see docs/COMMANDS.md) into a
/// ``SearchQuery``.
///
/// Words are separated by spaces and must all match; `a OR b` matches either;
/// `"two words"` is a phrase; `habit*` a word start; `-word` leaves notes out;
/// `name:value` is a filter (`-name:value` negates it). Text with no letter
/// or digit (`--`, `;`) is not searchable and is skipped.
public enum SearchQueryParser {
    /// The longest query read, in characters: a query of thousands of words
    /// would cost SQLite seconds and is no search a person types.
    public static let maxLength = 1000

    /// Parses `text`.
    /// - Throws: ``SearchQueryError`` naming the column of the first problem.
    public static func parse(_ text: String) throws -> SearchQuery {
        guard text.count <= maxLength else { throw SearchQueryError.tooLong(length: text.count) }
        var scanner = Scanner(Array(text))
        var items: [Item] = []
        while let item = try scanner.next() { items.append(item) }

        var query = SearchQuery()
        var index = 0
        while index < items.count {
            let item = items[index]
            switch item.kind {
            case .or:
                throw SearchQueryError.misplacedOr(column: item.column)
            case .filter(let filter):
                query.filters.append(filter)
                index += 1
            case .term(let term, let negated):
                if negated {
                    query.excluded.append(term)
                    index += 1
                    continue
                }
                var group = [term]
                index += 1
                while index < items.count, case .or = items[index].kind {
                    guard index + 1 < items.count, case .term(let next, false) = items[index + 1].kind else {
                        throw SearchQueryError.misplacedOr(column: items[index].column)
                    }
                    group.append(next)
                    index += 2
                }
                query.groups.append(group)
            case .skipped:
                // An OR next to unsearchable text has nothing to join.
                if index + 1 < items.count, case .or = items[index + 1].kind {
                    throw SearchQueryError.misplacedOr(column: items[index + 1].column)
                }
                index += 1
            }
        }
        if query.groups.isEmpty, query.excluded.isEmpty, query.filters.isEmpty {
            throw items.isEmpty ? SearchQueryError.emptyQuery : SearchQueryError.nothingSearchable
        }
        return query
    }

    /// True when `text` holds something the full-text index can match: a
    /// letter or a digit.
    public static func isSearchable(_ text: String) -> Bool {
        text.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }

    struct Item {
        enum Kind {
            case term(SearchTerm, negated: Bool)
            case filter(SearchFilter)
            case or
            /// Text with nothing searchable in it.
            case skipped
        }
        var kind: Kind
        var column: Int
    }

    static let filterNames: Set<String> = ["tag", "category", "source", "type", "cycle", "archived", "created", "path"]

    /// Splits the query into items, one per space-separated piece (quotes
    /// keep spaces inside a piece).
    struct Scanner {
        let chars: [Character]
        var position = 0

        init(_ chars: [Character]) { self.chars = chars }

        mutating func next() throws -> Item? {
            while position < chars.count, chars[position].isWhitespace { position += 1 }
            guard position < chars.count else { return nil }
            let start = position
            let column = start + 1
            var negated = false
            if chars[position] == "-", position + 1 < chars.count, !chars[position + 1].isWhitespace {
                negated = true
                position += 1
            }
            if chars[position] == "\"" {
                let phrase = try quoted()
                let term: SearchTerm = phrase.contains(where: \.isWhitespace) ? .phrase(phrase) : .word(phrase)
                return searchable(term, negated: negated, column: column)
            }
            let piece = word()
            if !negated, piece == "OR" { return Item(kind: .or, column: column) }
            if let colon = piece.firstIndex(of: ":"), colon > piece.startIndex {
                let name = String(piece[..<colon])
                if name.allSatisfy({ $0.isLetter }) {
                    return try filter(
                        name: name, after: piece[piece.index(after: colon)...], negated: negated, start: start)
                }
            }
            if piece.count > 1, piece.hasSuffix("*") {
                return searchable(.prefix(String(piece.dropLast())), negated: negated, column: column)
            }
            return searchable(.word(piece), negated: negated, column: column)
        }

        private func searchable(_ term: SearchTerm, negated: Bool, column: Int) -> Item {
            isSearchable(term.text)
                ? Item(kind: .term(term, negated: negated), column: column) : Item(kind: .skipped, column: column)
        }

        /// Reads up to the next space.
        private mutating func word() -> String {
            let start = position
            while position < chars.count, !chars[position].isWhitespace { position += 1 }
            return text(start..<position)
        }

        /// The characters in `range`, appended one by one: `String(chars[range])`
        /// is the generic initializer, whose first call costs a search of every
        /// protocol conformance of the executable for `ArraySlice<Character>`.
        private func text(_ range: Range<Int>) -> String {
            var text = ""
            for i in range { text.append(chars[i]) }
            return text
        }

        /// Reads a `"…"` string starting at `position`; a closing quote must come.
        private mutating func quoted() throws -> String {
            let open = position
            position += 1
            let start = position
            while position < chars.count, chars[position] != "\"" { position += 1 }
            guard position < chars.count else { throw SearchQueryError.unclosedQuote(column: open + 1) }
            let inside = text(start..<position)
            position += 1
            // Whatever sticks to the closing quote belongs to the same piece.
            while position < chars.count, !chars[position].isWhitespace { position += 1 }
            return inside.trimmingSpaces()
        }

        private mutating func filter(name rawName: String, after rest: Substring, negated: Bool, start: Int) throws
            -> Item
        {
            let name = rawName.lowercased()
            let nameColumn = start + (negated ? 2 : 1)
            guard SearchQueryParser.filterNames.contains(name) else {
                throw SearchQueryError.unknownFilter(name: rawName, column: nameColumn)
            }
            let valueColumn = nameColumn + rawName.count + 1
            var value = String(rest)
            if value.hasPrefix("\"") {
                // The value is quoted: rescan from its opening quote.
                position = valueColumn - 1
                value = try quoted()
            }
            // `tag:#` names no tag either: the same mistake as `tag:`.
            guard !value.isEmpty, !(name == "tag" && value == "#") else {
                throw SearchQueryError.emptyFilterValue(name: name, column: nameColumn)
            }
            let kind: SearchFilter.Kind
            switch name {
            case "tag": kind = .tag(value.hasPrefix("#") ? String(value.dropFirst()) : value)
            case "category": kind = .category(value)
            case "source": kind = .source(value)
            case "type": kind = .sourceType(value)
            case "path": kind = .path(value.hasPrefix("./") ? String(value.dropFirst(2)) : value)
            case "cycle":
                guard let cycle = CurationCycle.allCases.first(where: { $0.name == value.lowercased() }) else {
                    throw SearchQueryError.badValue(
                        filter: name, value: value, column: valueColumn, expected: "daily, weekly, monthly or yearly")
                }
                kind = .cycle(cycle)
            case "archived":
                switch value.lowercased() {
                case "yes", "true": kind = .archived(true)
                case "no", "false": kind = .archived(false)
                default:
                    throw SearchQueryError.badValue(
                        filter: name, value: value, column: valueColumn, expected: "yes or no")
                }
            default:
                guard let range = CreatedRangeParser.parse(value) else {
                    throw SearchQueryError.badDate(text: value, column: valueColumn)
                }
                kind = .created(range)
            }
            return Item(kind: .filter(SearchFilter(kind, negated: negated)), column: nameColumn)
        }
    }
}

/// Reads the value of a `created:` filter.
enum CreatedRangeParser {
    /// `2026`, `2026-11`, `2026-11-18`, each optionally after `>=`, `>`,
    /// `<=` or `<`, or two of them joined by `..` (either side may be left open).
    static func parse(_ text: String) -> CreatedRange? {
        if let dots = text.range(of: "..") {
            let left = String(text[..<dots.lowerBound])
            let right = String(text[dots.upperBound...])
            guard !(left.isEmpty && right.isEmpty) else { return nil }
            let start: CalendarDay?
            let end: CalendarDay?
            if left.isEmpty {
                start = nil
            } else {
                guard let span = span(left) else { return nil }
                start = span.start
            }
            if right.isEmpty {
                end = nil
            } else {
                guard let span = span(right) else { return nil }
                end = span.end
            }
            if let start, let end, end <= start { return nil }
            return CreatedRange(start: start, end: end)
        }
        for op in [">=", "<=", ">", "<"] where text.hasPrefix(op) {
            guard let span = span(String(text.dropFirst(op.count))) else { return nil }
            switch op {
            case ">=": return CreatedRange(start: span.start, end: nil)
            case ">": return CreatedRange(start: span.end, end: nil)
            case "<=": return CreatedRange(start: nil, end: span.end)
            default: return CreatedRange(start: nil, end: span.start)
            }
        }
        guard let span = span(text) else { return nil }
        return CreatedRange(start: span.start, end: span.end)
    }

    /// The days a year, month or day covers: first day and the day after the last.
    static func span(_ text: String) -> (start: CalendarDay, end: CalendarDay)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0])
        else { return nil }
        if parts.count == 1 {
            return (CalendarDay(year: year, month: 1, day: 1), CalendarDay(year: year + 1, month: 1, day: 1))
        }
        guard let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        let first = CalendarDay(year: year, month: month, day: 1)
        if parts.count == 2 { return (first, first.firstOfNextMonth()) }
        guard let day = Int(parts[2]), (1...VaultDate.daysInMonth(year, month)).contains(day) else { return nil }
        let date = CalendarDay(year: year, month: month, day: day)
        return (date, date.adding(days: 1))
    }
}
