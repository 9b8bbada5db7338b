/// How far a note has come through the curation reviews.
///
/// Every note starts at daily; a `keep` in a review moves it up one step.
public enum CurationCycle: Int, Comparable, Sendable, CaseIterable, Codable {
    case daily, weekly, monthly, yearly

    /// The lowercase name used in commands, JSON and the ledger.
    public var name: String {
        switch self {
        case .daily: "daily"
        case .weekly: "weekly"
        case .monthly: "monthly"
        case .yearly: "yearly"
        }
    }

    /// The cycle named `name` (lowercase), if any.
    public init?(name: String) {
        guard let cycle = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = cycle
    }

    public static func < (a: CurationCycle, b: CurationCycle) -> Bool { a.rawValue < b.rawValue }
}

/// The three reviews: each looks at the notes of one cycle created in one period.
public enum ReviewLevel: String, Sendable, CaseIterable, Codable, Comparable {
    case weekly, monthly, yearly

    /// The cycle a note must be at to come up in this review.
    public var eligibleCycle: CurationCycle {
        switch self {
        case .weekly: .daily
        case .monthly: .weekly
        case .yearly: .monthly
        }
    }

    /// The cycle a `keep` in this review promotes a note to.
    public var promotedCycle: CurationCycle {
        switch self {
        case .weekly: .weekly
        case .monthly: .monthly
        case .yearly: .yearly
        }
    }

    /// The review one step below (weekly has none).
    public var lower: ReviewLevel? {
        switch self {
        case .weekly: nil
        case .monthly: .weekly
        case .yearly: .monthly
        }
    }

    /// Weekly 0, monthly 1, yearly 2: the order of ``allCases``.
    var rank: Int {
        switch self {
        case .weekly: 0
        case .monthly: 1
        case .yearly: 2
        }
    }

    // By rank rather than `allCases.firstIndex`, which builds an array per
    // comparison: periods are compared thousands of times per board.
    public static func < (a: ReviewLevel, b: ReviewLevel) -> Bool { a.rank < b.rank }
}

/// What a person decided about one note in one review period.
public enum CurationDecision: String, Sendable, Codable, CaseIterable {
    /// Promote the note to the review's cycle.
    case keep
    /// Weekly: archive the note. Monthly/yearly: leave it at its cycle, decided.
    case archive
    /// Withdraw the earlier decision: the note is pending again.
    case undo
}
