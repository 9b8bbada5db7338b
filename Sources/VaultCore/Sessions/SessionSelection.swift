import Foundation

/// The order `vault session list` shows sessions in.
public enum SessionSort: String, Sendable, CaseIterable {
    /// By start, as recorded (the log's own order).
    case date
    /// Longest first; equal lengths by start.
    case duration
    /// Most accurate first, sessions without questions last; equal ones by start.
    case accuracy
}

/// The sessions a listing or a report shows, and the spans they count:
/// pure day arithmetic, `now`, today and the zone passed in.
public enum SessionSelection {
    /// The sessions that started on a day of `days` (day numbers in
    /// `timeZone`) of `subject` (any case; nil: every subject), in `sort` order.
    public static func sessions(
        _ sessions: [StudySessionRecord], days: ClosedRange<Int>, subject: String?, sort: SessionSort,
        timeZone: TimeZone
    ) -> [StudySessionRecord] {
        var chosen = sessions.filter { session in
            days.contains(VaultDate.dayNumber(of: session.start, in: timeZone))
                && (subject.map { session.subject.caseInsensitiveCompare($0) == .orderedSame } ?? true)
        }
        switch sort {
        case .date: break
        case .duration: chosen.sort { ($1.minutes, $0.start) < ($0.minutes, $1.start) }
        case .accuracy: chosen.sort { ($1.accuracy ?? -1, $0.start) < ($0.accuracy ?? -1, $1.start) }
        }
        return chosen
    }

    /// The Monday of the ISO week of day `today`.
    public static func weekStart(of today: Int) -> Int { today - (today + 3) % 7 }

    /// The first of the month of day `today`.
    public static func monthStart(of today: Int) -> Int {
        let civil = VaultDate.civil(fromDays: today)
        return VaultDate.daysFromCivil(civil.year, civil.month, 1)
    }

    /// The first day a report counts from when it counts every session: far
    /// enough back for any session, far enough from `Int.min` to count days from.
    public static let beginning = Int.min / 2

    /// The moment `text` names: `2026-11-17T18:00[:00][offset]` (without an
    /// offset, in `timeZone`), or `18:00` on the day of `now`; nil when it names none.
    public static func moment(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        let parts = text.split(separator: ":")
        if parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m),
            parts[0].count <= 2, parts[1].count == 2
        {
            let day = VaultDate.dayString(now, in: timeZone)
            if let date = VaultDate.parse(String(format: "%@T%02d:%02d:00", day, h, m), in: timeZone) {
                return date
            }
        }
        return VaultDate.parse(text.count == 16 ? text + ":00" : text, in: timeZone)
    }
}
