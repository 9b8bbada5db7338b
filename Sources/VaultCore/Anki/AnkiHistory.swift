import Foundation

/// A vault card's history as Anki keeps it: the review log rows Anki would
/// have written had the answers been given in Anki (`rate` events as
/// answers, a `card-reset` `forget` as a reset, a due date set by hand as a
/// "Set due date" row) and the card's row as its schedule stands at `now`,
/// so that Anki shows the same due date and interval.
///
/// Pure: the card's events, its scheduler settings and the collection's days
/// in, rows out. Revlog ids are the answers' moments in milliseconds; the
/// caller makes them unique across the package.
public struct AnkiHistory: Sendable {
    /// The review log rows, in time order (ids not yet made unique, `card` not yet set).
    public var reviews: [AnkiReview] = []
    /// The card's scheduling columns (id, note, deck and ord are the caller's).
    public var card: AnkiCard
    /// The schedule replayed from the events.
    public var schedule: CardSchedule

    /// Anki caps an answer's recorded time at its `maxTaken` (60 seconds by default).
    public static let longestAnswer = 60_000

    /// The history of a card whose events are `events` (in replay order),
    /// scheduled under `settings`, as of `now`. `collection` gives the days
    /// (its ``AnkiCollection/created`` and zone), `zone` the vault's, and
    /// `newPosition` the card's place in the new queue (Anki's `due` of a new card).
    public init(
        events: [CardScheduleReplay.CardEvent], settings: SchedulerSettings, cardID: String, now: Date,
        collection: AnkiCollection, zone: TimeZone, newPosition: Int64, hold: CardHold? = nil
    ) {
        var schedule = CardSchedule(settings: settings)
        var lastInterval = 0
        for event in events {
            switch event {
            case .answer(let time, let answer, let milliseconds):
                let before = schedule
                let after = schedule.answering(answer, at: time, cardID: cardID)
                let interval = Self.revlogInterval(after, at: time, zone: zone)
                reviews.append(
                    AnkiReview(
                        id: Self.milliseconds(time), card: 0, ease: answer.fsrsRating.rawValue,
                        milliseconds: min(Self.longestAnswer, max(0, milliseconds ?? 0)), kind: Self.revlogKind(before),
                        interval: interval, lastInterval: lastInterval, factor: Self.factor(after)))
                lastInterval = interval
                schedule = after
            case .forget(let time):
                reviews.append(
                    AnkiReview(
                        id: Self.milliseconds(time), card: 0, ease: 0, milliseconds: 0, kind: 4, interval: 0,
                        lastInterval: lastInterval, factor: 0))
                lastInterval = 0
                schedule = schedule.forgetting(at: time)
            case .dueSet(let time, let due):
                let after = schedule.settingDue(due)
                guard after != schedule else { continue }
                let interval = max(1, after.intervalDays)
                reviews.append(
                    AnkiReview(
                        id: Self.milliseconds(time), card: 0, ease: 0, milliseconds: 0, kind: 4, interval: interval,
                        lastInterval: lastInterval, factor: max(1, Self.factor(after))))
                lastInterval = interval
                schedule = after
            case .tier(let time, let tier):
                schedule = schedule.moving(to: tier, at: time)
            }
        }
        self.schedule = schedule
        card = Self.cardRow(schedule, now: now, collection: collection, zone: zone, newPosition: newPosition)
        switch hold {
        case .suspended?: card.queue = -1
        case .buried?: card.queue = -3
        case nil: break
        }
    }

    /// A moment as a revlog id: milliseconds since 1970.
    public static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// The row's type from the card's state before the answer: 0 learning
    /// (new cards too), 1 review, 2 relearning.
    static func revlogKind(_ before: CardSchedule) -> Int {
        guard !before.isNew else { return 0 }
        switch before.state {
        case .fsrs(let s):
            switch s.phase {
            case .learning: return 0
            case .review: return 1
            case .relearning: return 2
            }
        case .sm2(let s): return s.repetitions == 0 ? 2 : 1
        case .osr(let s): return s.interval == 0 ? 2 : 1
        case .tiers, .ladder: return 1
        }
    }

    /// The interval after an answer as Anki logs it: whole days, or minus
    /// the seconds of a learning step that ends before the next day starts
    /// (4 a.m. in the vault's zone); a step past it counts in days.
    static func revlogInterval(_ after: CardSchedule, at time: Date, zone: TimeZone) -> Int {
        guard let due = after.due else { return 0 }
        let seconds = max(0, Int(due.timeIntervalSince(time).rounded()))
        if case .fsrs(let s) = after.state, s.phase != .review {
            let untilRollover = secondsUntilRollover(after: time, zone: zone)
            if seconds < untilRollover { return -seconds }
            return (seconds - untilRollover) / 86_400 + 1
        }
        return max(1, Int((Double(seconds) / 86_400).rounded()))
    }

    /// Seconds from `time` to the next 4 a.m. in `zone` (Anki's rollover).
    static func secondsUntilRollover(after time: Date, zone: TimeZone) -> Int {
        let local = Int64(time.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: time))
        let sinceRollover = ((local - AnkiCollection.rollover) % 86_400 + 86_400) % 86_400
        return Int(86_400 - sinceRollover)
    }

    /// The factor column: FSRS's difficulty shifted to 100-1100 (Anki's
    /// `difficulty_shifted() * 1000`), SM-2's ease in permille, 2500 for the
    /// tiers and the ladder (no ease).
    static func factor(_ schedule: CardSchedule) -> Int {
        switch schedule.state {
        case .fsrs(let s):
            guard let d = s.difficulty else { return 0 }
            return Int((((d - 1) / 9 + 0.1) * 1000).rounded())
        case .sm2(let s): return Int((s.easeFactor * 1000).rounded())
        case .osr(let s): return Int((s.ease * 10).rounded())  // the plugin's ease is ×100, Anki's factor ×1000
        case .tiers, .ladder: return 2500
        }
    }

    /// The card's row: new (queue 0, its position), learning or relearning
    /// (queue 1 with a moment when due before the next day starts, queue 3
    /// with a day number after), or review (queue 2, a day number), with its
    /// interval, ease, answers, lapses and, under fsrs, its memory state.
    static func cardRow(
        _ schedule: CardSchedule, now: Date, collection: AnkiCollection, zone: TimeZone, newPosition: Int64
    ) -> AnkiCard {
        var card = AnkiCard(id: 0, note: 0, deck: 0, ord: 0, queue: 0, type: 0, due: newPosition)
        card.reps = schedule.reviews
        card.lapses = schedule.lapses
        guard !schedule.isNew else { return card }
        let due = schedule.due ?? now
        let day = Int64(collection.dueDay(of: due, zone: zone))
        card.interval = max(1, schedule.intervalDays)
        card.factor = 2500
        card.type = 2
        card.queue = 2
        card.due = day
        switch schedule.state {
        case .fsrs(let s):
            if s.phase != .review {
                card.type = s.phase == .learning ? 1 : 3
                let steps: [TimeInterval]
                if case .fsrs(let settings) = schedule.settings {
                    steps = s.phase == .learning ? settings.learningSteps : settings.relearningSteps
                } else {
                    steps = []
                }
                card.left = max(1, steps.count - (s.step ?? 0))
                card.interval = s.phase == .learning ? 0 : max(1, schedule.intervalDays)
                let nextDay = now.addingTimeInterval(Double(secondsUntilRollover(after: now, zone: zone)))
                if due < nextDay {
                    card.queue = 1
                    card.due = Int64(due.timeIntervalSince1970.rounded(.down))
                } else {
                    card.queue = 3
                }
            }
            if let stability = s.stability, let difficulty = s.difficulty, case .fsrs(let settings) = schedule.settings
            {
                var parts = [
                    "\"s\":\(round(stability, 4))", "\"d\":\(round(difficulty, 3))",
                    "\"dr\":\(round(settings.desiredRetention, 2))",
                ]
                if settings.parameters.count > 20 { parts.append("\"decay\":\(round(settings.parameters[20], 3))") }
                if let last = schedule.lastReview {
                    parts.append("\"lrt\":\(Int64(last.timeIntervalSince1970.rounded(.down)))")
                }
                card.data = "{" + parts.joined(separator: ",") + "}"
            }
        case .sm2(let s):
            card.factor = Int((s.easeFactor * 1000).rounded())
        case .osr:
            card.factor = factor(schedule)
        case .tiers(let s):
            // An inactive card is never due in the vault: suspended in Anki.
            if s.tier == .inactive { card.queue = -1 }
        case .ladder:
            break
        }
        return card
    }

    /// `value` rounded to `places` decimals, written as Anki's JSON writes it.
    static func round(_ value: Double, _ places: Int) -> String {
        let factor = pow(10, Double(places))
        let rounded = (value * factor).rounded() / factor
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
