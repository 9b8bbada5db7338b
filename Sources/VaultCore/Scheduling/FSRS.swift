import Foundation

/// FSRS-6 settings: the 21 weights, the retention aimed at, and the steps.
public struct FSRSSettings: Hashable, Sendable {
    /// FSRS-6's published default weights (py-fsrs 6.x `DEFAULT_PARAMETERS`).
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614,
        0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    public var parameters: [Double]
    public var desiredRetention: Double
    /// Learning steps in seconds (default 1 and 10 minutes).
    public var learningSteps: [TimeInterval]
    /// Relearning steps in seconds (default 10 minutes).
    public var relearningSteps: [TimeInterval]
    /// The longest interval, in days.
    public var maximumInterval: Int
    /// Spreads review intervals a little, as py-fsrs does, but with a
    /// deterministic seed (card id and review time) so every clone agrees.
    public var fuzz: Bool

    public init(
        parameters: [Double] = FSRSSettings.defaultParameters, desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36500, fuzz: Bool = false
    ) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.fuzz = fuzz
    }
}

/// A card's FSRS memory state.
public struct FSRSCardState: Hashable, Sendable {
    /// FSRS's card states (py-fsrs `State`: Learning 1, Review 2, Relearning 3).
    public enum Phase: String, Hashable, Sendable {
        case learning, review, relearning
    }

    // The phase after the step fills the step's padding; the optional numbers and dates are
    // packed (``PackedDouble``, ``PackedDate``): 48 bytes, not 81 (a schedule per card).
    /// Learning or relearning step (nil in review).
    public var step: Int?
    public var phase: Phase
    /// Stability in days (nil before the first review).
    @PackedDouble public var stability: Double?
    /// Difficulty 1-10 (nil before the first review).
    @PackedDouble public var difficulty: Double?
    @PackedDate public var due: Date?
    @PackedDate public var lastReview: Date?

    /// A card never reviewed.
    public static let new = FSRSCardState(phase: .learning, step: 0)

    public init(
        phase: Phase, step: Int?, stability: Double? = nil, difficulty: Double? = nil, due: Date? = nil,
        lastReview: Date? = nil
    ) {
        self.phase = phase
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }
}

/// The FSRS-6 scheduler, a transcription of py-fsrs 6.x's `Scheduler.review_card`
/// (fuzz aside) so that the two agree on stability, difficulty and due
/// times; a test replays random histories through both.
public struct FSRS: Sendable {
    public let settings: FSRSSettings
    private let w: [Double]
    private let decay: Double
    private let factor: Double

    static let minimumStability = 0.001
    /// `math.e` in Python; `e ** x` is written as `pow(e, x)` as py-fsrs does.
    static let e = 2.718281828459045

    public init(settings: FSRSSettings = FSRSSettings()) {
        self.settings = settings
        self.w = settings.parameters.count == 21 ? settings.parameters : FSRSSettings.defaultParameters
        self.decay = -w[20]
        self.factor = pow(0.9, 1 / decay) - 1
    }

    /// The state after `rating` at `time`. `cardID` seeds the fuzz when it is on.
    public func review(_ card: FSRSCardState, rating: FSRSRating, at time: Date, cardID: String = "") -> FSRSCardState {
        var card = card
        let r = Double(rating.rawValue)
        let daysSince = card.lastReview.map { Int(((time.timeIntervalSince($0)) / 86_400).rounded(.down)) }
        var interval: TimeInterval

        func longOrShort(_ s: Double, _ d: Double, updateDifficulty: Bool) {
            if let days = daysSince, days < 1 {
                card.stability = shortTermStability(s, r)
            } else {
                card.stability = nextStability(
                    d: d, s: s, retrievability: retrievability(s, days: daysSince ?? 0), r: r)
            }
            if updateDifficulty { card.difficulty = nextDifficulty(d, r) }
        }

        switch card.phase {
        case .learning, .relearning:
            let steps = card.phase == .learning ? settings.learningSteps : settings.relearningSteps
            let step = card.step ?? 0
            if card.phase == .learning, card.stability == nil || card.difficulty == nil {
                card.stability = max(w[rating.rawValue - 1], Self.minimumStability)
                card.difficulty = clampDifficulty(initialDifficulty(r))
            } else {
                longOrShort(card.stability ?? Self.minimumStability, card.difficulty ?? 5, updateDifficulty: true)
            }
            if steps.isEmpty || (step >= steps.count && rating != .again) {
                card.phase = .review
                card.step = nil
                interval = days(nextInterval(card.stability!))
            } else {
                switch rating {
                case .again:
                    card.step = 0
                    interval = steps[0]
                case .hard:
                    if step == 0 && steps.count == 1 {
                        interval = steps[0] * 1.5
                    } else if step == 0 && steps.count >= 2 {
                        interval = (steps[0] + steps[1]) / 2
                    } else {
                        interval = steps[step]
                    }
                case .good:
                    if step + 1 == steps.count {
                        card.phase = .review
                        card.step = nil
                        interval = days(nextInterval(card.stability!))
                    } else {
                        card.step = step + 1
                        interval = steps[step + 1]
                    }
                case .easy:
                    card.phase = .review
                    card.step = nil
                    interval = days(nextInterval(card.stability!))
                }
            }
        case .review:
            longOrShort(card.stability ?? Self.minimumStability, card.difficulty ?? 5, updateDifficulty: true)
            if rating == .again {
                if settings.relearningSteps.isEmpty {
                    interval = days(nextInterval(card.stability!))
                } else {
                    card.phase = .relearning
                    card.step = 0
                    interval = settings.relearningSteps[0]
                }
            } else {
                interval = days(nextInterval(card.stability!))
            }
        }
        if settings.fuzz, card.phase == .review {
            interval = fuzzed(interval, seed: cardID + "\u{1F}" + VaultDate.isoString(time))
        }
        card.due = time.addingTimeInterval(interval)
        card.lastReview = time
        return card
    }

    /// The probability of recall `days` after the last review.
    public func retrievability(_ stability: Double, days: Int) -> Double {
        pow(1 + factor * Double(max(0, days)) / stability, decay)
    }

    /// The interval in whole days that reaches the desired retention.
    public func nextInterval(_ stability: Double) -> Int {
        let raw = (stability / factor) * (pow(settings.desiredRetention, 1 / decay) - 1)
        // Python's round(), within 1...maximum_interval; weights that overflow to ∞ or NaN do not trap.
        return ValuePolicy.intervalDays(raw, maximum: settings.maximumInterval)
    }

    private func days(_ n: Int) -> TimeInterval { TimeInterval(n) * 86_400 }

    private func clampDifficulty(_ d: Double) -> Double { min(max(d, 1), 10) }

    private func initialDifficulty(_ r: Double) -> Double {
        w[4] - pow(Self.e, w[5] * (r - 1)) + 1
    }

    private func nextDifficulty(_ d: Double, _ r: Double) -> Double {
        let delta = -(w[6] * (r - 3))
        let damped = d + (10 - d) * delta / 9
        return clampDifficulty(w[7] * initialDifficulty(4) + (1 - w[7]) * damped)
    }

    private func shortTermStability(_ s: Double, _ r: Double) -> Double {
        var increase = pow(Self.e, w[17] * (r - 3 + w[18])) * pow(s, -w[19])
        if r >= 2 { increase = max(increase, 1) }
        return max(s * increase, Self.minimumStability)
    }

    private func nextStability(d: Double, s: Double, retrievability: Double, r: Double) -> Double {
        let next: Double
        if r == 1 {
            let long = w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * pow(Self.e, (1 - retrievability) * w[14])
            let short = s / pow(Self.e, w[17] * w[18])
            next = min(long, short)
        } else {
            let hard = r == 2 ? w[15] : 1
            let easy = r == 4 ? w[16] : 1
            next =
                s
                * (1 + pow(Self.e, w[8]) * (11 - d) * pow(s, -w[9]) * (pow(Self.e, (1 - retrievability) * w[10]) - 1)
                    * hard * easy)
        }
        return max(next, Self.minimumStability)
    }

    /// py-fsrs's fuzz ranges, with a uniform number from FNV-1a of `seed`.
    private func fuzzed(_ interval: TimeInterval, seed: String) -> TimeInterval {
        let intervalDays = Int((interval / 86_400).rounded(.down))
        guard Double(intervalDays) >= 2.5 else { return interval }
        var delta = 1.0
        for (start, end, f) in [(2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, Double.infinity, 0.05)] {
            delta += f * max(min(Double(intervalDays), end) - start, 0)
        }
        var low = Int((Double(intervalDays) - delta).rounded(.toNearestOrEven))
        var high = Int((Double(intervalDays) + delta).rounded(.toNearestOrEven))
        low = max(2, low)
        high = min(high, settings.maximumInterval)
        low = min(low, high)
        let unit = Double(StableHash.fnv1a(seed) >> 11) / Double(1 << 53)
        let days = min(
            Int((unit * Double(high - low + 1) + Double(low)).rounded(.toNearestOrEven)), settings.maximumInterval)
        return TimeInterval(days) * 86_400
    }
}
