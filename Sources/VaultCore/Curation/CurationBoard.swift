import Foundation

/// The notes and the replayed decisions put together: each note's cycle,
/// who is eligible for which review, each period's status, what is due and
/// what was missed. Pure: notes, state, the vault's zone and a day in, values out.
public struct CurationBoard: Sendable {
    /// One note as the reviews see it.
    public struct Item: Sendable {
        public var note: Note
        /// The note's id, lowercased, when it has one.
        public var key: String?
        /// The day (in the vault's zone) it was created.
        public var day: Int
        /// Its week, month and year: the periods whose reviews it comes up in.
        public var periods: NotePeriods
        public var cycle: CurationCycle
        /// Archived by a weekly review: hidden from lists unless asked for.
        public var archived: Bool
    }

    /// The review of one period.
    public struct Review: Sendable {
        public var period: ReviewPeriod
        /// The eligible notes, oldest first (ties by path).
        public var items: [Item]
        /// The decision in force for each of ``items`` (nil: undecided).
        public var decisions: [CurationState.Decided?]
        /// When the period was finished early, if it was.
        public var finishedAt: Date?

        public var decidedCount: Int { decisions.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
        /// Undecided notes still waiting: none once the period is finished.
        public var pendingCount: Int { finishedAt == nil ? items.count - decidedCount : 0 }
        /// Undecided notes, whether or not the period was finished.
        public var undecidedCount: Int { items.count - decidedCount }

        public var status: PeriodStatus {
            if items.isEmpty { return .empty }
            let decided = decidedCount
            if decided == items.count { return .completed }
            if finishedAt != nil { return .finishedEarly }
            return decided == 0 ? .notStarted : .inProgress
        }
    }

    /// A note's week, month and year, stored inline (a dictionary per note costs on 100k notes).
    public struct NotePeriods: Sendable {
        public var week: ReviewPeriod
        public var month: ReviewPeriod
        public var year: ReviewPeriod

        public init(day: Int) {
            week = ReviewPeriod(level: .weekly, containingDay: day)
            month = ReviewPeriod(level: .monthly, containingDay: day)
            year = ReviewPeriod(level: .yearly, containingDay: day)
        }

        /// The period of `level` (never nil; optional for dictionary-like use).
        public subscript(level: ReviewLevel) -> ReviewPeriod? {
            switch level {
            case .weekly: week
            case .monthly: month
            case .yearly: year
            }
        }

        public var values: [ReviewPeriod] { [week, month, year] }
    }

    public let items: [Item]
    public let state: CurationState
    public let timeZone: TimeZone
    private var byPeriod: [ReviewPeriod: [Int]] = [:]

    /// Builds the board. Notes without a creation date cannot be placed in a
    /// period and are left out (`vault check` reports them).
    public init(notes: [Note], state: CurationState, timeZone: TimeZone) {
        self.state = state
        self.timeZone = timeZone
        var items: [Item] = []
        items.reserveCapacity(notes.count)
        // Zone offsets change on whole hours: ask the zone once per hour, not once per note.
        var offsets: [Int: Int] = [:]
        for note in notes {
            guard let created = note.created else { continue }
            let seconds = created.timeIntervalSince1970
            let hour = Int((seconds / 3600).rounded(.down))
            let offset: Int
            if let known = offsets[hour] {
                offset = known
            } else {
                offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour) * 3600))
                offsets[hour] = offset
            }
            let day = Int(((seconds + Double(offset)) / 86_400).rounded(.down))
            let periods = NotePeriods(day: day)
            let key = note.id?.lowercased()
            var cycle = CurationCycle.daily
            var archived = false
            if let key {
                for level in ReviewLevel.allCases {
                    guard let decided = state.decision(lowercasedNote: key, period: periods[level]!) else { continue }
                    if decided.decision == .keep { cycle = max(cycle, level.promotedCycle) }
                    if level == .weekly, decided.decision == .archive { archived = true }
                }
                if cycle > .weekly { archived = false }
            }
            items.append(Item(note: note, key: key, day: day, periods: periods, cycle: cycle, archived: archived))
        }
        // Sort small keys, then move each (large) item once.
        let order = items.indices.sorted { a, b in
            let x = items[a]
            let y = items[b]
            if x.day != y.day { return x.day < y.day }
            if x.note.created! != y.note.created! { return x.note.created! < y.note.created! }
            return x.note.path < y.note.path
        }
        items = order.map { items[$0] }
        self.items = items
        for (i, item) in items.enumerated() {
            byPeriod[item.periods.week, default: []].append(i)
            byPeriod[item.periods.month, default: []].append(i)
            byPeriod[item.periods.year, default: []].append(i)
        }
    }

    /// The review of `period`: the notes created in it that are at the
    /// level's eligible cycle and not archived, plus any already decided in it.
    public func review(_ period: ReviewPeriod) -> Review {
        var eligible: [Item] = []
        var decisions: [CurationState.Decided?] = []
        for i in byPeriod[period] ?? [] {
            let item = items[i]
            let decided = item.key.flatMap { state.decision(lowercasedNote: $0, period: period) }
            if decided != nil || (item.cycle == period.level.eligibleCycle && !item.archived) {
                eligible.append(item)
                decisions.append(decided)
            }
        }
        return Review(period: period, items: eligible, decisions: decisions, finishedAt: state.finished[period])
    }

    /// Every period of `level` in which some note was created, oldest first.
    public func periods(_ level: ReviewLevel) -> [ReviewPeriod] {
        byPeriod.keys.filter { $0.level == level }.sorted()
    }

    /// The period of `level` whose review is due on day `today` under the
    /// default schedule: the latest one whose review day has come (this
    /// week on Sundays, else last week; last month; last year).
    public static func duePeriod(_ level: ReviewLevel, today: Int) -> ReviewPeriod {
        let current = ReviewPeriod(level: level, containingDay: today)
        return current.reviewDay <= today ? current : current.previous
    }

    /// Past periods of `level` (before the due one) with notes still pending, oldest first.
    public func missed(_ level: ReviewLevel, today: Int) -> [Review] {
        let due = Self.duePeriod(level, today: today)
        return periods(level).filter { $0 < due }.map(review).filter { $0.pendingCount > 0 }
    }

    /// The period `vault review LEVEL` opens without a PERIOD: the latest
    /// period, up to the due one, that still has pending notes; the due
    /// period when none has.
    public func defaultPeriod(_ level: ReviewLevel, today: Int) -> ReviewPeriod {
        let due = Self.duePeriod(level, today: today)
        for period in periods(level).reversed() where period <= due {
            if review(period).pendingCount > 0 { return period }
        }
        return due
    }

    /// Lower-level periods overlapping `period` that still have pending
    /// notes: reviewing a month before its weeks are done leaves notes out.
    public func incompleteLowerPeriods(of period: ReviewPeriod) -> [Review] {
        var result: [Review] = []
        var level = period.level.lower
        while let lower = level {
            for p in period.overlapping(lower) {
                let r = review(p)
                if r.pendingCount > 0 { result.append(r) }
            }
            level = lower.lower
        }
        return result
    }

    /// Why the note at `path` is not up for review in `period`, as a clause
    /// for an error message ("it is archived"); nil when it is.
    public func ineligibility(ofNoteAt path: String, in period: ReviewPeriod) -> String? {
        if review(period).items.contains(where: { $0.note.path == path }) { return nil }
        guard let item = items.first(where: { $0.note.path == path }) else { return "it has no created date" }
        if let own = item.periods[period.level], own != period { return "it was created in \(own.id)" }
        if item.archived { return "it is archived" }
        return "its cycle is \(item.cycle.name), and this review looks at \(period.level.eligibleCycle.name) notes"
    }

    /// The item of the note with id `id` (any case).
    public func item(id: String) -> Item? {
        let key = id.lowercased()
        return items.first { $0.key == key }
    }
}
