import Foundation

/// A card's state under one of the schedulers.
public enum SchedulerState: Hashable, Sendable {
    case fsrs(FSRSCardState)
    case sm2(SM2CardState)
    case tiers(TiersCardState)
    case ladder(LadderCardState)
    case osr(OSRCardState)

    /// The state of a card never reviewed under `settings`.
    public static func new(_ settings: SchedulerSettings) -> SchedulerState {
        switch settings {
        case .fsrs: return .fsrs(.new)
        case .sm2: return .sm2(.new)
        case .tiers: return .tiers(.new)
        case .ladder: return .ladder(.new)
        case .osr(let s): return .osr(.new(ease: s.baseEase))
        }
    }

    /// When the card is next due; nil for a new card (due now) and an inactive one.
    public var due: Date? {
        switch self {
        case .fsrs(let s): return s.due
        case .sm2(let s): return s.due
        case .tiers(let s): return s.due
        case .ladder(let s): return s.due
        case .osr(let s): return s.due
        }
    }

    /// The scheduler's own word for the state: `learning`, `review`,
    /// `relearning` (fsrs), `learning`/`review` (sm2), the tier, `1d`… (ladder), or
    /// `learning` (after Again) / `review` (osr).
    public var name: String {
        switch self {
        case .fsrs(let s): return s.phase.rawValue
        case .sm2(let s): return s.repetitions == 0 ? "learning" : "review"
        case .tiers(let s): return s.tier.rawValue
        case .ladder(let s): return s.step.map { "step\($0 + 1)" } ?? "new"
        case .osr(let s): return s.dueDay == nil || s.interval < 1 ? "learning" : "review"
        }
    }

    /// The state as ledger fields, without suffix: what `rate` events record
    /// before and after the answer (docs/FORMAT.md, Flashcards).
    public var fields: [(key: String, value: String)] {
        func time(_ d: Date?) -> String { d.map(VaultDate.isoString) ?? "" }
        func number(_ x: Double?) -> String { x.map { String($0) } ?? "" }
        switch self {
        case .fsrs(let s):
            return [
                ("state", s.phase.rawValue), ("step", s.step.map(String.init) ?? ""), ("s", number(s.stability)),
                ("d", number(s.difficulty)), ("due", time(s.due)),
            ]
        case .sm2(let s):
            return [
                ("ef", String(s.easeFactor)), ("n", String(s.repetitions)), ("interval", String(s.interval)),
                ("due", time(s.due)),
            ]
        case .tiers(let s):
            return [("tier", s.tier.rawValue), ("streak", String(s.correctStreak)), ("due", time(s.due))]
        case .ladder(let s):
            return [("step", s.step.map(String.init) ?? ""), ("due", time(s.due))]
        case .osr(let s):
            return [("interval", OSR.jsNumber(s.interval)), ("ease", OSR.jsNumber(s.ease)), ("due", time(s.due))]
        }
    }
}

/// Everything known about a card's reviews: its scheduler state and the
/// counts the study queue and statistics use. Computed by
/// ``CardScheduleReplay``, never stored.
public struct CardSchedule: Hashable, Sendable {
    // Stored small (counts in 4 bytes, dates in 8: ``PackedCount``, ``PackedDate``), the
    // counts beside the settings: 128 bytes a schedule where plain `Int`s and `Date?`s
    // took 216 (`vault serve` keeps every card's schedule between requests).
    public var settings: SchedulerSettings
    /// Answers given, and how many were correct (Hard or better, quality 3+).
    @PackedCount public var reviews: Int
    @PackedCount public var correct: Int
    /// Correct answers in a row.
    @PackedCount public var correctStreak: Int
    /// Failed answers given after the card reached review (reviewing or
    /// mastered), as Anki counts lapses: what makes a card a leech.
    @PackedCount public var lapses: Int = 0
    public var state: SchedulerState
    @PackedDate public var lastReview: Date?
    /// The moment of the last lapse.
    @PackedDate public var lastLapse: Date? = nil
    /// When the card was due just before its last answer (nil for a card
    /// new then): tells the study planner which answers of today brought a
    /// long-overdue card back.
    @PackedDate public var dueAtLastReview: Date? = nil
    /// The moment of a `card-reset` `forget` no answer has followed yet:
    /// the card is new again (its counts and last review stay, as Anki keeps them).
    @PackedDate public var forgottenAt: Date? = nil
    /// The review the schedule stored in the note implies (the start of its due day less its
    /// interval), when the state came from it (``adopting(_:timeZone:)``): such a card is not
    /// new, though the ledger may hold no answer to it.
    @PackedDate public var storedReview: Date? = nil

    /// A card never reviewed under `settings`.
    public init(settings: SchedulerSettings) {
        self.settings = settings
        self.state = .new(settings)
        self.reviews = 0
        self.correct = 0
        self.correctStreak = 0
        self.lastReview = nil
    }

    /// Never answered, or forgotten since its last answer.
    public var isNew: Bool { (reviews == 0 && storedReview == nil) || forgottenAt != nil }
    public var due: Date? { state.due }
    /// Share of correct answers, nil before the first.
    public var accuracy: Double? { reviews == 0 ? nil : Double(correct) / Double(reviews) }

    /// The schedule after `answer` at `time` (`cardID` seeds FSRS fuzz).
    public func answering(_ answer: ReviewAnswer, at time: Date, cardID: String) -> CardSchedule {
        var next = self
        let before = tier
        next.dueAtLastReview = isNew ? nil : due
        next.forgottenAt = nil
        if !answer.isCorrect, before == .reviewing || before == .mastered, !isNew {
            next.lapses += 1
            next.lastLapse = time
        }
        switch (settings, state) {
        case (.fsrs(let s), .fsrs(let card)):
            next.state = .fsrs(FSRS(settings: s).review(card, rating: answer.fsrsRating, at: time, cardID: cardID))
        case (.sm2, .sm2(let card)):
            next.state = .sm2(SM2.review(card, quality: answer.quality, at: time))
        case (.tiers(let streak), .tiers(let card)):
            next.state = .tiers(Tiers(promotionStreak: streak).review(card, correct: answer.isCorrect, at: time))
        case (.ladder(let steps), .ladder(let card)):
            next.state = .ladder(Ladder(steps: steps).review(card, correct: answer.isCorrect, at: time))
        case (.osr(let s), .osr(let card)):
            next.state = .osr(OSR(settings: s).review(card, rating: answer.fsrsRating, at: time))
        default:
            // A state from another scheduler never reaches here: replay starts each card under its own.
            var reset = self
            reset.state = .new(settings)
            return reset.answering(answer, at: time, cardID: cardID)
        }
        next.reviews += 1
        if answer.isCorrect {
            next.correct += 1
            next.correctStreak += 1
        } else {
            next.correctStreak = 0
        }
        next.lastReview = time
        return next
    }

    /// The schedule after a `card-reset` `forget` at `time` (Anki's
    /// "Forget"): the card is new again under its scheduler, so the answers
    /// before it no longer shape its schedule (its state, due date and
    /// streak start over). What it has been through stays, as Anki keeps a
    /// forgotten card's repetitions and lapses: ``reviews``, ``correct``
    /// (so ``accuracy``), ``lapses``, ``lastLapse`` and ``lastReview``.
    public func forgetting(at time: Date) -> CardSchedule {
        var next = self
        next.state = .new(settings)
        next.correctStreak = 0
        next.dueAtLastReview = nil
        next.forgottenAt = time
        return next
    }

    /// The schedule taken from `stored`, the schedule another tool stored with the card (the
    /// Spaced Repetition plugin's `<!--SR:…-->` group), as if reviewed on the day it implies;
    /// the counts of answers stay. Under `osr` it is the state as stored; under `fsrs`, a group
    /// of the plugin's FSRS as stored, an SM-2 group as the plugin converts one
    /// (`sm2ScheduleToFsrsCard`); the other schedulers ignore it. Days are `timeZone`'s.
    public func adopting(_ stored: StoredSchedule, timeZone: TimeZone) -> CardSchedule {
        let reviewDay = stored.impliedReviewDay(in: timeZone)
        let reviewed = VaultDate.startOfDay(reviewDay, in: timeZone)
        var next = self
        switch (settings, stored) {
        case (.osr, .osr(let day, let interval, let ease)), (.osr, .note(let day, let interval, let ease)):
            var isNote = false
            if case .note = stored { isNote = true }
            next.state = .osr(
                OSRCardState(
                    dueDay: day, due: VaultDate.startOfDay(day, in: timeZone), interval: interval, ease: ease,
                    lastReview: reviewed, countsOverdueDays: isNote))
        case (.osr, .fsrs(let g)):
            next.state = .osr(
                OSRCardState(
                    dueDay: stored.dueDay(in: timeZone), due: g.due, interval: g.interval, ease: stored.ease,
                    lastReview: g.lastReview ?? reviewed, countsOverdueDays: true))
        case (.fsrs, .fsrs(let g)):
            let phase: FSRSCardState.Phase? = [1: .learning, 2: .review, 3: .relearning][g.state]
            guard let phase else { return self }
            next.state = .fsrs(
                FSRSCardState(
                    phase: phase, step: phase == .review ? nil : g.learningSteps, stability: g.stability,
                    difficulty: g.difficulty, due: g.due, lastReview: g.lastReview ?? reviewed))
        case (.fsrs, .osr(let day, let interval, let ease)), (.fsrs, .note(let day, let interval, let ease)):
            let days = max(1, OSR.jsRound(interval))
            let due = VaultDate.startOfDay(day, in: timeZone)
            next.state = .fsrs(
                FSRSCardState(
                    phase: .review, step: nil, stability: max(0.1, days), difficulty: OSR.difficulty(ofEase: ease),
                    due: due, lastReview: due.addingTimeInterval(-days * 86_400)))
        default:
            return self
        }
        next.storedReview = reviewed
        next.dueAtLastReview = nil
        next.forgottenAt = nil
        return next
    }

    /// The schedule after a due date set by hand (Anki's "Set due date"):
    /// the card keeps its history and its memory and is due at `due`; under
    /// fsrs a card still learning becomes a review card, as Anki makes it.
    /// A card never answered (or forgotten since) stays new: the vault has
    /// no due date for a new card. An osr card's due day is counted in `timeZone`.
    public func settingDue(_ due: Date, timeZone: TimeZone = VaultDate.utc) -> CardSchedule {
        guard !isNew else { return self }
        var next = self
        switch state {
        case .fsrs(var s):
            s.due = due
            if s.phase != .review, s.stability != nil {
                s.phase = .review
                s.step = nil
            }
            next.state = .fsrs(s)
        case .sm2(var s):
            s.due = due
            next.state = .sm2(s)
        case .tiers(var s):
            s.due = due
            next.state = .tiers(s)
        case .ladder(var s):
            s.due = due
            next.state = .ladder(s)
        case .osr(var s):
            s.due = due
            s.dueDay = StoredSchedule.dayNumber(due, timeZone)
            next.state = .osr(s)
        }
        return next
    }

    /// The schedule after a manual move to `tier` (tiers scheduler only; other schedulers ignore it).
    public func moving(to tier: StudyTier, at time: Date) -> CardSchedule {
        guard case .tiers(let streak) = settings, case .tiers(let card) = state else { return self }
        var next = self
        next.state = .tiers(Tiers(promotionStreak: streak).move(card, to: tier, at: time))
        return next
    }

    /// The card's place in the study queue: learning, reviewing or mastered
    /// (inactive only under the tiers scheduler). For fsrs and sm2 a card is
    /// mastered when its interval reaches ``masteredInterval`` days (Anki's "mature").
    public var tier: StudyTier {
        switch state {
        case .fsrs(let s):
            guard s.phase == .review else { return .learning }
            return intervalDays >= Self.masteredInterval ? .mastered : .reviewing
        case .sm2(let s):
            guard s.repetitions >= 2 else { return .learning }
            return s.interval >= Self.masteredInterval ? .mastered : .reviewing
        case .tiers(let s):
            return s.tier
        case .ladder(let s):
            guard let step = s.step, step > 0 else { return .learning }
            guard case .ladder(let steps) = settings else { return .reviewing }
            return step >= steps.count - 1 ? .mastered : .reviewing
        case .osr(let s):
            guard s.dueDay != nil, s.interval >= 1 else { return .learning }
            return s.interval >= Double(Self.masteredInterval) ? .mastered : .reviewing
        }
    }

    /// Interval, in days, of a card that is mastered under fsrs and sm2.
    public static let masteredInterval = 21

    /// Days from the last review to the due date (0 for new cards).
    public var intervalDays: Int {
        guard let due, let lastReview else { return 0 }
        return Int((due.timeIntervalSince(lastReview) / 86_400).rounded(.down))
    }

    /// True under the tiers scheduler after enough correct answers in a row.
    public var promotionSuggested: Bool {
        guard case .tiers(let streak) = settings, case .tiers(let card) = state else { return false }
        return Tiers(promotionStreak: streak).suggestsPromotion(card)
    }
}
