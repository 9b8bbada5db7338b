import Foundation

/// How a follow-up review of a session went.
public enum FollowUpResult: String, Sendable, CaseIterable, Codable {
    /// Skip a step of the ladder.
    case easy
    /// Move one step up.
    case ok
    /// Repeat the step.
    case hard
}

/// Memo's follow-up reviews: each completed session is reviewed 1 day
/// after it, then 7, 30 and 90 days after each review. Easy skips a step,
/// ok moves one step, hard repeats the step; past the last step the session
/// needs no more review.
public enum FollowUpLadder {
    /// The ladder's intervals in days.
    public static let steps = [1, 7, 30, 90]

    /// The step after `step` for `result`; nil when the ladder is done.
    public static func next(after step: Int, _ result: FollowUpResult) -> Int? {
        let next: Int
        switch result {
        case .easy: next = step + 2
        case .ok: next = step + 1
        case .hard: next = step
        }
        return next < steps.count ? next : nil
    }

    /// When a review at `step` falls due, counted from `from`: the same time
    /// of day `steps[step]` days on, with the zone's offsets from `offsets`
    /// (a replay of 50,000 sessions asks the zone once a day, not four times a session).
    static func due(step: Int, from: Date, offsets: inout DayNumberCache) -> Date {
        let seconds = from.timeIntervalSince1970
        let local = seconds + Double(offsets.offset(atHour: DayNumberCache.hour(ofSeconds: seconds)))
        let day = (local / 86_400).rounded(.down)
        let target = (day + Double(steps[step])) * 86_400 + (local - day * 86_400)
        // The instant whose wall clock reads `target`: the offset there, checked once more (as VaultDate does).
        let first = offsets.offset(atHour: DayNumberCache.hour(ofSeconds: target))
        let candidate = target - Double(first)
        let second = offsets.offset(atHour: DayNumberCache.hour(ofSeconds: candidate))
        return Date(timeIntervalSince1970: second == first ? candidate : target - Double(second))
    }

    /// When a review at `step` falls due, counted from `from`: the same time of day `steps[step]` days on, in `timeZone`.
    public static func due(step: Int, from: Date, in timeZone: TimeZone) -> Date {
        // The same wall-clock time, which a DST change in between does not move.
        let local = from.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: from))
        let wall = local - (local / 86_400).rounded(.down) * 86_400
        let day = VaultDate.dayNumber(of: from, in: timeZone)
        return VaultDate.date(localSeconds: Double(day + steps[step]) * 86_400 + wall, in: timeZone)
    }
}
