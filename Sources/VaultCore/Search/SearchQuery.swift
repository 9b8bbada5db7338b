import Foundation

/// A parsed `vault search` query: what the words must match and what the
/// filters keep.
///
/// Built by ``SearchQueryParser/parse(_:)``; turned into SQL by the search
/// cache. The value is pure: a `created:` filter holds calendar days, and
/// becomes moments only with the vault's zone (``CreatedRange/bounds(in:)``).
public struct SearchQuery: Hashable, Sendable {
    /// Every group must match; a group matches when any of its terms does
    /// (`a OR b` makes one group of two terms).
    public var groups: [[SearchTerm]]
    /// A note that matches any of these terms is left out (`-word`).
    public var excluded: [SearchTerm]
    /// Every filter must hold (a negated filter, `-tag:x`, must not).
    public var filters: [SearchFilter]

    public init(groups: [[SearchTerm]] = [], excluded: [SearchTerm] = [], filters: [SearchFilter] = []) {
        self.groups = groups
        self.excluded = excluded
        self.filters = filters
    }

    /// True when the query has no words to rank by: only filters and
    /// exclusions. Such queries list matching notes newest first.
    public var isFilterOnly: Bool { groups.isEmpty }
}

/// One thing to look for in a note's title, tags and body.
public enum SearchTerm: Hashable, Sendable {
    /// A word, matched whole (`habit` does not find `habits`).
    case word(String)
    /// A word start: `habit*` finds `habit` and `habits`.
    case prefix(String)
    /// Words in this order, next to each other: `"deep work"`.
    case phrase(String)

    /// The text the user wrote, without quotes or `*`.
    public var text: String {
        switch self {
        case .word(let t), .prefix(let t), .phrase(let t): return t
        }
    }
}

/// A condition on a note's fields rather than its text.
public struct SearchFilter: Hashable, Sendable {
    public var kind: Kind
    /// True for `-tag:x`: keep notes for which the condition does not hold.
    public var negated: Bool

    public init(_ kind: Kind, negated: Bool = false) {
        self.kind = kind
        self.negated = negated
    }

    /// What a filter tests.
    public enum Kind: Hashable, Sendable {
        /// `tag:x`: the note has tag `x` or a nested tag `x/…` (case-insensitive).
        case tag(String)
        /// `category:x`: the note's category is `x` (case-insensitive).
        case category(String)
        /// `source:x`: the note's source contains `x` (case-insensitive).
        case source(String)
        /// `type:book`: the note's source type is `book` (case-insensitive).
        case sourceType(String)
        /// `cycle:weekly`: the note has reached this curation cycle or a later one.
        case cycle(CurationCycle)
        /// `archived:yes` or `archived:no`.
        case archived(Bool)
        /// `created:2026-11`, `created:>=2026-01-01`, `created:2026-01..2026-03`.
        case created(CreatedRange)
        /// `path:folder/`: the note's vault-relative path starts with this text.
        case path(String)
    }
}

/// A calendar day, as written in a `created:` filter.
public struct CalendarDay: Hashable, Sendable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    var dayNumber: Int { VaultDate.daysFromCivil(year, month, day) }

    /// The day `count` days later.
    func adding(days count: Int) -> CalendarDay {
        let civil = VaultDate.civil(fromDays: dayNumber + count)
        return CalendarDay(year: civil.year, month: civil.month, day: civil.day)
    }

    /// The first day of the next month.
    func firstOfNextMonth() -> CalendarDay {
        month == 12 ? CalendarDay(year: year + 1, month: 1, day: 1) : CalendarDay(year: year, month: month + 1, day: 1)
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.dayNumber < b.dayNumber }
}

/// The days a `created:` filter keeps: from `start` (inclusive) to `end`
/// (exclusive); a missing side is open.
public struct CreatedRange: Hashable, Sendable {
    public var start: CalendarDay?
    public var end: CalendarDay?

    public init(start: CalendarDay?, end: CalendarDay?) {
        self.start = start
        self.end = end
    }

    /// The range as moments: midnight at the start of each bound, in `timeZone`.
    public func bounds(in timeZone: TimeZone) -> (start: Date?, end: Date?) {
        func midnight(_ day: CalendarDay) -> Date {
            let local = Double(day.dayNumber * 86_400)
            return VaultDate.date(localSeconds: local, in: timeZone)
        }
        return (start.map(midnight), end.map(midnight))
    }
}
