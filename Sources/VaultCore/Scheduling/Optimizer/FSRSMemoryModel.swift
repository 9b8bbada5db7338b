import Foundation

/// The FSRS-6 memory model as fsrs-rs trains and evaluates it (src/model.rs):
/// stability and difficulty after each answer, and the forgetting curve.
/// Generic over the number type, so training gets the derivatives from the
/// same code that evaluation runs.
struct FSRSMemoryModel<T: FSRSScalar> {
    static var stabilityRange: ClosedRange<Double> { 0.001...36_500 }
    static var difficultyRange: ClosedRange<Double> { 1...10 }

    struct Memory {
        var stability: T
        var difficulty: T
    }

    let w: [T]
    let decay: T
    let factor: T
    let expW8: T
    let failureFloorDivisor: T
    let easyDifficulty: T

    init(_ w: [T]) {
        self.w = w
        decay = 0.0 - w[20]
        factor = (T(Foundation.log(0.9)) / decay).exp() + -1
        expW8 = w[8].exp()
        failureFloorDivisor = (w[17] * w[18]).exp()
        easyDifficulty = Self.initialDifficulty(w, rating: 4)
    }

    static func initialDifficulty(_ w: [T], rating: Int) -> T {
        w[4] - (w[5] * Double(rating - 1)).exp() + 1
    }

    /// Clamps like Burn/PyTorch: the derivative passes inside the range (bounds included), stops outside.
    @inline(__always) static func clamp(_ x: T, _ range: ClosedRange<Double>) -> T {
        if x.value < range.lowerBound { return T(range.lowerBound) }
        if x.value > range.upperBound { return T(range.upperBound) }
        return x
    }

    /// Recall after `days` days at stability `stability`.
    @inline(__always) func retrievability(days: Double, stability: T) -> T {
        (T(days) / stability * factor + 1).power(decay)
    }

    /// The memory after the first answer.
    @inline(__always) func initial(rating: Int) -> Memory {
        let r = min(max(rating, 1), 4)
        return Memory(
            stability: Self.clamp(w[r - 1], Self.stabilityRange),
            difficulty: Self.clamp(Self.initialDifficulty(w, rating: r), Self.difficultyRange))
    }

    /// The memory after answering `rating` `days` days after the previous answer.
    @inline(__always) func step(_ memory: Memory, days: Double, rating: Int) -> Memory {
        let lastS = Self.clamp(memory.stability, Self.stabilityRange)
        let lastD = Self.clamp(memory.difficulty, Self.difficultyRange)
        let g = Double(rating)
        var newS: T
        if days == 0 {
            let sinc = (w[17] * (w[18] + (g - 3))).exp() * lastS.power(0.0 - w[19])
            newS = lastS * (rating >= 2 && sinc.value < 1 ? T(1) : sinc)
        } else {
            let r = retrievability(days: days, stability: lastS)
            if rating == 1 {
                let raw =
                    w[11] * lastD.power(0.0 - w[12]) * ((lastS + 1).power(w[13]) + -1) * ((1.0 - r) * w[14]).exp()
                let floor = lastS / failureFloorDivisor
                newS = floor.value < raw.value ? floor : raw
            } else {
                var bonus = expW8 * (11.0 - lastD) * lastS.power(0.0 - w[9]) * (((1.0 - r) * w[10]).exp() + -1)
                if rating == 2 { bonus = bonus * w[15] }
                if rating == 4 { bonus = bonus * w[16] }
                newS = lastS * (bonus + 1)
            }
        }
        let deltaD = w[6] * (3 - g)
        let nextD = lastD + (10.0 - lastD) * deltaD * (1.0 / 9)
        let reverted = w[7] * (easyDifficulty - nextD) + nextD
        return Memory(
            stability: Self.clamp(newS, Self.stabilityRange), difficulty: Self.clamp(reverted, Self.difficultyRange))
    }
}
