import Foundation

/// What `vault fsrs optimize` and `vault fsrs evaluate` found: the log
/// used, the metrics of the weights in force and of the fitted ones, and
/// whether the fitted weights are taken.
public struct FSRSFitReport: Hashable, Sendable {
    /// Where the weights apply: "" for the vault, a folder prefix, or the revlog file's name.
    public var scope: String
    /// The answers used and the cards they belong to.
    public var reviews: Int
    public var cards: Int
    /// The training items (targets) built from them.
    public var items: Int
    public var currentWeights: [Double]
    public var current: FSRSEvaluation?
    /// Nil for `evaluate`.
    public var fit: FSRSOptimizer.Fit?
    public var fitted: FSRSEvaluation?
    /// The fitted weights are taken: they predict better (lower log loss) than the current ones.
    public var better: Bool

    /// Evaluates `current` on `set` and, when `optimize`, fits new weights and evaluates them.
    public init(
        scope: String, set: FSRSTrainingSet, current: [Double], optimize: Bool,
        optimizer: FSRSOptimizer = FSRSOptimizer()
    ) {
        self.scope = scope
        reviews = set.reviewCount
        cards = set.cards.count
        items = set.items.count
        currentWeights = current
        self.current = FSRSEvaluation(weights: current, set: set)
        better = false
        guard optimize else { return }
        var fit = optimizer.fit(set, current: current)
        if fit.weights != current {
            // Rounded to 4 decimals, as written into the config (and as Anki shows them).
            fit.weights = fit.weights.map { ($0 * 10_000).rounded() / 10_000 }
        }
        self.fit = fit
        fitted = FSRSEvaluation(weights: fit.weights, set: set)
        if fit.weights != current, let fitted {
            better = self.current.map { fitted.logLoss < $0.logLoss } ?? true
        }
    }

    /// The message for a fit below fsrs-rs's thresholds (nil when all 21 weights were fitted).
    public var thresholdMessage: String? {
        guard let fit else { return nil }
        switch fit.outcome {
        case .tooFewItems:
            return
                "Only \(fit.trainingItems) of the \(items) predicted reviews are left to fit once fsrs-rs's outlier filter has set aside the cards whose first interval is rare (fewer than 6 cards share it); at least 8 are needed, so the current weights are kept."
        case .noFirstReviews:
            return
                "No first review could be fitted (each first rating needs 6 or more cards answered after the same interval), so the current weights are kept."
        case .initialStabilitiesOnly:
            return
                "Only \(fit.trainingItems) reviews can be predicted; below 64 only the initial stabilities (w0-w3) are fitted and the other weights stay at their defaults."
        case .fitted:
            return nil
        }
    }
}

/// The ledger's answers as a review log: each card's `rate` events in
/// order, the first one its learning answer and the rest reviews, every
/// answer in the FSRS scale (docs/FORMAT.md: an sm2 quality 0-2 or a wrong
/// answer is Again, q3 Hard, q4 or a correct answer Good, q5 Easy).
public enum LedgerRevlog {
    /// The entries of `histories` (card → its events in replay order); tier moves are not answers,
    /// forgets (in the events, or in `forgets`: card → the moments of its `card-reset` forget
    /// events) are manual entries.
    public static func entries(
        _ histories: [(card: String, events: [CardScheduleReplay.CardEvent])], forgets: [String: [Date]] = [:]
    ) -> [RevlogEntry] {
        cards(histories, forgets: forgets).flatMap(\.entries)
    }

    /// The same entries, grouped by card (for ``FSRSTrainingSet/init(cards:days:)``): a
    /// card's first answer, and its first after a forget, are learning answers; a forget
    /// is a manual entry, which cuts the history before it as Anki's "Forget" does.
    public static func cards(
        _ histories: [(card: String, events: [CardScheduleReplay.CardEvent])], forgets: [String: [Date]] = [:]
    ) -> [(card: String, entries: [RevlogEntry])] {
        histories.map { card, events in
            var entries: [RevlogEntry] = []
            entries.reserveCapacity(events.count)
            // The log's own forgets and the caller's, one manual entry per moment.
            let logged = events.compactMap { event -> Date? in
                guard case .forget(let time) = event else { return nil }
                return time
            }
            var resets = Set((forgets[card] ?? []) + logged).sorted()[...]
            var learning = true
            for event in events {
                guard case .answer(let time, let answer, _) = event else { continue }
                while let reset = resets.first, reset <= time {
                    entries.append(RevlogEntry(card: card, time: reset, rating: 0, kind: .manual))
                    resets = resets.dropFirst()
                    learning = true
                }
                entries.append(
                    RevlogEntry(card: card, time: time, rating: answer.fsrsRating.rawValue, kind: learning ? .learning : .review))
                learning = false
            }
            for reset in resets { entries.append(RevlogEntry(card: card, time: reset, rating: 0, kind: .manual)) }
            return (card, entries)
        }
    }
}
