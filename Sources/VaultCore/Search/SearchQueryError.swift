import Foundation

/// Why a `vault search` query could not be read. Each case names the column
/// (1-based, counted in characters of the query as typed, arguments joined by
/// single spaces) where the problem starts.
public enum SearchQueryError: LocalizedError, Equatable, Sendable {
    /// Nothing to search for: no words and no filters.
    case emptyQuery
    /// Text, but none that can be searched: no letter or digit in it (`🎉`, `--`).
    case nothingSearchable
    /// A `"` that is never closed.
    case unclosedQuote(column: Int)
    /// `name:` is not one of the filters.
    case unknownFilter(name: String, column: Int)
    /// `tag:` with nothing after the colon.
    case emptyFilterValue(name: String, column: Int)
    /// A `created:` value that is not a date or a date range.
    case badDate(text: String, column: Int)
    /// A value the filter does not accept, with the values it does.
    case badValue(filter: String, value: String, column: Int, expected: String)
    /// `OR` that does not stand between two search words.
    case misplacedOr(column: Int)
    /// A query longer than ``SearchQueryParser/maxLength`` characters.
    case tooLong(length: Int)

    /// The column the problem starts at, when there is one.
    public var column: Int? {
        switch self {
        case .emptyQuery, .nothingSearchable, .tooLong: return nil
        case .unclosedQuote(let c), .unknownFilter(_, let c), .emptyFilterValue(_, let c), .badDate(_, let c),
            .badValue(_, _, let c, _), .misplacedOr(let c):
            return c
        }
    }

    public var errorDescription: String? {
        switch self {
        case .emptyQuery:
            return "the search query is empty; give words to look for or a filter such as tag:habits."
        case .nothingSearchable:
            return
                "the search query holds no letter or digit to look for (emoji, symbols and punctuation are not indexed); give words or a filter such as tag:habits."
        case .unclosedQuote(let column):
            return "column \(column): the quote opened here is never closed; add a closing \"."
        case .unknownFilter(let name, let column):
            return "column \(column): '\(name):' is not a filter; use tag:, category:, source:, type:, cycle:, "
                + "archived:, created: or path:, or put the text in quotes to search for it."
        case .emptyFilterValue(let name, let column):
            return "column \(column): '\(name):' needs a value after the colon, e.g. \(name):\(Self.example(name))."
        case .badDate(let text, let column):
            return "column \(column): '\(text)' is not a date; write created:2026-11, created:2026-11-18, "
                + "created:>=2026-01-01 or created:2026-01..2026-03."
        case .badValue(let filter, let value, let column, let expected):
            return "column \(column): '\(value)' is not a value of \(filter):; use \(expected)."
        case .misplacedOr(let column):
            return "column \(column): OR must stand between two search words, as in habit OR routine."
        case .tooLong(let length):
            return
                "the query is \(length) characters long; a query may hold at most \(SearchQueryParser.maxLength), so search for fewer words."
        }
    }

    static func example(_ filter: String) -> String {
        switch filter {
        case "tag": return "habits"
        case "category": return "Productivity"
        case "source": return "Atomic"
        case "type": return "book"
        case "cycle": return "weekly"
        case "archived": return "no"
        case "created": return "2026-11"
        default: return "notes/"
        }
    }
}
