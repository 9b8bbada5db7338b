import Foundation

/// The notes and the replayed decisions put together: each note's cycle,
/// who is eligible for which review, each period's status, what is due and
/// what was missed. Pure: notes, state, the vault's zone and a day in, values out.
public struct CurationBoard: Sendable {
    /// One note as the reviews see it.
    ///
    /// Items share the board's array of notes and point into it: copying an
    /// item (into a review, a list) copies no `NoteSummary`, whose many strings make
    /// 100k copies cost tens of milliseconds.
    public struct Item: Sendable {
        @usableFromInline let notes: [NoteSummary]
        @usableFromInline let index: Int
        /// The day (in the vault's zone) it was created.
        public var day: Int
        public var cycle: CurationCycle
        /// Archived by a weekly review: hidden from lists unless asked for.
        public var archived: Bool

        /// The note.
        @inlinable public var note: NoteSummary { notes[index] }
        /// The note's id, lowercased, when it has one.
        public var key: String? { notes[index].id.map(NoteKey.lowercase) }
        /// Its week, month and year: the periods whose reviews it comes up in.
        public var periods: NotePeriods { NotePeriods(day: day) }
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
        /// True when the period is done because it ended before the baseline.
        public var beforeBaseline = false

        public var decidedCount: Int { decisions.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
        /// Undecided notes still waiting: none once the period is finished.
        public var pendingCount: Int { finishedAt == nil ? items.count - decidedCount : 0 }
        /// Undecided notes, whether or not the period was finished.
        public var undecidedCount: Int { items.count - decidedCount }
        /// Notes kept, and archived, by the decisions in force (Kuhrate's review record).
        public var keptCount: Int { decisions.reduce(0) { $0 + ($1?.decision == .keep ? 1 : 0) } }
        public var archivedCount: Int { decisions.reduce(0) { $0 + ($1?.decision == .archive ? 1 : 0) } }
        /// When the review was begun: its first decision in force; nil before one.
        public var startedAt: Date? { decisions.compactMap { $0?.time }.min() }
        /// When the review was done: finished early (`finish`), or its last
        /// decision when every note is decided; nil while notes wait.
        public var completedAt: Date? {
            if let finishedAt { return finishedAt }
            guard !items.isEmpty, decidedCount == items.count else { return nil }
            return decisions.compactMap { $0?.time }.max()
        }

        public var status: PeriodStatus {
            if items.isEmpty { return .empty }
            let decided = decidedCount
            if decided == items.count { return .completed }
            if beforeBaseline { return .beforeBaseline }
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
    /// The fresh start in force, if any: periods that ended before it count as done.
    public let baseline: Baseline?
    /// The day each period's review falls due (`review_day:`).
    public let schedule: ReviewSchedule
    /// Per level, the periods in which some note was created and where their items lie.
    private let weeks: PeriodRanges
    private let months: PeriodRanges
    private let years: PeriodRanges
    /// Per item, where its decisions in force (week, month, year) are in ``decided``.
    private let slots: [DecisionSlots]
    /// The events in force, as the state packs them (24 bytes, devices as
    /// numbers): copied while the board reads each slot anyway, so that a
    /// review reads them in about its own order instead of going back to
    /// the state's slots at random.
    private let decided: [PackedSlot.Event]

    /// Builds the board. Notes without a creation date cannot be placed in a
    /// period and are left out (`vault check` reports them).
    ///
    /// - Parameter keys: each note's `NoteKey` (nil: no id), when the caller
    ///   has them already (the note catalog works them out while decoding,
    ///   with each id in the cache); otherwise they are worked out here.
    public init(
        notes: [NoteSummary], keys: [NoteKey?]? = nil, state: CurationState, timeZone: TimeZone,
        baseline: Baseline? = nil, schedule: ReviewSchedule = .standard
    ) {
        precondition(keys == nil || keys!.count == notes.count)
        self.state = state
        self.baseline = baseline
        self.schedule = schedule
        self.timeZone = timeZone

        // Sort small keys (day, moment, position), not notes: comparing
        // whole notes through a closure copies their strings.
        var places: [Place] = []
        places.reserveCapacity(notes.count)
        var lowest = Int.max
        var highest = Int.min
        for index in notes.indices {
            guard let created = notes[index].created else { continue }
            let hour = DayNumberCache.hour(ofSeconds: created.timeIntervalSince1970)
            lowest = min(lowest, hour)
            highest = max(highest, hour)
            places.append(Place(day: 0, created: created, index: index))
        }
        if !places.isEmpty {
            var days = DayNumberCache(
                timeZone: timeZone,
                days: DayNumberCache.utcDay(ofHour: lowest)...DayNumberCache.utcDay(ofHour: highest))
            for i in places.indices { places[i].day = days.day(of: places[i].created) }
        }
        // Order by day and moment first (numbers only), then by path within
        // the rare runs of notes created at the same moment.
        places.sort { a, b in
            if a.day != b.day { return a.day < b.day }
            if a.created != b.created { return a.created < b.created }
            return a.index < b.index
        }
        var run = 0
        while run < places.count {
            var end = run + 1
            while end < places.count, places[end].day == places[run].day, places[end].created == places[run].created {
                end += 1
            }
            if end - run > 1 {
                // By path; equal paths keep the order they came in, as a stable sort keeps it.
                places[run..<end].sort { a, b in
                    let (x, y) = (notes[a.index].path, notes[b.index].path)
                    return x != y ? x < y : a.index < b.index
                }
            }
            run = end
        }

        // Items in order. The periods change with the day, and notes come
        // sorted by day: compute them once per day, and note where each
        // period's run of items starts.
        var items: [Item] = []
        items.reserveCapacity(places.count)
        var weeks = PeriodRanges()
        var months = PeriodRanges()
        var years = PeriodRanges()
        var periods = NotePeriods(day: places.first?.day ?? 0)
        for (position, place) in places.enumerated() {
            if position == 0 || place.day != places[position - 1].day {
                periods = NotePeriods(day: place.day)
                weeks.extend(periods.week, at: position)
                months.extend(periods.month, at: position)
                years.extend(periods.year, at: position)
            }
            items.append(Item(notes: notes, index: place.index, day: place.day, cycle: .daily, archived: false))
        }
        weeks.close(at: items.count)
        months.close(at: items.count)
        years.close(at: items.count)

        let keys = keys ?? notes.map { $0.id.map(NoteKey.init(id:)) }
        (slots, decided) = Self.decisions(of: &items, keys: keys, in: state)
        self.items = items
        self.weeks = weeks
        self.months = months
        self.years = years
    }

    /// Where a dated note goes: sorted by day, then creation, then path.
    private struct Place {
        var day: Int
        var created: Date
        var index: Int
    }

    /// The periods of one level in which notes were created, oldest first,
    /// with the start of each one's run of items (items are sorted by day,
    /// so a period's items are adjacent).
    private struct PeriodRanges {
        var periods: [ReviewPeriod] = []
        /// `starts[k]..<starts[k + 1]`: the items of `periods[k]`.
        var starts: [Int] = []

        mutating func extend(_ period: ReviewPeriod, at position: Int) {
            guard periods.last != period else { return }
            periods.append(period)
            starts.append(position)
        }

        mutating func close(at end: Int) { starts.append(end) }

        /// The items of `period` (empty when no note was created in it).
        func range(of period: ReviewPeriod) -> Range<Int> {
            var low = 0
            var high = periods.count
            while low < high {
                let mid = (low + high) / 2
                let p = periods[mid]
                if (p.year, p.number) < (period.year, period.number) { low = mid + 1 } else { high = mid }
            }
            guard low < periods.count, periods[low] == period else { return 0..<0 }
            return starts[low]..<starts[low + 1]
        }
    }

    /// An item's decisions in force, as positions in the board's pool (-1: none).
    private struct DecisionSlots {
        var week: Int32 = -1
        var month: Int32 = -1
        var year: Int32 = -1

        subscript(level: ReviewLevel) -> Int32 {
            get {
                switch level {
                case .weekly: week
                case .monthly: month
                case .yearly: year
                }
            }
            set {
                switch level {
                case .weekly: week = newValue
                case .monthly: month = newValue
                case .yearly: year = newValue
                }
            }
        }
    }

    /// Each item's decisions in force in its week, month and year, and the
    /// cycle and archiving they give it (set on `items`).
    ///
    /// One look-up per note in the state's per-note runs, made in the notes'
    /// own order, from `keys` (one 24-byte value per note, read front to
    /// back, rather than each note's id string wherever it was allocated).
    /// Keys are UUIDs as 128 bits, so a look-up multiplies two integers
    /// (``NoteKeyTable``) and reads no second string. The slots are read as the state packs them
    /// (32 bytes each); a ``CurationState/Decided`` is built only when a
    /// review shows one.
    private static func decisions(of items: inout [Item], keys: [NoteKey?], in state: CurationState) -> (
        [DecisionSlots], [PackedSlot.Event]
    ) {
        var slots = [DecisionSlots](repeating: DecisionSlots(), count: items.count)
        var decided: [PackedSlot.Event] = []
        guard let notes = items.first?.notes else { return (slots, decided) }
        var itemOfNote = [Int32](repeating: -1, count: notes.count)
        for i in items.indices { itemOfNote[items[i].index] = Int32(i) }
        decided.reserveCapacity(items.count)
        keys.withUnsafeBufferPointer { keys in
            for index in keys.indices {
                let i = Int(itemOfNote[index])
                guard i >= 0, let key = keys[index] else { continue }
                let positions = state.slotPositions(of: key)
                guard !positions.isEmpty else { continue }
                let periods = NotePeriods(day: items[i].day)
                var cycle = CurationCycle.daily
                var archived = false
                for position in positions {
                    let slot = state.packedSlot(at: position)
                    let level = slot.period.level
                    // Only the item's own week, month and year count.
                    guard slot.period.period == periods[level], let event = state.currentEvent(of: slot)
                    else { continue }
                    slots[i][level] = Int32(decided.count)
                    decided.append(event)
                    let decision = event.decision
                    if decision == .keep { cycle = max(cycle, level.promotedCycle) }
                    if level == .weekly, decision == .archive { archived = true }
                }
                items[i].cycle = cycle
                items[i].archived = archived && cycle <= .weekly
            }
        }
        return (slots, decided)
    }

    private func ranges(_ level: ReviewLevel) -> PeriodRanges {
        switch level {
        case .weekly: weeks
        case .monthly: months
        case .yearly: years
        }
    }

    /// The decision in force for item `i` (of ``items``) in its own period
    /// of `level`, if any: what the board worked out once for every note.
    public func decision(ofItem i: Int, level: ReviewLevel) -> CurationDecision? {
        let slot = slots[i][level]
        return slot >= 0 ? decided[Int(slot)].decision : nil
    }

    /// The review of `period`: the notes created in it that are at the
    /// level's eligible cycle and not archived, plus any already decided in it.
    public func review(_ period: ReviewPeriod) -> Review {
        var eligible: [Item] = []
        var decisions: [CurationState.Decided?] = []
        let level = period.level
        for i in ranges(level).range(of: period) {
            let slot = slots[i][level]
            if slot >= 0 || (items[i].cycle == level.eligibleCycle && !items[i].archived) {
                eligible.append(items[i])
                decisions.append(slot >= 0 ? state.decided(decided[Int(slot)]) : nil)
            }
        }
        let covered = state.finished[period] == nil && baseline?.covers(period) == true
        return Review(
            period: period, items: eligible, decisions: decisions,
            finishedAt: state.finished[period] ?? (covered ? baseline?.time : nil), beforeBaseline: covered)
    }

    /// When `period` was finished: by a `finish` event, or by the baseline.
    private func finishedAt(_ period: ReviewPeriod) -> Date? {
        state.finished[period] ?? (baseline?.covers(period) == true ? baseline?.time : nil)
    }

    /// ``Review/pendingCount`` of `period`'s review, without building it.
    private func pendingCount(_ period: ReviewPeriod) -> Int {
        guard finishedAt(period) == nil else { return 0 }
        let level = period.level
        var pending = 0
        for i in ranges(level).range(of: period)
        where slots[i][level] < 0 && items[i].cycle == level.eligibleCycle && !items[i].archived {
            pending += 1
        }
        return pending
    }

    /// Every period of `level` in which some note was created, oldest first.
    public func periods(_ level: ReviewLevel) -> [ReviewPeriod] {
        ranges(level).periods
    }

    /// The period of `level` whose review is due on day `today` under
    /// `schedule`: the latest one whose review day has come (by default this
    /// week on Sundays, else last week; last month; last year).
    public static func duePeriod(_ level: ReviewLevel, today: Int, schedule: ReviewSchedule = .standard) -> ReviewPeriod {
        schedule.duePeriod(level, today: today)
    }

    /// ``duePeriod(_:today:schedule:)`` under the board's own schedule.
    public func duePeriod(_ level: ReviewLevel, today: Int) -> ReviewPeriod {
        schedule.duePeriod(level, today: today)
    }

    /// Past periods of `level` (before the due one) with notes still pending, oldest first.
    public func missed(_ level: ReviewLevel, today: Int) -> [Review] {
        let due = duePeriod(level, today: today)
        return periods(level).filter { $0 < due && pendingCount($0) > 0 }.map(review)
    }

    /// The period `vault review LEVEL` opens without a PERIOD: the latest
    /// period, up to the due one, that still has pending notes; the due
    /// period when none has.
    public func defaultPeriod(_ level: ReviewLevel, today: Int) -> ReviewPeriod {
        let due = duePeriod(level, today: today)
        for period in periods(level).reversed() where period <= due {
            if pendingCount(period) > 0 { return period }
        }
        return due
    }

    /// Lower-level periods overlapping `period` that still have pending
    /// notes: reviewing a month before its weeks are done leaves notes out.
    public func incompleteLowerPeriods(of period: ReviewPeriod) -> [Review] {
        var result: [Review] = []
        var level = period.level.lower
        while let lower = level {
            for p in period.overlapping(lower) where pendingCount(p) > 0 {
                result.append(review(p))
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
