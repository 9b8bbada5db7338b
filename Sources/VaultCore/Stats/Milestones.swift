import Foundation

/// StudyFlow's milestones ("10 cards mastered, 30-day streak"), computed
/// from the ledger alone, each with the day it was reached.
///
/// "Shown once" is derived, never stored: a milestone is news on the day it
/// was reached (in the vault's zone), which `vault status` says ("Milestone
/// reached today: …"); afterwards `vault stats` lists it with its day. No
/// state file and no event: every clone agrees, a milestone reached on one
/// machine is news on the other the same day, and nothing is written by a
/// command that only reads (`vault status`).
public struct Milestone: Hashable, Sendable, Encodable {
    public enum Kind: String, Hashable, Sendable, Encodable, CaseIterable {
        /// Days studied in a row: 7, 30, 100, 365.
        case streak
        /// Cards proven mastered (answered right after 21 days or more, Anki's mature; or moved to the mastered tier): 10, 100, 1,000.
        case cardsMastered = "cards_mastered"
        /// Notes kept in a yearly review: 1, 10, 100.
        case notesKeptYearly = "notes_kept_yearly"
        /// Hours of study sessions of one subject: 10, 100, 1,000.
        case studyHours = "study_hours"
        /// Days in a row with card answers, every one of them right (StudyFlow's perfect accuracy): 3, 7, 30.
        case perfectStreak = "perfect_streak"
    }

    public var kind: Kind
    public var threshold: Int
    /// The subject of a ``Kind/studyHours`` milestone.
    public var subject: String?
    /// The day it was reached, YYYY-MM-DD in the vault's zone.
    public var day: String
    /// True on the day it was reached: the day it is news.
    public var isNew: Bool
    /// In words: "30-day streak", "100 cards mastered".
    public var title: String

    public static let streakDays = [7, 30, 100, 365]
    public static let masteredCards = [10, 100, 1_000]
    public static let keptNotes = [1, 10, 100]
    public static let subjectHours = [10, 100, 1_000]
    public static let perfectDays = [3, 7, 30]

    /// Every milestone reached by `now`, in the order reached (ties: by kind, then threshold).
    ///
    /// - Parameters:
    ///   - activeDays: day numbers with a study or review event or a study session (as the streak counts them).
    ///   - reviews: every classified card answer (``ReviewKind/classify(_:cards:now:timeZone:)``).
    ///   - log: the card log, for moves to the mastered tier.
    ///   - board: the curation board, for yearly keeps.
    ///   - sessions: the study sessions.
    public static func reached(
        activeDays: Set<Int>, reviews: [ClassifiedReview], log: CardEventLog, board: CurationBoard,
        sessions: [StudySessionRecord], now: Date, timeZone: TimeZone
    ) -> [Milestone] {
        let today = VaultDate.dayNumber(of: now, in: timeZone)
        var found: [(day: Int, kind: Kind, threshold: Int, subject: String?)] = []
        // Streaks: the first day each run length was reached.
        var run = 0
        var previous = Int.min
        var streaks = streakDays[...]
        for day in activeDays.filter({ $0 <= today }).sorted() {
            run = day == previous + 1 ? run + 1 : 1
            previous = day
            while let next = streaks.first, run >= next {
                found.append((day, .streak, next, nil))
                streaks = streaks.dropFirst()
            }
        }
        // Cards mastered: each card's first passed mature answer, or its first move to the mastered tier.
        // By the card's slot in the log (an answer names it so): no id hashed per answer.
        var mastered = [Date?](repeating: nil, count: log.ids.count)
        for review in reviews where review.kind == .mature && review.passed && review.time <= now {
            if mastered[review.card].map({ review.time < $0 }) ?? true { mastered[review.card] = review.time }
        }
        for slot in log.ids.indices {
            for case .tier(let time, .mastered) in log.histories[slot] where time <= now {
                if mastered[slot].map({ time < $0 }) ?? true { mastered[slot] = time }
                break
            }
        }
        found += crossings(mastered.compactMap { $0 }.sorted(), masteredCards, timeZone: timeZone).map { ($0.day, .cardsMastered, $0.threshold, nil) }
        // Notes kept through a yearly review: the keeps in force, in time order.
        var kept: [Date] = []
        for period in board.periods(.yearly) {
            for decided in board.review(period).decisions {
                if let decided, decided.decision == .keep, decided.time <= now { kept.append(decided.time) }
            }
        }
        found += crossings(kept.sorted(), keptNotes, timeZone: timeZone).map { ($0.day, .notesKeptYearly, $0.threshold, nil) }
        // Study hours per subject: crossed at the end of the session that crossed them.
        var minutes: [String: Double] = [:]
        var hours: [String: ArraySlice<Int>] = [:]
        for session in sessions.filter({ $0.end <= now }).sorted(by: { $0.end < $1.end }) {
            minutes[session.subject, default: 0] += session.end.timeIntervalSince(session.start) / 60
            var left = hours[session.subject] ?? subjectHours[...]
            while let next = left.first, minutes[session.subject]! >= Double(next * 60) {
                found.append((VaultDate.dayNumber(of: session.end, in: timeZone), .studyHours, next, session.subject))
                left = left.dropFirst()
            }
            hours[session.subject] = left
        }
        found += perfectStreaks(reviews, now: now).map { ($0.day, .perfectStreak, $0.threshold, nil) }
        let order = Kind.allCases
        return found.sorted {
            ($0.day, order.firstIndex(of: $0.kind)!, $0.threshold) < ($1.day, order.firstIndex(of: $1.kind)!, $1.threshold)
        }.map { item in
            Milestone(
                kind: item.kind, threshold: item.threshold, subject: item.subject,
                day: VaultDate.dayString(dayNumber: item.day), isNew: item.day == today,
                title: title(item.kind, item.threshold, subject: item.subject))
        }
    }

    /// The first day each run of ``perfectDays`` days was reached: days in a
    /// row with answers, every answer passed (a day with a failed answer or
    /// without answers ends the run).
    static func perfectStreaks(_ reviews: [ClassifiedReview], now: Date) -> [(day: Int, threshold: Int)] {
        var found: [(day: Int, threshold: Int)] = []
        var run = 0
        var previous = Int.min
        var thresholds = perfectDays[...]
        for (day, perfect) in perfectByDay(reviews, now: now) {
            run = perfect ? (day == previous + 1 ? run + 1 : 1) : 0
            previous = day
            while let next = thresholds.first, run >= next {
                found.append((day, next))
                thresholds = thresholds.dropFirst()
            }
        }
        return found
    }

    /// Each day with answers up to `now`, in order, and whether every answer of it passed:
    /// counted in an array over the days' span (a dictionary hashed every answer: a
    /// tenth of the stats page), or in a dictionary when the span passes a million days.
    static func perfectByDay(_ reviews: [ClassifiedReview], now: Date) -> [(day: Int, perfect: Bool)] {
        var low = Int.max
        var high = Int.min
        for review in reviews where review.time <= now {
            low = min(low, review.day)
            high = max(high, review.day)
        }
        guard low <= high else { return [] }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span < 1_000_000 else {
            var days: [Int: Bool] = [:]
            for review in reviews where review.time <= now {
                days[review.day] = (days[review.day] ?? true) && review.passed
            }
            return days.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        // 0: no answer that day; 1: every answer passed so far; 2: one failed.
        var state = [UInt8](repeating: 0, count: span + 1)
        for review in reviews where review.time <= now {
            let slot = review.day - low
            state[slot] = review.passed && state[slot] != 2 ? 1 : 2
        }
        return state.enumerated().compactMap { $0.element == 0 ? nil : (low + $0.offset, $0.element == 1) }
    }

    /// The day the `n`-th of `times` (sorted) came, for each threshold reached.
    static func crossings(_ times: [Date], _ thresholds: [Int], timeZone: TimeZone) -> [(day: Int, threshold: Int)] {
        thresholds.filter { $0 <= times.count }.map { (VaultDate.dayNumber(of: times[$0 - 1], in: timeZone), $0) }
    }

    static func title(_ kind: Kind, _ n: Int, subject: String?) -> String {
        let count = n >= 1_000 ? "\(n / 1_000),\((n % 1_000).zeroPadded(3))" : "\(n)"
        switch kind {
        case .streak: return "\(n)-day streak"
        case .cardsMastered: return "\(count) cards mastered"
        case .notesKeptYearly: return n == 1 ? "first note kept through a yearly review" : "\(count) notes kept through a yearly review"
        case .studyHours: return "\(count) hours of \(subject ?? "study")"
        case .perfectStreak: return "\(n) days in a row with every answer right"
        }
    }
}
