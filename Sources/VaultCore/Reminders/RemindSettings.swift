/// `remind:` in `.vault/config.yml`: when `vault remind` may raise a notification.
public struct RemindSettings: Hashable, Sendable {
    /// Quiet hours as minutes after local midnight: from `quietStart` to
    /// `quietEnd`, across midnight when the end is earlier (23:00-09:00).
    public var quietStart: Int
    public var quietEnd: Int
    /// At least this many minutes between two reminders.
    public var minimumInterval: Int
    /// Weekdays without reminders, 0 for Monday … 6 for Sunday.
    public var daysOff: Set<Int>
    /// Cards a reminder names; nil for StudyFlow's rule by cards in rotation.
    public var batch: Int?
    /// `at:` the hour reminders come in: a clock hour, or `best` (the hour of
    /// the best recall, ``Insights/bestHour``); nil for any hour.
    public var at: ReminderHour?
    /// The hour `at` stands for, as `vault remind` resolved it (nil: any hour).
    public var resolvedHour: Int?

    /// `remind.at:`.
    public enum ReminderHour: Hashable, Sendable {
        /// Minutes after midnight: reminders in the hour from then.
        case clock(Int)
        /// The hour of the best recall by the ledger; any hour until one is known.
        case best
    }

    public init(
        quietStart: Int = 23 * 60, quietEnd: Int = 9 * 60, minimumInterval: Int = 30, daysOff: Set<Int> = [],
        batch: Int? = nil
    ) {
        self.quietStart = quietStart
        self.quietEnd = quietEnd
        self.minimumInterval = minimumInterval
        self.daysOff = daysOff
        self.batch = batch
    }

    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// `23:00` → 1380; nil for anything else.
    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }

    /// `23:00-09:00` as (start, end) minutes.
    public static func span(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "-").map { String($0).trimmingSpaces() }
        guard parts.count == 2, let a = minutes(parts[0]), let b = minutes(parts[1]) else { return nil }
        return (a, b)
    }

    /// Whether local minute-of-day `minute` lies in the quiet hours.
    public func isQuiet(minute: Int) -> Bool {
        if quietStart == quietEnd { return false }
        return quietStart < quietEnd
            ? minute >= quietStart && minute < quietEnd : minute >= quietStart || minute < quietEnd
    }

    /// `HH:MM`.
    public static func clock(_ minutes: Int) -> String { "\((minutes / 60).zeroPadded(2)):\((minutes % 60).zeroPadded(2))" }
}
