import Foundation

/// How well the FSRS weights in force predict the answers (`vault stats`):
/// per set of FSRS weights (the vault's, and each folder's with weights of
/// its own), the predicted recall of every review a day or more after the
/// previous answer, in bins of 10%, against the share actually recalled,
/// with the log loss and RMSE(bins) as `vault fsrs evaluate` prints them.
/// Cards under other schedulers predict no recall and are not counted.
public struct CalibrationStats: Sendable, Encodable, Hashable {
    /// One bin of predicted recall.
    public struct Bin: Sendable, Encodable, Hashable {
        /// The bin's lower bound (0, 0.1, … 0.9).
        public var from: Double
        /// The mean predicted recall and the share recalled.
        public var predicted: Double
        public var actual: Double
        public var count: Int
    }

    /// The cards under one set of FSRS weights.
    public struct Scheduler: Sendable, Encodable, Hashable {
        /// "fsrs" for the vault's weights, else the folder (`exam/`).
        public var scope: String
        public var cards: Int
        public var reviews: Int
        public var predictions: Int
        public var logLoss: Double
        public var rmseBins: Double
        /// The non-empty bins, lowest first.
        public var bins: [Bin]
    }

    public var schedulers: [Scheduler]

    public init(schedulers: [Scheduler] = []) { self.schedulers = schedulers }

    /// The calibration of `input`'s cards under `input.schedulers`.
    public init(_ input: StatsInput) {
        let config = input.schedulers
        let vaultWeights: [Double]? = {
            if case .fsrs(let s) = config.defaultSettings { return s.parameters }
            return nil
        }()
        // Cards grouped by the weights they are scheduled with, each group named.
        var groups: [(scope: String, weights: [Double], cards: [String])] = []
        for card in input.cards {
            guard case .fsrs(let s) = config.settings(forNotePath: card.notePath) else { continue }
            let scope =
                s.parameters == vaultWeights
                ? "fsrs" : config.folders.first { card.notePath.hasPrefix($0.prefix) }?.prefix ?? "fsrs"
            if let k = groups.firstIndex(where: { $0.scope == scope && $0.weights == s.parameters }) {
                groups[k].cards.append(card.id)
            } else {
                groups.append((scope, s.parameters, [card.id]))
            }
        }
        var out: [Scheduler] = []
        for group in groups {
            let slots = input.cardLog.slots(of: group.cards)
            let histories = zip(group.cards, slots).compactMap { card, slot in
                slot.map { (card: card, events: input.cardLog.histories[$0]) }
            }
            let set = FSRSTrainingSet(
                cards: LedgerRevlog.cards(histories), days: DayBoundary(timeZone: input.timeZone, hour: 4))
            let predictions = FSRSPredictions(weights: group.weights, set: set)
            guard let evaluation = FSRSEvaluation(predictions: predictions, set: set) else { continue }
            var sums = [(predicted: Double, actual: Double, count: Int)](repeating: (0, 0, 0), count: 10)
            for item in set.items {
                let p = predictions.recall(item)
                let k = min(max(Int(p * 10), 0), 9)
                sums[k].predicted += p
                sums[k].actual += set.cards[item.card][item.length - 1].rating > 1 ? 1 : 0
                sums[k].count += 1
            }
            let bins = sums.enumerated().filter { $0.element.count > 0 }.map { k, sum in
                Bin(
                    from: Double(k) / 10, predicted: sum.predicted / Double(sum.count),
                    actual: sum.actual / Double(sum.count), count: sum.count)
            }
            out.append(
                Scheduler(
                    scope: group.scope, cards: set.cards.count, reviews: set.reviewCount, predictions: set.items.count,
                    logLoss: evaluation.logLoss, rmseBins: evaluation.rmseBins, bins: bins))
        }
        self.init(schedulers: out)
    }
}
