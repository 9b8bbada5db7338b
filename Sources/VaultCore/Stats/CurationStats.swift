import Foundation

/// Curation: decisions per week, and how the past periods went.
public struct CurationStats: Sendable, Encodable {
    /// Keep and archive decisions per ISO week, the last weeks of the span.
    public var decisionsPerWeek: [Tally]
    /// Per level: past periods completed on time (before the next period's
    /// review day), late, and missed (still pending).
    public var periods: [PeriodTally]

    public struct PeriodTally: Sendable, Encodable {
        public var level: String
        public var onTime: Int
        public var late: Int
        public var missed: Int
    }

    init(_ input: StatsInput) {
        let zone = input.timeZone
        let today = VaultDate.dayNumber(of: input.now, in: zone)
        let weeks = max(4, (input.days + 6) / 7)
        var perWeek: [String: Int] = [:]
        for (day, counts) in input.activity.counts where counts.decisions > 0 {
            perWeek[ReviewPeriod(level: .weekly, containingDay: day).id, default: 0] += counts.decisions
        }
        decisionsPerWeek = (0..<weeks).reversed().map { k in
            let id = ReviewPeriod(level: .weekly, containingDay: today - 7 * k).id
            return Tally(id, Double(perWeek[id] ?? 0))
        }
        periods = [ReviewLevel.weekly, .monthly, .yearly].map { level in
            let due = input.board.duePeriod(level, today: today)
            var tally = PeriodTally(level: level.rawValue, onTime: 0, late: 0, missed: 0)
            for period in input.board.periods(level) where period < due {
                let review = input.board.review(period)
                switch review.status {
                case .completed, .finishedEarly:
                    let last = ([review.finishedAt] + review.decisions.map { $0?.time }).compactMap { $0 }.max()
                    let deadline = VaultDate.startOfDay(input.board.schedule.reviewDay(of: period.next), in: zone)
                    if let last, last > deadline { tally.late += 1 } else { tally.onTime += 1 }
                case .notStarted, .inProgress:
                    if review.pendingCount > 0 { tally.missed += 1 }
                case .empty, .beforeBaseline:
                    break
                }
            }
            return tally
        }
    }
}
