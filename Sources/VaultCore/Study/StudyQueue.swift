import Foundation

/// Today's study queue, as `vault study` shows it.
public struct StudyQueue: Hashable, Sendable {
    /// Why a card is in the queue, in queue order.
    public enum Group: Int, Hashable, Sendable, Comparable, Codable {
        case overdue, learning, reviewing, mastered

        /// Queue order.
        public static func < (a: Group, b: Group) -> Bool { a.rawValue < b.rawValue }

        public var name: String {
            switch self {
            case .overdue: return "overdue"
            case .learning: return "learning"
            case .reviewing: return "reviewing"
            case .mastered: return "mastered"
            }
        }
    }

    /// A card in the queue and why it is there.
    public struct Entry: Hashable, Sendable {
        public var card: Card
        public var schedule: CardSchedule
        public var group: Group
        /// Calendar days past the due day (0 when due today or new).
        public var overdueDays: Int
        /// The rotation score (higher first within a group).
        public var priority: Double
    }

    /// The cards to study now, in order, at most the remaining daily limit.
    public var entries: [Entry]
    /// Cards overdue by more than the grace days that wait for a later day
    /// (more than the day's share coming back), oldest first.
    public var setAside: [Entry]
    /// Cards that were due or new but did not fit under the daily limit.
    public var deferred: Int
    /// Cards answered today (within the folder), which count against the limit.
    public var studiedToday: Int
    public var dailyLimit: Int
    /// Cards left for another day because a sibling (a card of the same
    /// sentence or `:::` pair) is studied today, as Anki buries siblings.
    public var buried: Int = 0
    /// The batch asked for (`--limit`), nil for the rest of the day's limit.
    public var batch: Int?
    /// What the session is about.
    public var focus: StudyFocus = .today
    /// Set-aside cards answered today (they count against the day's share coming back).
    public var returnedToday = 0

    /// Cards the daily limit leaves for today (the batch aside).
    public var dayLeft: Int { max(0, dailyLimit - studiedToday) }
    /// True when today is a day off from study (a day limit of 0, `study.limits_by_day`): every card waits.
    public var isDayOff: Bool { dailyLimit == 0 && (focus == .today || focus == .weak) }
    /// True when the day's limit is used up: no more cards today, whatever the batch.
    public var dailyLimitReached: Bool {
        (focus == .today || focus == .weak) && dailyLimit != Int.max && dayLeft == 0
    }
}

/// Builds the study queue: a pure function of the cards, their schedules,
/// the moment and the options (SPEC section 6, docs/FORMAT.md Flashcards).
///
/// - A card counts as due today when its due time is before the end of
///   today in the vault's zone; new cards are always available (except in
///   `due` mode); inactive cards never are.
/// - Cards overdue by 1 to `overdueGraceDays` calendar days come first
///   (group overdue); cards overdue by more are set aside: out of the overdue
///   group, not out of study. They come back in their own group, oldest
///   first, at most `overduePerDay` a day (those answered today after coming
///   back count); the overdue focus (`--overdue`) takes them all now.
/// - Then learning (new cards included), reviewing, mastered. With
///   `learningAgainAfter` (fewer than 20 learning cards in the folder), a
///   learning card of the tiers scheduler answered today is due again that
///   long after its answer, today, whatever later day its schedule names.
/// - The exam preset brings every set-aside card back at once.
/// - Within a group, rotation favours cards not seen for 2+ days (+1), low
///   accuracy (+1 − accuracy; new cards count 0.5) and new cards (+1); then
///   earlier due time, then reading order (note path, position in the note).
/// - The batch (`--limit`) is cards now, whatever was answered earlier
///   today; the daily limit (30; 50 with the exam preset) counts the cards
///   already answered today and caps the batch.
/// - Siblings are buried: of the cards that share a note and a line (the
///   clozes of one sentence, both halves of a `:::` pair) only one comes up
///   in a day, the first in reading order, or none when a sibling was
///   already answered today (that card itself may come back, say after Again).
public enum StudyPlanner {
    /// Today's queue for `cards` at `now`, days counted in `timeZone`.
    public static func plan(
        cards: [Card], schedules: [String: CardSchedule], now: Date, timeZone: TimeZone,
        options: StudyOptions = StudyOptions()
    ) -> StudyQueue {
        if options.focus == .weak || options.focus == .cram {
            return planAnyDay(cards: cards, schedules: schedules, now: now, timeZone: timeZone, options: options)
        }
        var waiting: [Candidate] = []
        var setAside: [Candidate] = []
        let tally = survey(cards: cards, schedules: schedules, now: now, timeZone: timeZone, options: options) {
            card, schedule, group, overdueDays in
            let candidate = Candidate(
                card: card, group: group, overdueDays: overdueDays, priority: priority(schedule, now: now),
                due: schedule.due ?? .distantPast)
            if overdueDays > options.overdueGraceDays {
                setAside.append(candidate)
            } else {
                waiting.append(candidate)
            }
        }
        // Oldest first: the earliest due time, then queue order.
        let oldest = { (a: Candidate, b: Candidate) in a.due != b.due ? a.due < b.due : a.precedes(b, in: cards) }
        let order = { (a: Candidate, b: Candidate) in a.precedes(b, in: cards) }
        let dayLeft = max(0, options.dailyLimit - tally.studiedToday)
        let room: Int
        var kept: [Candidate]
        switch options.focus {
        case .overdue:
            // Every overdue card now, oldest first: neither the spread nor the daily limit holds them back.
            waiting = waiting.filter { $0.group == .overdue } + setAside
            setAside = []
            room = options.limit ?? Int.max
            kept = room < waiting.count ? first(room, of: waiting, by: oldest) : waiting.sorted(by: oldest)
        default:
            // Set-aside cards come back in their own group, oldest first, a few a day
            // (those answered today after coming back count against the day's share).
            // The exam preset lifts the spread: every long-overdue card is back now, oldest first.
            let share =
                options.preset.liftsOverdueSpread ? Int.max : max(0, options.overduePerDay - tally.returnedToday)
            if share > 0, !setAside.isEmpty {
                setAside.sort(by: oldest)
                let back = min(share, setAside.count)
                for var candidate in setAside[..<back] {
                    candidate.group = group(of: (schedules[cards[candidate.card].id] ?? unanswered).tier)
                    candidate.priority = priority(schedules[cards[candidate.card].id] ?? unanswered, now: now)
                    waiting.append(candidate)
                }
                setAside.removeFirst(back)
            }
            // The batch is cards now, whatever was answered earlier; the daily limit caps the day.
            room = min(options.limit ?? dayLeft, dayLeft)
            // Order small candidates and make entries only of those kept: with
            // a daily limit, only the first `room` need ordering at all.
            kept = room < waiting.count ? first(room, of: waiting, by: order) : waiting.sorted(by: order)
            setAside.sort(by: oldest)
        }
        func entry(_ c: Candidate) -> StudyQueue.Entry {
            let card = cards[c.card]
            return StudyQueue.Entry(
                card: card, schedule: schedules[card.id] ?? unanswered, group: c.group, overdueDays: c.overdueDays,
                priority: c.priority)
        }
        var queue = StudyQueue(
            entries: kept.map(entry), setAside: setAside.map(entry),
            deferred: max(0, waiting.count - room), studiedToday: tally.studiedToday, dailyLimit: options.dailyLimit,
            buried: tally.buried)
        queue.batch = options.limit
        queue.focus = options.focus
        queue.returnedToday = tally.returnedToday
        return queue
    }

    /// The queue group of a card in `tier` that is not overdue.
    static func group(of tier: StudyTier) -> StudyQueue.Group {
        switch tier {
        case .learning, .inactive: return .learning
        case .reviewing: return .reviewing
        case .mastered: return .mastered
        }
    }

    /// What a survey counted besides the cards it passed on.
    struct Tally {
        /// Cards answered today.
        var studiedToday = 0
        /// Cards left out because a sibling is up today or was answered today.
        var buried = 0
        /// Cards answered today that were set aside before (overdue by more than the grace days).
        var returnedToday = 0
    }

    /// Walks `cards` once, applying the queue's rules: calls `body` with
    /// each card (its index in `cards`) that is up for study today, its
    /// schedule, its group and how many days overdue it is (set-aside cards
    /// included, buried siblings not), and returns how many cards were
    /// answered today and how many were buried.
    ///
    /// The planner and ``FlashcardCounts`` both use it, so their counts agree.
    /// Siblings are neighbours in `cards` (a note's cards come in reading
    /// order), so burying needs no table: one run of equal note and line at a time.
    static func survey(
        cards: [Card], schedules: [String: CardSchedule], now: Date, timeZone: TimeZone, options: StudyOptions,
        _ body: (_ card: Int, _ schedule: CardSchedule, _ group: StudyQueue.Group, _ overdueDays: Int) -> Void
    ) -> Tally {
        let today = VaultDate.day(of: now, in: timeZone)
        let todayNumber = VaultDate.daysFromCivil(today.year, today.month, today.day)
        let startOfToday = VaultDate.date(localSeconds: Double(todayNumber) * 86_400, in: timeZone)
        let endOfToday = VaultDate.date(localSeconds: Double(todayNumber + 1) * 86_400, in: timeZone)
        let folder = options.folder.map(SchedulerConfig.folderPrefix) ?? ""
        // dayStarts[k]: the start of the day k + 1 days before today.
        let dayStarts = (1...(options.overdueGraceDays + 1)).map {
            VaultDate.date(localSeconds: Double(todayNumber - $0) * 86_400, in: timeZone)
        }
        // A card due before this was overdue by more than the grace days.
        let setAsideBefore = VaultDate.date(
            localSeconds: Double(todayNumber - options.overdueGraceDays) * 86_400, in: timeZone)
        var tally = Tally()
        // The current run of siblings: whether one was answered today, and
        // whether one is already up for study.
        var runStart = -1
        var runAnswered = false
        var runShown = false
        var held: [(card: Int, schedule: CardSchedule, group: StudyQueue.Group, overdueDays: Int)] = []
        func answeredToday(_ schedule: CardSchedule) -> Bool {
            schedule.lastReview.map { $0 >= startOfToday && $0 <= now } ?? false
        }
        func flushRun() {
            for entry in held {
                let shown: Bool
                if entry.overdueDays > options.overdueGraceDays {
                    shown = true  // set aside: reported, never studied, so never buried
                } else if runAnswered {
                    shown = answeredToday(entry.schedule)
                } else {
                    shown = !runShown
                    runShown = true
                }
                if shown {
                    body(entry.card, entry.schedule, entry.group, entry.overdueDays)
                } else {
                    tally.buried += 1
                }
            }
            held.removeAll(keepingCapacity: true)
        }
        // By index: `for card in cards` would copy each card's strings.
        for i in cards.indices where folder.isEmpty || cards[i].notePath.hasPrefix(folder) {
            if runStart < 0 || cards[i].line != cards[runStart].line || cards[i].notePath != cards[runStart].notePath {
                flushRun()
                runStart = i
                runAnswered = false
                runShown = false
            }
            let schedule = schedules[cards[i].id] ?? unanswered
            if let last = schedule.lastReview, last >= startOfToday, last <= now {
                tally.studiedToday += 1
                runAnswered = true
                if let before = schedule.dueAtLastReview, before < setAsideBefore {
                    tally.returnedToday += 1
                }
            }
            guard options.admits(cards[i].id, schedule) else { continue }
            let tier = schedule.tier
            var overdueDays = 0
            if !schedule.isNew {
                guard let due = schedule.due else { continue }
                if due >= endOfToday {
                    // A tiers learning card (StudyFlow's) answered today comes back after a short step while few
                    // are learning; fsrs, sm2 and ladder cards keep the day their scheduler gave them.
                    guard let step = options.learningAgainAfter, case .tiers = schedule.state, tier == .learning,
                        let last = schedule.lastReview,
                        last >= startOfToday, last.addingTimeInterval(step) <= now
                    else { continue }
                    held.append((i, schedule, .learning, 0))
                    continue
                }
                if due < startOfToday {
                    // Starts of the last few days, computed once: most overdue cards need no calendar.
                    if let k = dayStarts.firstIndex(where: { due >= $0 }) {
                        overdueDays = k + 1
                    } else {
                        let dueDay = VaultDate.day(of: due, in: timeZone)
                        overdueDays = todayNumber - VaultDate.daysFromCivil(dueDay.year, dueDay.month, dueDay.day)
                    }
                }
            }
            let group = overdueDays > 0 ? .overdue : Self.group(of: tier)
            held.append((i, schedule, group, overdueDays))
        }
        flushRun()
        return tally
    }

    /// The schedule of a card the ledger has no answer for.
    static let unanswered = CardSchedule(settings: .defaults(.fsrs))

    /// The rotation score of a card (higher is studied sooner).
    public static func priority(_ schedule: CardSchedule, now: Date) -> Double {
        var score = 0.0
        if let last = schedule.lastReview {
            if now.timeIntervalSince(last) >= 2 * 86_400 { score += 1 }
        } else {
            score += 2  // never seen: unseen for 2+ days, and new
        }
        score += 1 - (schedule.accuracy ?? 0.5)
        return score
    }

    /// A card up for study, before it becomes an entry: what ordering needs,
    /// small enough to move around cheaply (a schedule carries its settings and state inline).
    struct Candidate {
        /// Its index in the planned cards.
        var card: Int
        var group: StudyQueue.Group
        var overdueDays: Int
        var priority: Double
        /// Its due time; the distant past for a new card.
        var due: Date

        /// Queue order: group, then higher priority, then earlier due time,
        /// then reading order (note path, position in the note, id); cards
        /// equal in all of these keep the order they were given in.
        func precedes(_ other: Candidate, in cards: [Card]) -> Bool {
            if group != other.group { return group < other.group }
            if priority != other.priority { return priority > other.priority }
            if due != other.due { return due < other.due }
            if card == other.card { return false }
            // Field by field: copying two whole cards per comparison (seven
            // strings retained and released) was half of `vault remind`'s
            // planning at 35,000 cards.
            if cards[card].notePath != cards[other.card].notePath {
                return cards[card].notePath < cards[other.card].notePath
            }
            if cards[card].position != cards[other.card].position {
                return cards[card].position < cards[other.card].position
            }
            if cards[card].id != cards[other.card].id { return cards[card].id < cards[other.card].id }
            return card < other.card
        }
    }

    /// The first `k` of `elements` under `order` (a strict total order), in
    /// order: what `elements.sorted(by: order).prefix(k)` gives, without
    /// ordering the rest. A max-heap of the `k` best seen so far.
    static func first<Element>(
        _ k: Int, of elements: [Element], by order: (Element, Element) -> Bool
    ) -> [Element] {
        guard k > 0 else { return [] }
        guard k < elements.count else { return elements.sorted(by: order) }
        var heap: [Element] = []
        heap.reserveCapacity(k)
        // heap[0] is the last (worst) of the best k so far.
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var worst = left
                if left + 1 < heap.count, order(heap[left], heap[left + 1]) { worst = left + 1 }
                guard order(heap[parent], heap[worst]) else { return }
                heap.swapAt(parent, worst)
                parent = worst
            }
        }
        for element in elements {
            if heap.count < k {
                heap.append(element)
                var child = heap.count - 1
                while child > 0, order(heap[(child - 1) / 2], heap[child]) {
                    heap.swapAt(child, (child - 1) / 2)
                    child = (child - 1) / 2
                }
            } else if order(element, heap[0]) {
                heap[0] = element
                siftDown(0)
            }
        }
        return heap.sorted(by: order)
    }
}
