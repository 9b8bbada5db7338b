import Foundation

/// Fits the 21 FSRS-6 weights to a review log, as fsrs-rs's
/// `compute_parameters` does (and Anki's "Optimize" with it): the outlier
/// filter on first reviews, the initial stabilities w0-w3 from the first
/// reviews, then Adam on the recency-weighted log loss with a cosine-annealed
/// learning rate, an L2 pull toward the starting weights, and the weights
/// clamped to fsrs-rs's bounds after each step. The batches are shuffled by
/// fsrs-rs's own generator and seed (``FSRSBatchOrder``), so the same log
/// gives the same weights everywhere, and fsrs-rs's.
public struct FSRSOptimizer: Sendable {
    /// fsrs-rs's training defaults.
    public struct Configuration: Hashable, Sendable {
        public var epochs = 5
        public var batchSize = 512
        public var learningRate = 4e-2
        public var seed: UInt64 = 2023
        public var maxSequenceLength = 256
        /// The weight of the L2 pull toward the starting weights.
        public var gamma = 1.0

        public init() {}
    }

    /// What the fit gave.
    public enum Outcome: Hashable, Sendable {
        /// Fewer than 8 items: the current weights are kept.
        case tooFewItems
        /// The first reviews could not be fitted (no first-review group kept): current weights kept.
        case noFirstReviews
        /// Fewer than 64 items (or only first long-term reviews): only w0-w3 were fitted.
        case initialStabilitiesOnly
        /// All 21 weights were fitted.
        case fitted
    }

    /// The fitted weights and how they were fitted.
    public struct Fit: Hashable, Sendable {
        public var weights: [Double]
        public var outcome: Outcome
        /// The items left after the outlier filter (those trained on).
        public var trainingItems: Int
    }

    public var configuration: Configuration
    /// Maps the parts of each batch to their sums: one after the other, or on two cores (VaultApp's).
    public var fanOut: FSRSFanOut = .sequential
    /// The learning steps the relearning takes (bounds w17·w18 when above 1).
    public var relearningSteps: Int

    public init(configuration: Configuration = Configuration(), relearningSteps: Int = 1) {
        self.configuration = configuration
        self.relearningSteps = relearningSteps
    }

    static let defaults = FSRSSettings.defaultParameters
    /// fsrs-rs's PARAMS_STDDEV, the scale of the L2 pull.
    static let spread: [Double] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25, 1.03, 0.31,
        0.32, 0.14, 0.27,
    ]

    /// Fits the weights of `set`; `current` are kept below the thresholds.
    public func fit(_ set: FSRSTrainingSet, current: [Double]) -> Fit {
        let filtered = FSRSOutlierFilter(set)
        let train = filtered.trainingItems
        guard train.count >= 8 else { return Fit(weights: current, outcome: .tooFewItems, trainingItems: train.count) }
        let recalled = train.reduce(0) { $0 + (set.cards[$1.card][$1.length - 1].rating > 1 ? 1 : 0) }
        let averageRecall = Double(Float(recalled) / Float(train.count))
        guard let initial = FSRSInitialStability(set, items: filtered.initializationItems, averageRecall: averageRecall)
        else { return Fit(weights: current, outcome: .noFirstReviews, trainingItems: train.count) }
        let start = initial.stabilities + Self.defaults[4...]
        if train.count == filtered.initializationItems.count || train.count < 64 {
            return Fit(weights: start, outcome: .initialStabilitiesOnly, trainingItems: train.count)
        }
        var weights = self.train(set, items: train, start: start)
        let fitted = initial.smoothed(Array(weights[0..<4]))
        weights.replaceSubrange(0..<4, with: fitted)
        guard weights.allSatisfy(\.isFinite) else {
            return Fit(weights: current, outcome: .noFirstReviews, trainingItems: train.count)
        }
        return Fit(weights: weights, outcome: .fitted, trainingItems: train.count)
    }

    /// One card's trajectory in training: its answers, and the weight and label of each target.
    struct CardTrack {
        var reviews: [FSRSReview]
        /// Per answer: the item's recency weight (0: not a target).
        var weights: [Double]
        var targets: Int
    }

    func train(_ set: FSRSTrainingSet, items: [FSRSTrainingSet.Item], start: [Double]) -> [Double] {
        let config = configuration
        // Recency weights by the items' order, as fsrs-rs (in f32).
        let span = Float(max(items.count - 1, 1))
        var tracks: [Int: CardTrack] = [:]
        var weightedCount = 0
        for (index, item) in items.enumerated() where item.length <= config.maxSequenceLength {
            let ratio = Float(index) / span
            let weight = Double(Float(0.25) + Float(0.75) * ratio * ratio * ratio)
            var track =
                tracks[item.card]
                ?? CardTrack(reviews: [], weights: [], targets: 0)
            if track.weights.count < item.length {
                track.weights += [Double](repeating: 0, count: item.length - track.weights.count)
            }
            track.weights[item.length - 1] = weight
            track.targets += 1
            tracks[item.card] = track
            weightedCount += 1
        }
        var cards = tracks.sorted { $0.key < $1.key }.map { key, track -> CardTrack in
            var track = track
            track.reviews = Array(set.cards[key][0..<track.weights.count])
            return track
        }
        cards = cards.enumerated().sorted { ($0.1.reviews.count, $0.0) < ($1.1.reviews.count, $1.0) }.map(\.1)
        // Whole cards per batch, up to `batchSize` targets (a longer card alone).
        var batches: [[CardTrack]] = []
        var current: [CardTrack] = []
        var targets = 0
        for card in cards {
            if !current.isEmpty && targets + card.targets > config.batchSize {
                batches.append(current)
                current = []
                targets = 0
            }
            targets += card.targets
            current.append(card)
        }
        if !current.isEmpty { batches.append(current) }

        let total = weightedCount
        let iterations = Double((total / config.batchSize + 1) * config.epochs)
        var schedule = CosineAnnealing(maxSteps: iterations, initial: config.learningRate)
        var adam = Adam()
        // fsrs-rs's generator and shuffle: the batches come in fsrs-rs's order.
        var random = FSRSBatchOrder(seed: config.seed)
        // fsrs-rs holds the weights in f32: the same steps, rounded the same way.
        let start = start.map { Double(Float($0)) }
        var weights = start
        var order = Array(batches.indices)
        for _ in 0..<config.epochs {
            order = Array(batches.indices)
            random.shuffle(&order)
            for b in order {
                let batch = batches[b]
                let rate = schedule.step()
                var gradient = self.gradient(batch, weights: weights)
                let realSize = batch.reduce(0) { $0 + $1.targets }
                let scale = config.gamma * Double(realSize) / Double(total)
                for i in 0..<21 {
                    let delta = weights[i] - start[i]
                    gradient[i] += 2 * delta / (Self.spread[i] * Self.spread[i]) * scale
                }
                adam.step(&weights, gradient: gradient, rate: rate)
                weights = FSRSParameterBounds.clamped(weights, relearningSteps: relearningSteps, shortTerm: true)
                    .map { Double(Float($0)) }
            }
        }
        return weights
    }

    /// The gradient of the batch's summed weighted log loss.
    func gradient(_ batch: [CardTrack], weights: [Double]) -> [Double] {
        let model = FSRSGradient(weights)
        @Sendable func sum(_ cards: ArraySlice<CardTrack>) -> [Double] {
            var total = [Double](repeating: 0, count: 21)
            total.withUnsafeMutableBufferPointer { buffer in
                for card in cards { model.accumulate(card, into: buffer.baseAddress!) }
            }
            return total
        }
        guard batch.count >= 16 else { return sum(batch[...]) }
        // Two halves, each summed by its part (on two cores when the fan-out
        // runs them so), then added here in a fixed order: the same sums on every run.
        let half = batch.count / 2
        let sums = fanOut.map(2) { part in sum(part == 0 ? batch[..<half] : batch[half...]) }
        precondition(sums.count == 2 && sums.allSatisfy { $0.count == 21 }, "a fan-out must return one sum per part, in order")
        return (0..<21).map { sums[0][$0] + sums[1][$0] }
    }

    /// The same gradient through ``FSRSDual`` (slower; the reference for tests).
    static func dualGradient(_ batch: [CardTrack], weights: [Double]) -> [Double] {
        let w = weights.indices.map { FSRSDual.weight(weights[$0], index: $0) }
        let model = FSRSMemoryModel<FSRSDual>(w)
        var total = SIMD32<Double>.zero
        for card in batch {
            let reviews = card.reviews
            var memory = model.initial(rating: reviews[0].rating)
            for k in 1..<reviews.count {
                let days = Double(reviews[k].deltaT)
                let weight = card.weights[k]
                if weight > 0 {
                    let r = model.retrievability(days: days, stability: memory.stability)
                    let p = r.value
                    if p > 1e-7 && p < 1 - 1e-7 {
                        let y = reviews[k].rating > 1 ? 1.0 : 0.0
                        let dp = -weight * (y / p - (1 - y) / (1 - p))
                        total += dp * r.gradient
                    }
                }
                memory = model.step(memory, days: days, rating: reviews[k].rating)
            }
        }
        return (0..<21).map { total[$0] }
    }
}

/// How the optimizer runs the independent parts of a batch: the core says
/// what each part computes (a pure function from the part's number to its
/// sum), the caller decides whether the parts run one after the other or on
/// several threads, and the core adds the returned sums in a fixed order, so
/// the fitted weights do not depend on it. Nothing is shared between parts.
public struct FSRSFanOut: Sendable {
    /// Returns `body(0)`, …, `body(parts - 1)`, in that order, however computed.
    public let map: @Sendable (_ parts: Int, _ body: @escaping @Sendable (Int) -> [Double]) -> [[Double]]

    /// A fan-out that maps the parts with `map`.
    public init(_ map: @escaping @Sendable (_ parts: Int, _ body: @escaping @Sendable (Int) -> [Double]) -> [[Double]]) {
        self.map = map
    }

    /// One part after the other.
    public static let sequential = FSRSFanOut { parts, body in (0..<parts).map(body) }
}

/// Adam with fsrs-rs's constants.
struct Adam {
    var m = [Double](repeating: 0, count: 21)
    var v = [Double](repeating: 0, count: 21)
    var t = 0

    mutating func step(_ weights: inout [Double], gradient: [Double], rate: Double) {
        let beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8
        t += 1
        let bias1 = 1 - Foundation.pow(beta1, Double(t))
        let bias2 = 1 - Foundation.pow(beta2, Double(t))
        for i in 0..<21 {
            m[i] = beta1 * m[i] + (1 - beta1) * gradient[i]
            v[i] = beta2 * v[i] + (1 - beta2) * gradient[i] * gradient[i]
            // In f32, as fsrs-rs subtracts the step from its f32 weights.
            weights[i] = Double(Float(weights[i]) - Float(rate * (m[i] / bias1) / ((v[i] / bias2).squareRoot() + epsilon)))
        }
    }
}

/// PyTorch's CosineAnnealingLR (recursive form), as fsrs-rs steps it.
struct CosineAnnealing {
    let maxSteps: Double
    let initial: Double
    var count = -1.0
    var rate: Double

    init(maxSteps: Double, initial: Double) {
        self.maxSteps = maxSteps
        self.initial = initial
        rate = initial
    }

    mutating func step() -> Double {
        count += 1
        if count == 0 {
            rate = initial
        } else if (count - 1 - maxSteps).truncatingRemainder(dividingBy: 2 * maxSteps) == 0 {
            rate = initial * (1 - Foundation.cos(Double.pi / maxSteps)) / 2
        } else {
            rate = (1 + Foundation.cos(Double.pi * count / maxSteps)) / (1 + Foundation.cos(Double.pi * (count - 1) / maxSteps)) * rate
        }
        return rate
    }
}
