import Foundation

/// Where a goal stands at a moment: hours done from its creation to its
/// deadline, what is left, and the pace needed to make it.
public struct GoalProgress: Hashable, Sendable {
    public enum Standing: String, Sendable {
        /// The hours are done.
        case done
        /// Done at least the goal's share of each whole day gone since the day it was set.
        case onTrack = "on track"
        /// Short of those shares.
        case behind
        /// The hours left need more than ``maxHoursPerDay`` a day until the deadline.
        case unreachable = "not reachable"
        /// The deadline passed short of the hours.
        case missed
    }

    /// The most study a day a goal may ask for: beyond it a goal is ``Standing/unreachable``, not on track.
    public static let maxHoursPerDay = 16.0

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
            // The pace is a share a day: by today, the shares of the whole days
            // gone since the goal was set (today's share is still to do, so a
            // goal set this morning is on track until tomorrow).
            let firstDay = VaultDate.dayNumber(of: goal.created, in: timeZone)
            let days = max(1, goal.lastDay - firstDay + 1)
            let gone = min(days, max(0, today - firstDay))
            let expected = goal.hours * Double(gone) / Double(days)
            standing = hoursDone + 1e-9 >= expected ? .onTrack : .behind
            if (goal.hours - hoursDone) / Double(daysLeft) > Self.maxHoursPerDay + 1e-9 { standing = .unreachable }
        }
    }
}
