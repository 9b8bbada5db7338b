import Foundation

/// Totals of study sessions over a span, grouped by subject, day or
/// weekday, as Timewarrior's summary and klog's report give them. A session
/// that crosses midnight counts its minutes on each day it covers; its
/// questions go to the day it started.
public struct SessionReport: Hashable, Sendable {
    public enum Grouping: String, Sendable, CaseIterable {
        case subject, day, weekday
    }

    /// One line of the report.
    public struct Row: Hashable, Sendable {
        /// The subject, the day (`YYYY-MM-DD`) or the weekday (`Monday`…).
        public var key: String
        public var sessions: Int
        public var minutes: Int
        public var questions: Int
        public var correct: Int
        public var accuracy: Double? { questions > 0 ? Double(correct) / Double(questions) : nil }
        /// Minutes a session on average (Memo's average per subject), rounded; 0 without sessions.
        public var averageMinutes: Int { sessions > 0 ? Int((Double(minutes) / Double(sessions)).rounded()) : 0 }
    }

    public var rows: [Row]
    public var total: Row
    /// The first and last day counted.
    public var firstDay: Int
    public var lastDay: Int

    public static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The report of `sessions` on days `firstDay...lastDay` (day numbers in `timeZone`).
    public init(
        sessions: [StudySessionRecord], from firstDay: Int, to lastDay: Int, by grouping: Grouping,
        timeZone: TimeZone
    ) {
        self.firstDay = firstDay
        self.lastDay = lastDay
        var rows: [String: Row] = [:]
        var total = Row(key: "total", sessions: 0, minutes: 0, questions: 0, correct: 0)
        func key(_ day: Int, _ session: StudySessionRecord) -> String {
            switch grouping {
            case .subject: return session.subject
            case .day: return VaultDate.dayString(dayNumber: day)
            case .weekday: return Self.weekdays[(day + 3) % 7]
            }
        }
        for session in sessions {
            let parts = Self.minutesByDay(session, timeZone: timeZone).filter { $0.day >= firstDay && $0.day <= lastDay }
            guard !parts.isEmpty else { continue }
            let startDay = VaultDate.dayNumber(of: session.start, in: timeZone)
            var counted = Set<String>()
            for part in parts {
                let k = key(part.day, session)
                var row = rows[k] ?? Row(key: k, sessions: 0, minutes: 0, questions: 0, correct: 0)
                row.minutes += part.minutes
                if counted.insert(k).inserted { row.sessions += 1 }
                if part.day == startDay || (startDay < firstDay && part.day == parts[0].day) {
                    row.questions += session.questions ?? 0
                    row.correct += session.correct ?? 0
                }
                rows[k] = row
            }
            total.sessions += 1
            total.minutes += parts.reduce(0) { $0 + $1.minutes }
            total.questions += session.questions ?? 0
            total.correct += session.correct ?? 0
        }
        switch grouping {
        case .subject: self.rows = rows.values.sorted { ($1.minutes, $0.key) < ($0.minutes, $1.key) }
        case .day: self.rows = rows.values.sorted { $0.key < $1.key }
        case .weekday:
            self.rows = rows.values.sorted { Self.weekdays.firstIndex(of: $0.key)! < Self.weekdays.firstIndex(of: $1.key)! }
        }
        self.total = total
    }

    /// The minutes of `session` on each day it covers, split at the vault's midnights.
    public static func minutesByDay(_ session: StudySessionRecord, timeZone: TimeZone) -> [(day: Int, minutes: Int)] {
        var parts: [(day: Int, minutes: Int)] = []
        var cursor = session.start
        var day = VaultDate.dayNumber(of: cursor, in: timeZone)
        var guardDays = 0
        while cursor < session.end, guardDays < 3 {
            let midnight = VaultDate.startOfDay(day + 1, in: timeZone)
            let until = min(midnight, session.end)
            parts.append((day, Int((until.timeIntervalSince(cursor) / 60).rounded())))
            cursor = until
            day += 1
            guardDays += 1
        }
        // Rounding per part must not change the session's total.
        if let last = parts.indices.last {
            parts[last].minutes += session.minutes - parts.reduce(0) { $0 + $1.minutes }
        }
        return parts
    }
}
