import Foundation
import VaultCore

/// The four tabs of the curation design, and how each groups its notes.
public enum CurationTab: String, CaseIterable, Sendable {
    /// Every note, grouped by ISO week, each week with its review status.
    case daily
    /// Notes kept at least weekly, grouped by month.
    case weekly
    /// Notes kept at least monthly, grouped by year.
    case monthly
    /// Notes kept in a yearly review (evergreen).
    case yearly

    /// A group of a tab: a week, a month or a year, newest notes first.
    public struct Group {
        public var id: String
        public var title: String
        /// The week's review (daily tab only).
        public var review: CurationBoard.Review?
        public var items: [CurationBoard.Item]
    }

    /// The groups of this tab over `items`, newest first, notes newest first inside each.
    public func groups(items: [CurationBoard.Item], board: CurationBoard) -> [Group] {
        let level: ReviewLevel
        let minimum: CurationCycle
        switch self {
        case .daily: (level, minimum) = (.weekly, .daily)
        case .weekly: (level, minimum) = (.monthly, .weekly)
        case .monthly: (level, minimum) = (.yearly, .monthly)
        case .yearly: (level, minimum) = (.yearly, .yearly)
        }
        let chosen = items.filter { $0.cycle >= minimum }.reversed()
        if self == .yearly {
            return chosen.isEmpty ? [] : [Group(id: "yearly", title: "Evergreen", review: nil, items: Array(chosen))]
        }
        var order: [ReviewPeriod] = []
        var byPeriod: [ReviewPeriod: [CurationBoard.Item]] = [:]
        for item in chosen {
            let period = item.periods[level]!
            if byPeriod[period] == nil { order.append(period) }
            byPeriod[period, default: []].append(item)
        }
        return order.map { period in
            Group(
                id: period.id, title: period.title, review: self == .daily ? board.review(period) : nil,
                items: byPeriod[period]!)
        }
    }
}

/// `vault list`: the notes, newest first, or one tab.
public struct NoteListing {
    public let snapshot: CurationSnapshot
    public let includeArchived: Bool

    public init(_ snapshot: CurationSnapshot, includeArchived: Bool) {
        self.snapshot = snapshot
        self.includeArchived = includeArchived
    }

    /// The board's items that show (archived ones only when asked for).
    public var visibleItems: [CurationBoard.Item] {
        snapshot.board.items.filter { includeArchived || !$0.archived }
    }

    /// The groups of `tab`.
    public func groups(_ tab: CurationTab) -> [CurationTab.Group] {
        tab.groups(items: visibleItems, board: snapshot.board)
    }

    /// The paths of archived notes that are hidden.
    public var hiddenPaths: Set<String> {
        includeArchived ? [] : Set(snapshot.board.items.filter(\.archived).map(\.note.path))
    }

    /// Visible notes without a created date, which no week, month or year holds (an adopted
    /// vault's, whose file times said only when it was copied).
    public var undatedCount: Int {
        let hidden = hiddenPaths
        return snapshot.notes.reduce(0) { $0 + ($1.created == nil && !hidden.contains($1.path) ? 1 : 0) }
    }

    /// Every visible note, newest first (notes without a date last).
    public func notes() -> [NoteSummary] {
        let hidden = hiddenPaths
        return snapshot.notes.filter { !hidden.contains($0.path) }.sorted(by: NoteSummary.newestFirst)
    }
}

extension NoteSummary {
    /// Newest first; notes without a created date last, then by path.
    public static func newestFirst(_ a: NoteSummary, _ b: NoteSummary) -> Bool {
        switch (a.created, b.created) {
        case let (x?, y?) where x != y: return x > y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return a.path < b.path
        }
    }
}
