import Foundation
import VaultCore

/// A recorded session in `vault session list --json`.
struct SessionJSON: Encodable {
    var id: String
    var subject: String
    var start: String
    var end: String
    var minutes: Int
    var questions: Int?
    var correct: Int?
    var accuracy: Double?
    var note: String?
    var manual: Bool

    init(_ s: StudySessionRecord, timeZone: TimeZone) {
        id = s.id
        subject = s.subject
        start = VaultDate.isoString(s.start, in: timeZone)
        end = VaultDate.isoString(s.end, in: timeZone)
        minutes = s.minutes
        questions = s.questions
        correct = s.correct
        accuracy = s.accuracy
        note = s.note
        manual = s.manual
    }
}

/// A running session in `vault session status --json` and `vault status --json`.
struct RunningJSON: Encodable {
    var id: String
    var subject: String
    var start: String
    var minutes: Int
    var note: String?

    init(_ r: RunningSession, now: Date, timeZone: TimeZone) {
        id = r.id
        subject = r.subject
        start = VaultDate.isoString(r.start, in: timeZone)
        minutes = max(0, Int(now.timeIntervalSince(r.start) / 60))
        note = r.note
    }
}

/// `vault session report --json`.
struct ReportJSON: Encodable {
    struct Row: Encodable {
        var key: String
        var sessions: Int
        var minutes: Int
        var questions: Int
        var correct: Int
        var accuracy: Double?
        /// Minutes a session on average.
        var averageMinutes: Int

        enum CodingKeys: String, CodingKey {
            case key, sessions, minutes, questions, correct, accuracy
            case averageMinutes = "average_minutes"
        }

        init(_ row: SessionReport.Row) {
            key = row.key
            sessions = row.sessions
            minutes = row.minutes
            averageMinutes = row.averageMinutes
            questions = row.questions
            correct = row.correct
            accuracy = row.accuracy
        }
    }

    var from: String?
    var to: String
    var rows: [Row]
    var total: Row

    init(_ report: SessionReport, all: Bool) {
        from = all ? nil : VaultDate.dayString(dayNumber: report.firstDay)
        to = VaultDate.dayString(dayNumber: report.lastDay)
        rows = report.rows.map(Row.init)
        total = Row(report.total)
    }
}

/// A follow-up review in `vault session reviews --json`.
struct FollowUpJSON: Encodable {
    var session: String
    var subject: String
    var step_days: Int
    var due: String
    var is_due: Bool
    var reviews_done: Int

    init(_ f: FollowUp, now: Date, timeZone: TimeZone) {
        session = f.session
        subject = f.subject
        step_days = FollowUpLadder.steps[f.step]
        due = VaultDate.isoString(f.due, in: timeZone)
        is_due = f.due <= now
        reviews_done = f.done
    }
}

/// A goal in `vault goal list --json` and `vault status --json`.
struct GoalJSON: Encodable {
    var id: String
    var subject: String?
    var hours: Double
    var by: String
    var created: String
    var hours_done: Double
    var hours_left: Double
    var percent: Int
    var days_left: Int
    var hours_per_day_needed: Double?
    var standing: String

    init(_ p: GoalProgress, timeZone: TimeZone) {
        id = p.goal.id
        subject = p.goal.subject
        hours = p.goal.hours
        by = VaultDate.dayString(dayNumber: p.goal.lastDay)
        created = VaultDate.isoString(p.goal.created, in: timeZone)
        hours_done = (p.hoursDone * 100).rounded() / 100
        hours_left = (p.hoursLeft * 100).rounded() / 100
        percent = p.percent
        days_left = p.daysLeft
        hours_per_day_needed = p.hoursPerDayNeeded.map { ($0 * 100).rounded() / 100 }
        standing = p.standing.rawValue
    }
}
