import Foundation
import VaultCore

extension StudyFlow {
    /// One answer offered for the card shown, with the interval it would give:
    /// what the terminal's key line and the web's buttons both show.
    public struct Rating: Hashable, Sendable {
        /// The key, the word, and whether it is the usual answer.
        public var choice: RatingChoice
        /// When the card would next be due after this answer (nil: no due date).
        public var due: Date?
        /// The span from the answer to ``due`` as the screens write it (`10m`, `3d`, `2mo`), `–` without one.
        public var interval: String

        /// `choice`, answered at `time`, giving the schedule `outcome`.
        init(_ choice: RatingChoice, giving outcome: CardSchedule, at time: Date) {
            self.choice = choice
            self.due = outcome.due
            // The plugin's buttons name the interval itself (`3d`, `1.2mo`), not the time to a due day's start.
            if case .osr(let state) = outcome.state {
                interval = OSR.intervalText(state.interval)
            } else {
                interval = outcome.due.map { RelativeTime.short($0.timeIntervalSince(time)) } ?? "–"
            }
        }
    }

    /// The answers offered for the card shown at `time`, in key order
    /// (``RatingChoice/choices(for:)`` of its scheduler), each with the
    /// interval it would give; empty once the session is finished.
    public func ratings(at time: Date) -> [Rating] {
        guard let entry else { return [] }
        return RatingChoice.choices(for: entry.schedule.settings.name).compactMap { choice in
            outcome(of: choice.answer, at: time).map { Rating(choice, giving: $0, at: time) }
        }
    }

    /// The answer `key` gives for the card shown, nil for a key that gives none.
    public func answer(forKey key: Character) -> ReviewAnswer? {
        guard let entry else { return nil }
        return RatingChoice.choice(key: key, scheduler: entry.schedule.settings.name)?.answer
    }
}
