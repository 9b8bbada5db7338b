import Foundation

/// When the last reminder was raised, and the reminders of the last day
/// with what was done with each (`.vault/local/`, per machine).
public protocol ReminderLog {
    func last() -> Date?
    func record(_ time: Date) throws
    /// The reminders recorded (``PendingReminders`` keeps a day of them).
    func reminders() -> [ReminderEntry]
    /// Replaces the reminders recorded with `change` of them, read and
    /// written as one step: a notification's click (another `vault remind
    /// --answer` process) never loses a reminder another process adds.
    func update(_ change: ([ReminderEntry]) throws -> [ReminderEntry]) throws
}

/// The desktop's notifications (notify-send on Linux).
public protocol DesktopNotifier {
    /// Raises a notification for the reminder `id` with its actions: "Study
    /// now" for `studyBatch` cards when given, "Snooze 1 h" and "Skip"; a
    /// click answers the reminder (`vault remind --answer WORD --reminder ID`).
    /// - Returns: what happened, as a sentence for the person; nil when there is no notifier.
    func raise(title: String, body: String, studyBatch: Int?, reminder id: String) -> String?
}

/// The timer that runs `vault remind` (a systemd user timer, or a cron line),
/// or, made for it, `vault backup` once a day.
public protocol ReminderTimer {
    /// The units' name.
    var name: String { get }
    /// The service unit's text; refused when a path cannot go into one safely.
    var service: String { get throws }
    var timer: String { get }
    /// The crontab line; refused when a path cannot go into one safely.
    var crontabLine: String { get throws }
    /// Writes the units into the user's systemd folder.
    /// - Returns: the paths written.
    func install() throws -> [String]
    /// Removes the units ``install()`` wrote.
    /// - Returns: the paths removed.
    func uninstall() throws -> [String]
}
