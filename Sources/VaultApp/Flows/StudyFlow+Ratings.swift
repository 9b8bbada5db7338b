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
    }

    /// The answers offered for the card shown at `time`, in key order
    /// (``RatingChoice/choices(for:)`` of its scheduler), each with the
    /// interval it would give; empty once the session is finished.
    public func ratings(at time: Date) -> [Rating] {
        guard let entry else { return [] }
        return RatingChoice.choices(for: entry.schedule.settings.name).compactMap { choice in
            guard let outcome = outcome(of: choice.answer, at: time) else { return nil }
            // The plugin's buttons name the interval itself (`3d`, `1.2mo`), not the time to a due day's start.
            if case .osr(let state) = outcome.state {
                return Rating(choice: choice, due: outcome.due, interval: OSR.intervalText(state.interval))
            }
            return Rating(
                choice: choice, due: outcome.due,
                interval: outcome.due.map { RelativeTime.short($0.timeIntervalSince(time)) } ?? "–")
        }
    }

    /// The answer `key` gives for the card shown, nil for a key that gives none.
    public func answer(forKey key: Character) -> ReviewAnswer? {
        guard let entry else { return nil }
        return RatingChoice.choice(key: key, scheduler: entry.schedule.settings.name)?.answer
    }
}
