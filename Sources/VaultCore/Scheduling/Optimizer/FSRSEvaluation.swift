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
        let span = Float(max(n - 1, 1))
        var loss = 0.0
        var weightSum = 0.0
        var bins = FSRSBins(set)
        for (index, item) in set.items.enumerated() {
            let ratio = Float(index) / span
            let weight = Double(Float(0.25) + Float(0.75) * ratio * ratio * ratio)
            let p = predictions.recall(item)
            let y = set.cards[item.card][item.length - 1].rating > 1 ? 1.0 : 0.0
            loss += (y * Foundation.log(p) + (1 - y) * Foundation.log(1 - p)) * weight
            weightSum += weight
            bins.add(item, predicted: p, actual: y, weight: weight)
        }
        let logLoss = -loss / weightSum
        let rmse = bins.rmse
        guard logLoss.isFinite, rmse.isFinite else { return nil }
        self.init(logLoss: logLoss, rmseBins: rmse, items: n)
    }
}

/// The sums of RMSE(bins), per bin of fsrs-rs's `r_matrix_index`
/// (``FSRSBinKey``), with each card's counts kept as running totals.
struct FSRSBins {
    private struct Sums {
        var predicted = 0.0, actual = 0.0, count = 0.0, weight = 0.0
    }
    private let set: FSRSTrainingSet
    private var index: [FSRSBinKey: Int] = [:]
    private var sums: [Sums] = []
    /// Per card: the long-term answers among its first k answers, and the lapses among them (k = 0…count).
    private var longTerm: [[Int32]] = []
    private var lapses: [[Int32]] = []
    /// Log-scale bins already computed, by value (-1: not yet).
    private var intervalBins: [Int] = []
    private var lengthBins: [Int] = []
    private var lapseBins: [Int] = []

    init(_ set: FSRSTrainingSet) {
        self.set = set
        longTerm.reserveCapacity(set.cards.count)
        lapses.reserveCapacity(set.cards.count)
        for reviews in set.cards {
            var l: [Int32] = [0]
            var f: [Int32] = [0]
            l.reserveCapacity(reviews.count + 1)
            f.reserveCapacity(reviews.count + 1)
            for review in reviews {
                l.append(l.last! + (review.deltaT > 0 ? 1 : 0))
                f.append(f.last! + (review.deltaT > 0 && review.rating == 1 ? 1 : 0))
            }
            longTerm.append(l)
            lapses.append(f)
        }
    }

    /// fsrs-rs's log-scale bin: `round(scale · base^floor(log_base x))`.
    static func logBin(_ x: Double, base: Double, scale: Double) -> Int {
        Int((scale * Foundation.pow(base, (Foundation.log(x) / Foundation.log(base)).rounded(.down))).rounded())
    }

    private static func cached(_ table: inout [Int], _ value: Int, _ compute: (Int) -> Int) -> Int {
        guard value >= 0, value < 100_000 else { return compute(value) }
        if value >= table.count { table += [Int](repeating: -1, count: value + 1 - table.count) }
        if table[value] < 0 { table[value] = compute(value) }
        return table[value]
    }

    mutating func key(_ item: FSRSTrainingSet.Item) -> FSRSBinKey {
        let deltaT = set.cards[item.card][item.length - 1].deltaT
        let length = Int(longTerm[item.card][item.length]) + 1
        let lapseCount = Int(lapses[item.card][item.length - 1])
        return FSRSBinKey(
            interval: Self.cached(&intervalBins, deltaT) { Self.logBin(Double($0), base: 3.62, scale: 2.48 * 100) },
            length: Self.cached(&lengthBins, length) { Self.logBin(Double($0), base: 1.89, scale: 1.99) },
            lapses: lapseCount == 0
                ? 0 : Self.cached(&lapseBins, lapseCount) { Self.logBin(Double($0), base: 1.73, scale: 1.65) })
    }

    mutating func add(_ item: FSRSTrainingSet.Item, predicted: Double, actual: Double, weight: Double) {
        let key = key(item)
        let k: Int
        if let found = index[key] {
            k = found
        } else {
            k = sums.count
            index[key] = k
            sums.append(Sums())
        }
        sums[k].predicted += predicted
        sums[k].actual += actual
        sums[k].count += 1
        sums[k].weight += weight
    }

    var rmse: Double {
        var squares = 0.0
        var weights = 0.0
        for bin in sums {
            let gap = bin.predicted / bin.count - bin.actual / bin.count
            squares += gap * gap * bin.weight
            weights += bin.weight
        }
        return (squares / weights).squareRoot()
    }
}

/// fsrs-rs's bin of an item for RMSE(bins) (`r_matrix_index`): the target's
/// interval, the number of long-term answers and the lapses before it, each
/// on a log scale.
struct FSRSBinKey: Hashable {
    var interval: Int
    var length: Int
    var lapses: Int
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
