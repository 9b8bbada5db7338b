import Foundation

extension CardSchedule {
    /// The chance of recalling the card at `now`, nil for a card never answered:
    /// the one reading of retrievability that study (`--weak`), `vault stats`
    /// and the editor's hover share.
    ///
    /// FSRS cards use FSRS's forgetting curve with the card's own settings
    /// (the weights and decay `vault fsrs optimize` fitted, when the config
    /// holds them) and their stability, over the whole 24-hour periods since
    /// the last review: the elapsed days FSRS itself counts when the card is
    /// answered (`FSRS.review`), not calendar days, so a card answered last
    /// night at 23:00 has 0 days elapsed this morning. The other schedulers'
    /// cards follow the same kind of curve set so that recall is 90% at the
    /// due date: `0.9^(elapsed / interval)`, elapsed in days with their
    /// fraction (a card without an interval, such as one just failed, counts
    /// its interval as a day). A last review after `now` counts as none elapsed.
    public func retrievability(at now: Date) -> Double? {
        guard let lastReview, reviews > 0 else { return nil }
        let elapsed = max(0, now.timeIntervalSince(lastReview)) / 86_400
        if case .fsrs(let fsrs) = settings, case .fsrs(let state) = state, let stability = state.stability,
            stability > 0
        {
            return FSRS(settings: fsrs).retrievability(stability, days: Int(elapsed.rounded(.down)))
        }
        let interval = max(1, Double(intervalDays))
        return pow(0.9, elapsed / interval)
    }

    /// True when the card has lapsed `threshold` times or more (a leech).
    public func isLeech(threshold: Int) -> Bool { lapses >= threshold }
}
