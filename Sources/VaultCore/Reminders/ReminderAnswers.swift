import Foundation

/// How the reminders of the last days were answered (StudyFlow's
/// engagement report): by "Study now", "Snooze 1 h" and "Skip", those left
/// unanswered until they expired (ignored), and those still waiting.
/// `vault stats` shows it; the reminders are this machine's
/// (`.vault/local/reminders`, kept ``PendingReminders/history``).
public struct ReminderAnswers: Sendable, Encodable, Hashable {
    /// The days counted, up to now.
    public var days: Int
    public var total: Int
    public var study: Int
    public var snooze: Int
    public var skip: Int
    /// Expired with no answer (raised ``PendingReminders/lifetime`` ago or more).
    public var ignored: Int
    /// Raised less than a day ago, not answered yet.
    public var pending: Int

    /// The answers to `entries` raised in the `days` days before `now`.
    public init(_ entries: [ReminderEntry], now: Date, days: Int) {
        self.days = days
        (total, study, snooze, skip, ignored, pending) = (0, 0, 0, 0, 0, 0)
        let since = now.addingTimeInterval(-Double(days) * 86_400)
        for entry in entries where entry.raised <= now && entry.raised > since {
            total += 1
            switch entry.answer {
            case .study?: study += 1
            case .snooze?: snooze += 1
            case .skip?: skip += 1
            case nil:
                if now.timeIntervalSince(entry.raised) < PendingReminders.lifetime {
                    pending += 1
                } else {
                    ignored += 1
                }
            }
        }
    }
}
