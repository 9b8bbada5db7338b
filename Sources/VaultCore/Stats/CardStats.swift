import Foundation

/// The cards as they stand: states, schedulers, intervals, FSRS memory, and
/// the next 30 days' workload.
public struct CardStats: Sendable, Encodable {
    public var total: Int
    /// new, learning, review, relearning (fsrs and sm2, ladder and tiers by their own words too).
    public var perState: [Tally]
    /// Tiers cards per tier.
    public var perTier: [Tally]
    public var perScheduler: [Tally]
    /// Cards due each of the next 30 days (overdue ones on today), with the load.
    public var forecast: [ForecastDay]
    /// Anki's daily load: the reviews a day costs in the long run, the sum of
    /// 1/interval (days, at least 1) over every scheduled card that is not new.
    public var dailyLoad: Double
    /// Review cards by interval (days).
    public var intervals: [Tally]
    /// FSRS cards: stability (days), difficulty (1-10) and retrievability now, as distributions.
    public var stability: [Tally]
    public var difficulty: [Tally]
    public var retrievability: [Tally]
    /// The sum of every FSRS card's retrievability: the cards known now, as FSRS estimates it.
    public var estimatedKnown: Double
    /// Cards that continue an edited card's history, and histories no current card continues.
    public var relinked: Int
    public var orphaned: Int
    /// Cram answers over the period (`cram` events: they change no schedule and count in no review figure).
    public var cramming: Int
    /// Cards failed `leech_lapses` times or more after reaching review.
    public var leeches: Int

    public struct ForecastDay: Sendable, Encodable {
        public var day: String
        public var due: Int
        /// The sum of 1/interval of the cards due that day.
        public var load: Double
    }

    static let intervalBins: [(String, Double)] = [
        ("1 d", 1), ("2-3 d", 3), ("4-7 d", 7), ("1-2 w", 14), ("2 w-1 m", 31), ("1-3 m", 92), ("3-6 m", 183),
        ("6-12 m", 366), ("> 1 y", .infinity),
    ]

    static func binned(_ values: [Double], _ bins: [(String, Double)]) -> [Tally] {
        var counts = Array(repeating: 0, count: bins.count)
        for v in values { counts[bins.firstIndex { v <= $0.1 } ?? bins.count - 1] += 1 }
        return zip(bins, counts).map { Tally($0.0, Double($1)) }
    }

    init(_ input: StatsInput) {
        let zone = input.timeZone
        let today = VaultDate.dayNumber(of: input.now, in: zone)
        total = input.cards.count
        var states: [String: Int] = [:]
        var tiers: [String: Int] = [:]
        var schedulers: [String: Int] = [:]
        var intervals: [Double] = []
        var stability: [Double] = []
        var difficulty: [Double] = []
        var retrievability: [Double] = []
        var known = 0.0
        var load = 0.0
        var forecast = Array(repeating: (due: 0, load: 0.0), count: 30)
        var days = DayNumberCache(timeZone: zone, days: (today - 20_000)...(today + 40_000))
        for card in input.cards {
            guard let s = input.schedules[card.id] else { continue }
            schedulers[s.settings.name.rawValue, default: 0] += 1
            let state: String
            switch s.state {
            case .fsrs(let f): state = s.isNew ? "new" : f.phase.rawValue
            case .sm2(let m): state = s.isNew ? "new" : m.repetitions == 0 ? "learning" : "review"
            case .tiers(let t):
                state = s.isNew ? "new" : "review"
                tiers[t.tier.rawValue, default: 0] += 1
            case .ladder: state = s.isNew ? "new" : "review"
            case .osr(let o): state = s.isNew ? "new" : o.interval < 1 ? "learning" : "review"
            }
            states[state, default: 0] += 1
            guard !s.isNew else { continue }
            let interval = max(1, Double(s.intervalDays))
            if state == "review" { intervals.append(interval) }
            if case .fsrs(let f) = s.state, let st = f.stability, let d = f.difficulty {
                stability.append(st)
                difficulty.append(d)
                // The card's own weights (a decay `vault fsrs optimize` fitted), as study and the editor read it.
                let r = s.retrievability(at: input.now) ?? 1
                retrievability.append(r)
                known += r
            }
            if let due = s.due {
                load += 1 / interval
                let k = max(0, days.day(of: due) - today)
                if k < 30 {
                    forecast[k].due += 1
                    forecast[k].load += 1 / interval
                }
            }
        }
        perState = ["new", "learning", "review", "relearning"].map { Tally($0, Double(states[$0] ?? 0)) }
        perTier = ["learning", "reviewing", "mastered", "inactive"].map { Tally($0, Double(tiers[$0] ?? 0)) }
        perScheduler = schedulers.sorted { $0.key < $1.key }.map { Tally($0.key, Double($0.value)) }
        self.forecast = forecast.enumerated().map { k, f in
            ForecastDay(day: VaultDate.dayString(dayNumber: today + k), due: f.due, load: (f.load * 100).rounded() / 100)
        }
        self.intervals = Self.binned(intervals, Self.intervalBins)
        self.stability = Self.binned(stability, Self.intervalBins)
        self.difficulty = Self.binned(difficulty, (1...10).map { ("\($0)", Double($0)) })
        self.retrievability = Self.binned(
            retrievability.map { $0 * 100 }, stride(from: 10, through: 100, by: 10).map { ("\($0 - 10)-\($0)%", Double($0)) })
        estimatedKnown = (known * 10).rounded() / 10
        dailyLoad = (load * 100).rounded() / 100
        relinked = input.relinked
        orphaned = input.orphaned
        let since = VaultDate.startOfDay(today - input.days + 1, in: zone)
        cramming = input.cramAnswers.reduce(0) { count, answer in
            let counted = answer.time >= since && answer.time <= input.now
                && (input.countedCards.map { $0.contains(answer.card) } ?? true)
            return count + (counted ? 1 : 0)
        }
        leeches = input.cards.reduce(0) { count, card in
            count + ((input.schedules[card.id]?.isLeech(threshold: input.leechLapses) ?? false) ? 1 : 0)
        }
    }
}
