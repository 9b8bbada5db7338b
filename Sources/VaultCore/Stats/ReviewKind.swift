import Foundation

/// What a flashcard review was, as Anki's statistics count it: a new card's
/// answers until it passes a step and comes back on a later day are learning;
/// a reviewed card's answers after a fail relearning; otherwise young
/// (interval under 21 days) or mature (21 days or more). See
/// ``kind(after:interval:)``.
public enum ReviewKind: String, Sendable, CaseIterable, Encodable {
    case learn, young, mature, relearn

    /// Days from which a card is mature.
    public static let matureDays = 21.0
}

/// One answer with its kind and what the stats need of it.
public struct ClassifiedReview: Sendable {
    public var time: Date
    /// The day (in the vault's zone) and the hour of the day (0-23) it was given.
    public var day: Int
    public var hour: Int
    /// The card's place in the card log (its id is `log.ids[card]`).
    public var card: Int
    public var kind: ReviewKind
    /// Again (fsrs), quality below 3 (sm2) or wrong (tiers, ladder) fails.
    public var passed: Bool
    /// The button: again, hard, good, easy (sm2 qualities and right/wrong mapped to these).
    public var button: String
    public var responseMilliseconds: Int?
    /// Days since the card's previous answer (nil for a first answer).
    public var intervalDays: Double?
    /// The card's first answer of its day (true retention counts only these).
    public var firstOfDay: Bool
}

extension ReviewKind {
    /// Every answer of `log`'s cards in `cards` (all when nil), classified,
    /// with its day and hour in `timeZone`. The interval before an answer is
    /// the time since the card's previous one.
    public static func classify(_ log: CardEventLog, cards: Set<String>?, now: Date, timeZone: TimeZone) -> [ClassifiedReview] {
        var out: [ClassifiedReview] = []
        out.reserveCapacity(log.count)  // at most one per card event: no copying as it grows
        let today = Int(now.timeIntervalSince1970 / 86_400)
        var days = DayNumberCache(timeZone: timeZone, days: (today - 20_000)...(today + 2))
        for (slot, id) in log.ids.enumerated() where cards?.contains(id) ?? true {
            var previous: (time: Date, passed: Bool, kind: ReviewKind)?
            var lastDay = Int.min
            for event in log.histories[slot] {
                guard case .answer(let time, let answer, let milliseconds) = event else { continue }
                let passed = passes(answer)
                let interval = previous.map { time.timeIntervalSince($0.time) / 86_400 }
                let kind = kind(after: previous.map { ($0.passed, $0.kind) }, interval: interval ?? 0)
                let seconds = time.timeIntervalSince1970
                let local = seconds + Double(days.offset(atHour: DayNumberCache.hour(ofSeconds: seconds)))
                let day = Int((local / 86_400).rounded(.down))
                let hour = Int(local - Double(day) * 86_400) / 3_600
                out.append(
                    ClassifiedReview(
                        time: time, day: day, hour: min(23, max(0, hour)), card: slot, kind: kind, passed: passed,
                        button: button(answer), responseMilliseconds: milliseconds, intervalDays: interval,
                        firstOfDay: day != lastDay))
                lastDay = day
                previous = (time, passed, kind)
            }
        }
        return out
    }

    /// The kind of an answer given `interval` days after the card's previous
    /// answer (nil: its first), as Anki's revlog types it. The log keeps no
    /// phase, so the steps are read from the times: an answer within half a
    /// day of the previous one is a step of the same phase (a new card's
    /// learning steps stay learn, a failed review's steps relearn); a later
    /// one after a fail relearns (a card still learning keeps learning), and
    /// after a pass is young or mature by the interval.
    static func kind(after previous: (passed: Bool, kind: ReviewKind)?, interval: Double) -> ReviewKind {
        guard let previous else { return .learn }
        if previous.kind == .learn, !previous.passed || interval < 0.5 { return .learn }
        if !previous.passed { return .relearn }
        if interval < 0.5 { return previous.kind }
        return interval >= matureDays ? .mature : .young
    }

    static func passes(_ answer: ReviewAnswer) -> Bool {
        switch answer {
        case .fsrs(let r): return r != .again
        case .quality(let q): return q >= 3
        case .correct: return true
        case .wrong: return false
        }
    }

    static func button(_ answer: ReviewAnswer) -> String {
        switch answer {
        case .correct: return "good"
        case .wrong: return "again"
        default: return answer.fsrsRating.name
        }
    }
}
