import Foundation

/// Study time from the sessions (SPEC section 8): minutes per subject,
/// weekday and day, accuracy of questions per subject, goal progress.
public struct StudyTimeStats: Sendable, Encodable {
    public var totalMinutes: Int
    public var perSubject: [SubjectTime]
    /// Monday first.
    public var perWeekday: [Tally]
    /// Each day of the span.
    public var perDay: [Tally]
    public var goals: [GoalLine]

    public struct SubjectTime: Sendable, Encodable {
        public var subject: String
        public var minutes: Int
        public var sessions: Int
        public var questions: Int
        public var accuracy: Double?
    }

    public struct GoalLine: Sendable, Encodable {
        public var subject: String?
        public var hours: Double
        public var hoursDone: Double
        public var percent: Int
        public var by: String
        public var standing: String
    }

    init(_ input: StatsInput) {
        let zone = input.timeZone
        let today = VaultDate.dayNumber(of: input.now, in: zone)
        let first = today - input.days + 1
        let sessions = input.sessions.filter { $0.start <= input.now }
        let all = SessionReport(sessions: sessions, from: Int.min / 2, to: today, by: .subject, timeZone: zone)
        totalMinutes = all.total.minutes
        perSubject = all.rows.map {
            SubjectTime(subject: $0.key, minutes: $0.minutes, sessions: $0.sessions, questions: $0.questions, accuracy: $0.accuracy)
        }
        let weekdays = SessionReport(sessions: sessions, from: first, to: today, by: .weekday, timeZone: zone)
        perWeekday = SessionReport.weekdays.map { name in
            Tally(name, Double(weekdays.rows.first { $0.key == name }?.minutes ?? 0))
        }
        let days = SessionReport(sessions: sessions, from: first, to: today, by: .day, timeZone: zone)
        perDay = (first...today).map { day in
            let key = VaultDate.dayString(dayNumber: day)
            return Tally(key, Double(days.rows.first { $0.key == key }?.minutes ?? 0))
        }
        goals = input.goals.map {
            GoalLine(
                subject: $0.goal.subject, hours: $0.goal.hours, hoursDone: ($0.hoursDone * 10).rounded() / 10,
                percent: $0.percent, by: VaultDate.dayString(dayNumber: $0.goal.lastDay), standing: $0.standing.rawValue)
        }
    }
}
