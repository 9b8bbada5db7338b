import Foundation

/// `goal`: "H hours of SUBJECT by DAY" (or of every subject), set at the event's time.
public struct GoalSet: TypedEvent, Hashable {
    public static let kind = "goal"
    /// The subject the goal counts; nil for every subject (`--all`, written `*`).
    public var time: Date
    public var goal: String
    public var subject: String?
    public var hours: Double
    /// The last day that counts, `YYYY-MM-DD` in the vault's zone.
    public var by: String

    public init(time: Date, goal: String, subject: String?, hours: Double, by: String) {
        self.time = time
        self.goal = goal
        self.subject = subject
        self.hours = hours
        self.by = by
    }

    public var fields: [(key: String, value: String)] {
        [("goal", goal), ("subject", subject ?? "*"), ("hours", Self.hoursText(hours)), ("by", by)]
    }

    /// `30`, `12.5`; any value, however large or not finite, without trapping (`1e+19`).
    public static func hoursText(_ hours: Double) -> String {
        hours == hours.rounded() && abs(hours) < 1e15 ? String(Int(hours)) : String(hours)
    }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        guard let hours = Double(try Self.required("hours", in: event)), hours > 0, hours.isFinite else {
            throw Self.unreadable(event, "has no positive 'hours'")
        }
        guard StudyRanges.isGoalHours(hours) else {
            throw Self.unreadable(
                event, "has 'hours' of \(hours), more than \(Self.hoursText(StudyRanges.maxGoalHours))")
        }
        let by = try Self.required("by", in: event)
        guard VaultDate.parseDay(by) != nil else { throw Self.unreadable(event, "has a 'by' that is not a day") }
        let subject = try Self.required("subject", in: event)
        self.init(
            time: event.time, goal: try Self.required("goal", in: event), subject: subject == "*" ? nil : subject,
            hours: hours, by: by)
    }
}

/// `goal-rm`: a goal withdrawn.
public struct GoalWithdrawal: TypedEvent, Hashable {
    public static let kind = "goal-rm"
    public var time: Date
    public var goal: String

    public init(time: Date, goal: String) {
        self.time = time
        self.goal = goal
    }

    public var fields: [(key: String, value: String)] { [("goal", goal)] }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        self.init(time: event.time, goal: try Self.required("goal", in: event))
    }
}
