import Foundation

extension CardSchedule {
    /// The chance of recalling the card at `now`, nil for a card never answered.
    ///
    /// FSRS cards use FSRS's forgetting curve and their stability; the other
    /// schedulers' cards follow the same kind of curve set so that recall is
    /// 90% at the due date: `0.9^(elapsed / interval)` (a card without an
    /// interval, such as one just failed, counts its interval as a day).
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
