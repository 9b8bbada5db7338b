import Foundation

/// The notes: how many at each cycle, per category and source type, how
/// many captured per week, and the curation funnel.
public struct NoteStats: Sendable, Encodable {
    public var total: Int
    /// daily, weekly, monthly, yearly, archived.
    public var perCycle: [Tally]
    public var perCategory: [Tally]
    public var perSourceType: [Tally]
    /// Notes created per ISO week, the last weeks of the span, oldest first (`2026-W46`).
    public var capturedPerWeek: [Tally]
    /// Of the notes ever reviewed at a level, how many were kept: the keep rate per review.
    public var funnel: [FunnelStep]

    public struct FunnelStep: Sendable, Encodable {
        public var level: String
        public var decided: Int
        public var kept: Int
        public var keepRate: Double?
    }

    init(_ input: StatsInput) {
        let board = input.board
        let inFolder = board.items.indices.filter { i in
            input.folder.map { board.items[i].note.path.hasPrefix($0) } ?? true
        }
        let items = inFolder.map { board.items[$0] }
        total = input.notes.count
        var cycles = ["daily": 0, "weekly": 0, "monthly": 0, "yearly": 0, "archived": 0]
        for item in items { cycles[item.archived ? "archived" : item.cycle.name, default: 0] += 1 }
        perCycle = ["daily", "weekly", "monthly", "yearly", "archived"].map { Tally($0, Double(cycles[$0] ?? 0)) }
        perCategory = Self.counts(input.notes.map { $0.category ?? "(none)" })
        perSourceType = Self.counts(input.notes.map { $0.sourceType ?? "(none)" })
        let today = VaultDate.dayNumber(of: input.now, in: input.timeZone)
        let weeks = max(4, (input.days + 6) / 7)
        // Weeks by their Monday's day number: no period id made per note.
        let thisMonday = today - (today + 3) % 7
        var perWeek = Array(repeating: 0, count: weeks)
        for item in items {
            let k = (thisMonday - (item.day - (item.day + 3) % 7)) / 7
            if k >= 0, k < weeks { perWeek[weeks - 1 - k] += 1 }
        }
        capturedPerWeek = (0..<weeks).map { i in
            Tally(ReviewPeriod(level: .weekly, containingDay: thisMonday - 7 * (weeks - 1 - i)).id, Double(perWeek[i]))
        }
        var decided = [0, 0, 0]
        var kept = [0, 0, 0]
        for i in inFolder {
            for (l, level) in [ReviewLevel.weekly, .monthly, .yearly].enumerated() {
                guard let decision = board.decision(ofItem: i, level: level) else { continue }
                decided[l] += 1
                if decision == .keep { kept[l] += 1 }
            }
        }
        funnel = ["weekly", "monthly", "yearly"].enumerated().map { l, name in
            FunnelStep(
                level: name, decided: decided[l], kept: kept[l],
                keepRate: decided[l] > 0 ? Double(kept[l]) / Double(decided[l]) : nil)
        }
    }

    /// Counts of each value, most first (then by name).
    static func counts(_ values: [String]) -> [Tally] {
        var counts: [String: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { Tally($0.key, Double($0.value)) }
    }
}
