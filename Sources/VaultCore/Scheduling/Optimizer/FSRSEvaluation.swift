import Foundation

/// How well a set of FSRS weights predicts a review log, as fsrs-rs
/// measures it (`FSRS::evaluate`): the recency-weighted log loss of the
/// predicted recall against the answers, and RMSE(bins), the root mean
/// square gap between mean predicted and actual recall over bins of
/// interval, review count and lapses.
public struct FSRSEvaluation: Hashable, Sendable {
    public var logLoss: Double
    public var rmseBins: Double
    /// The items predicted.
    public var items: Int

    public init(logLoss: Double, rmseBins: Double, items: Int) {
        self.logLoss = logLoss
        self.rmseBins = rmseBins
        self.items = items
    }

    /// The weights `weights` (clamped to fsrs-rs's bounds first, as
    /// `FSRS::new` does) on the items of `set`; nil without items.
    public init?(weights: [Double], set: FSRSTrainingSet) {
        guard !set.items.isEmpty, weights.count == 21 else { return nil }
        self.init(predictions: FSRSPredictions(weights: weights, set: set), set: set)
    }

    /// The metrics of `predictions` on the items of `set`.
    init?(predictions: FSRSPredictions, set: FSRSTrainingSet) {
        guard !set.items.isEmpty else { return nil }
        let n = set.items.count
        let span = Double(max(n - 1, 1))
        var loss = 0.0
        var weightSum = 0.0
        struct Bin { var predicted = 0.0, actual = 0.0, count = 0.0, weight = 0.0 }
        var bins: [FSRSBinKey: Bin] = [:]
        for (index, item) in set.items.enumerated() {
            let ratio = Float(index) / Float(span)
            let weight = Double(Float(0.25) + Float(0.75) * ratio * ratio * ratio)
            let p = predictions.recall(item)
            let y = set.cards[item.card][item.length - 1].rating > 1 ? 1.0 : 0.0
            loss += (y * Foundation.log(p) + (1 - y) * Foundation.log(1 - p)) * weight
            weightSum += weight
            let key = FSRSBinKey(set.cards[item.card], length: item.length)
            bins[key, default: Bin()].predicted += p
            bins[key, default: Bin()].actual += y
            bins[key, default: Bin()].count += 1
            bins[key, default: Bin()].weight += weight
        }
        var squares = 0.0
        var binWeights = 0.0
        for bin in bins.values {
            let gap = bin.predicted / bin.count - bin.actual / bin.count
            squares += gap * gap * bin.weight
            binWeights += bin.weight
        }
        let logLoss = -loss / weightSum
        let rmse = (squares / binWeights).squareRoot()
        guard logLoss.isFinite, rmse.isFinite else { return nil }
        self.init(logLoss: logLoss, rmseBins: rmse, items: n)
    }
}

/// fsrs-rs's bin of an item for RMSE(bins) (`r_matrix_index`): the target's
/// interval, the number of long-term answers and the lapses before it, each
/// on a log scale.
struct FSRSBinKey: Hashable {
    var interval: Int
    var length: Int
    var lapses: Int

    init(_ reviews: [FSRSReview], length: Int) {
        let deltaT = Double(reviews[length - 1].deltaT)
        interval = Int((2.48 * Foundation.pow(3.62, (Foundation.log(deltaT) / Foundation.log(3.62)).rounded(.down)) * 100).rounded())
        var longTerm = 0
        var lapses = 0
        for k in 0..<length where reviews[k].deltaT > 0 {
            longTerm += 1
            if k < length - 1 && reviews[k].rating == 1 { lapses += 1 }
        }
        let count = Double(longTerm) + 1
        self.length = Int((1.99 * Foundation.pow(1.89, (Foundation.log(count) / Foundation.log(1.89)).rounded(.down))).rounded())
        self.lapses =
            lapses == 0
            ? 0 : Int((1.65 * Foundation.pow(1.73, (Foundation.log(Double(lapses)) / Foundation.log(1.73)).rounded(.down))).rounded())
    }
}

/// The predicted recall of every target of a training set: each card's
/// answers are replayed once, and an item's prediction is the recall, on its
/// target's day, of the memory its history left.
struct FSRSPredictions {
    /// Per card: the recall predicted at each answer (index 0 unused).
    private var recalls: [[Double]]

    /// The predictions of `weights`, clamped to fsrs-rs's bounds first (as `FSRS::new` does).
    init(weights: [Double], set: FSRSTrainingSet) {
        let model = FSRSMemoryModel<Double>(FSRSParameterBounds.clamped(weights, relearningSteps: 1, shortTerm: false))
        recalls = set.cards.map { reviews in
            var out = [Double](repeating: 1, count: reviews.count)
            var memory = model.initial(rating: reviews[0].rating)
            for k in 1..<reviews.count {
                out[k] = model.retrievability(days: Double(reviews[k].deltaT), stability: memory.stability)
                memory = model.step(memory, days: Double(reviews[k].deltaT), rating: reviews[k].rating)
            }
            return out
        }
    }

    func recall(_ item: FSRSTrainingSet.Item) -> Double { recalls[item.card][item.length - 1] }
}

/// fsrs-rs's bounds on the weights (src/parameter_clipper.rs), applied after
/// every training step and before every evaluation.
public enum FSRSParameterBounds {
    /// `weights` clamped; `relearningSteps` bounds w17·w18 when above 1,
    /// `shortTerm` keeps w19 at 0.01 or more.
    public static func clamped(_ weights: [Double], relearningSteps: Int, shortTerm: Bool) -> [Double] {
        var w = weights
        let ceiling: Double
        if relearningSteps > 1 {
            let f = Float(w[11]), g = Float(w[13]), h = Float(w[14])
            let bound = -(Foundation.log(f) + Foundation.log(Foundation.pow(2, g) - 1) + h * 0.3) / Float(relearningSteps)
            ceiling = Double(min(max(bound, 0.01).squareRoot(), 2))
        } else {
            ceiling = 2
        }
        let bounds: [(Double, Double)] = [
            (0.001, 100), (0.001, 100), (0.001, 100), (0.001, 100), (1, 10), (0.001, 4), (0.001, 4), (0.001, 0.75),
            (0, 4.5), (0, 0.8), (0.001, 3.5), (0.001, 5), (0.001, 0.25), (0.001, 0.9), (0, 4), (0, 1), (1, 6),
            (0, ceiling), (0, ceiling), (shortTerm ? 0.01 : 0, 0.8), (0.1, 0.8),
        ]
        for i in 0..<21 { w[i] = min(max(w[i], bounds[i].0), bounds[i].1) }
        return w
    }
}
