import Foundation

/// One reminder `vault remind` raised, and what the person did with it
/// (the notification's actions: "Study now", "Snooze 1 h", "Skip").
public struct ReminderEntry: Hashable, Sendable {
    /// What was done with a reminder.
    public enum Answer: Hashable, Sendable {
        /// "Study now": the study screen was opened.
        case study
        /// "Snooze 1 h": raise it again from `until`.
        case snooze(until: Date)
        /// "Skip": dismissed on purpose.
        case skip

        /// The word the notification's action and `vault remind --answer` use.
        public var word: String {
            switch self {
            case .study: "study"
            case .snooze: "snooze"
            case .skip: "skip"
            }
        }
    }

    /// When it was raised; its id is this moment in ISO 8601 (UTC).
    public var raised: Date
    public var title: String
    /// Cards the reminder offered to study now (0: none).
    public var batch: Int
    public var answer: Answer?

    public init(raised: Date, title: String, batch: Int, answer: Answer? = nil) {
        (self.raised, self.title, self.batch, self.answer) = (raised, title, batch, answer)
    }

    /// The id the notification's action names it by.
    public var id: String { VaultDate.isoString(raised) }
}

/// StudyFlow's pending queue: the reminders raised and not acted on,
/// shown first by `vault status` (and made available to the study screen)
/// until they expire. A pure function of the reminders recorded and the moment.
public enum PendingReminders {
    /// A reminder not acted on is pending for this long after it was raised.
    public static let lifetime: TimeInterval = 24 * 3600
    /// "Snooze 1 h".
    public static let snooze: TimeInterval = 3600

    /// The reminders still pending at `now`, the latest first: raised less than ``lifetime`` ago and never answered.
    public static func pending(_ entries: [ReminderEntry], at now: Date) -> [ReminderEntry] {
        entries.filter { $0.answer == nil && $0.raised <= now && now.timeIntervalSince($0.raised) < lifetime }
            .sorted { $0.raised > $1.raised }
    }

    /// The end of a snooze still running at `now`, if any: no reminder is raised before it.
    public static func snoozedUntil(_ entries: [ReminderEntry], at now: Date) -> Date? {
        entries.compactMap { entry -> Date? in
            guard case .snooze(let until) = entry.answer, until > now else { return nil }
            return until
        }.max()
    }

    /// `entries` with `answer` given to the reminder `id` (nil: the latest pending one) at `now`.
    /// - Throws: ``VaultCoreError/badAnswer(argument:reason:)`` when no such reminder is pending.
    public static func answering(
        _ entries: [ReminderEntry], id: String?, with answer: String, at now: Date
    ) throws -> (entries: [ReminderEntry], answered: ReminderEntry) {
        let given: ReminderEntry.Answer
        switch answer.lowercased() {
        case "study": given = .study
        case "snooze": given = .snooze(until: now.addingTimeInterval(snooze))
        case "skip": given = .skip
        default:
            throw VaultCoreError.badAnswer(argument: answer, reason: "is no answer to a reminder; use study, snooze or skip.")
        }
        let open = pending(entries, at: now)
        guard let target = id.map({ id in open.first { $0.id == id } }) ?? open.first else {
            throw VaultCoreError.badAnswer(
                argument: id ?? answer,
                reason: id == nil ? "answers no reminder: none is pending (they expire after 24 hours)." : "names no pending reminder (they expire after 24 hours).")
        }
        var entries = entries
        let index = entries.firstIndex(of: target)!
        entries[index].answer = given
        return (entries, entries[index])
    }

    /// How long a reminder is kept after it was raised: `vault stats` counts
    /// how the last 30 days' reminders were answered (``ReminderAnswers``).
    public static let history: TimeInterval = 30 * 86_400

    /// The entries worth keeping at `now`: those of the last ``history`` (pending ones are of the last ``lifetime``).
    public static func kept(_ entries: [ReminderEntry], at now: Date) -> [ReminderEntry] {
        entries.filter { now.timeIntervalSince($0.raised) < history }
    }
}
