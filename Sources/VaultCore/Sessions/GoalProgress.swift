import Foundation

/// Where a goal stands at a moment: hours done from its creation to its
/// deadline, what is left, and the pace needed to make it.
public struct GoalProgress: Hashable, Sendable {
    public enum Standing: String, Sendable {
        /// The hours are done.
        case done
        /// Done at least in proportion to the time gone.
        case onTrack = "on track"
        /// Behind that proportion.
        case behind
        /// The deadline passed short of the hours.
        case missed
    }

    public var goal: StudyGoal
    public var hoursDone: Double
    public var hoursLeft: Double { max(0, goal.hours - hoursDone) }
    public var percent: Int { min(100, Int((hoursDone / goal.hours * 100).rounded(.down))) }
    /// Days from today to the deadline, both counted (0 once it has passed).
    public var daysLeft: Int
    /// Hours a day from today on that make the goal (nil when done or missed).
    public var hoursPerDayNeeded: Double? {
        guard standing != .done, standing != .missed, daysLeft > 0 else { return nil }
        return hoursLeft / Double(daysLeft)
    }
    public var standing: Standing

    /// The progress of `goal` at `now` from `sessions`, days in `timeZone`.
    /// Sessions count when they start between the goal's creation and the end of its last day.
    public init(_ goal: StudyGoal, sessions: [StudySessionRecord], now: Date, timeZone: TimeZone) {
        self.goal = goal
        let end = VaultDate.startOfDay(goal.lastDay + 1, in: timeZone)
        let counted = sessions.filter {
            $0.start >= goal.created && $0.start < end
                && (goal.subject == nil || $0.subject.caseInsensitiveCompare(goal.subject!) == .orderedSame)
        }
        hoursDone = Double(counted.reduce(0) { $0 + $1.minutes }) / 60
        let today = VaultDate.dayNumber(of: now, in: timeZone)
        daysLeft = max(0, goal.lastDay - today + 1)
        if hoursDone >= goal.hours {
            standing = .done
        } else if daysLeft == 0 {
            standing = .missed
        } else {
            let span = end.timeIntervalSince(goal.created)
            let gone = min(span, max(0, now.timeIntervalSince(goal.created)))
            let expected = span > 0 ? goal.hours * gone / span : goal.hours
            standing = hoursDone + 1e-9 >= expected ? .onTrack : .behind
        }
    }
}
