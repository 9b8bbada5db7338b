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
    /// Cards overdue by more than the grace days: reported, not piled on.
    public var setAside: [Entry]
    /// Cards that were due or new but did not fit under the daily limit.
    public var deferred: Int
    /// Cards answered today (within the folder), which count against the limit.
    public var studiedToday: Int
    public var dailyLimit: Int
}

/// Builds the study queue: a pure function of the cards, their schedules,
/// the moment and the options (SPEC section 6, docs/FORMAT.md Flashcards).
///
/// - A card counts as due today when its due time is before the end of
///   today in the vault's zone; new cards are always available (except in
///   `due` mode); inactive cards never are.
/// - Cards overdue by 1 to `overdueGraceDays` calendar days come first
///   (group overdue); cards overdue by more are set aside and reported.
/// - Then learning (new cards included), reviewing, mastered.
/// - Within a group, rotation favours cards not seen for 2+ days (+1), low
///   accuracy (+1 − accuracy; new cards count 0.5) and new cards (+1); then
///   earlier due time, then reading order (note path, position in the note).
/// - The daily limit (30; 50 with the exam preset; `--limit`) counts the
///   cards already answered today.
public enum StudyPlanner {
    /// Today's queue for `cards` at `now`, days counted in `timeZone`.
    public static func plan(
        cards: [Card], schedules: [String: CardSchedule], now: Date, timeZone: TimeZone,
        options: StudyOptions = StudyOptions()
    ) -> StudyQueue {
        let today = VaultDate.day(of: now, in: timeZone)
        let todayNumber = VaultDate.daysFromCivil(today.year, today.month, today.day)
        let startOfToday = VaultDate.date(localSeconds: Double(todayNumber) * 86_400, in: timeZone)
        let endOfToday = VaultDate.date(localSeconds: Double(todayNumber + 1) * 86_400, in: timeZone)
        let folder = options.folder.map(SchedulerConfig.folderPrefix) ?? ""
        // dayStarts[k]: the start of the day k + 1 days before today.
        let dayStarts = (1...(options.overdueGraceDays + 1)).map {
            VaultDate.date(localSeconds: Double(todayNumber - $0) * 86_400, in: timeZone)
        }

        var entries: [StudyQueue.Entry] = []
        var setAside: [StudyQueue.Entry] = []
        var studiedToday = 0
        for card in cards where card.notePath.hasPrefix(folder) {
            let schedule = schedules[card.id] ?? CardSchedule(settings: .defaults(.fsrs))
            if let last = schedule.lastReview, last >= startOfToday, last <= now { studiedToday += 1 }
            let tier = schedule.tier
            guard tier != .inactive else { continue }
            switch options.mode {
            case .all: break
            case .learning: guard tier == .learning else { continue }
            case .reviewing: guard tier == .reviewing else { continue }
            case .due: guard !schedule.isNew else { continue }
            }
            var overdueDays = 0
            if !schedule.isNew {
                guard let due = schedule.due, due < endOfToday else { continue }
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
            let group: StudyQueue.Group
            if overdueDays > 0 {
                group = .overdue
            } else {
                switch tier {
                case .learning, .inactive: group = .learning
                case .reviewing: group = .reviewing
                case .mastered: group = .mastered
                }
            }
            let entry = StudyQueue.Entry(
                card: card, schedule: schedule, group: group, overdueDays: overdueDays,
                priority: priority(schedule, now: now))
            if overdueDays > options.overdueGraceDays {
                setAside.append(entry)
            } else {
                entries.append(entry)
            }
        }
        entries.sort(by: queueOrder)
        setAside.sort(by: queueOrder)
        let room = max(0, options.dailyLimit - studiedToday)
        let deferred = max(0, entries.count - room)
        return StudyQueue(
            entries: Array(entries.prefix(room)), setAside: setAside, deferred: deferred, studiedToday: studiedToday,
            dailyLimit: options.dailyLimit)
    }

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

    static func queueOrder(_ a: StudyQueue.Entry, _ b: StudyQueue.Entry) -> Bool {
        if a.group != b.group { return a.group < b.group }
        if a.priority != b.priority { return a.priority > b.priority }
        let ad = a.schedule.due ?? .distantPast
        let bd = b.schedule.due ?? .distantPast
        if ad != bd { return ad < bd }
        if a.card.notePath != b.card.notePath { return a.card.notePath < b.card.notePath }
        if a.card.position != b.card.position { return a.card.position < b.card.position }
        return a.card.id < b.card.id
    }
}
