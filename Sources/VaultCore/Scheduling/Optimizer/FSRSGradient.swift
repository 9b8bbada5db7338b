import Foundation

/// The gradient of a card's summed weighted log loss with respect to the 21
/// weights, by forward accumulation with hand-derived partial derivatives:
/// along the card's answers, the derivatives of stability and difficulty
/// with respect to every weight are carried as two vectors, and each step
/// updates them by its partial derivatives (a few numbers) instead of
/// pushing 21 derivatives through every operation as ``FSRSDual`` does (the
/// reference the tests compare this with). Clamps pass the derivative inside
/// their range and stop it outside, like Burn's and fsrs-rs's.
struct FSRSGradient {
    typealias Vector = SIMD32<Double>

    let w: [Double]
    let decay: Double
    let factor: Double
    /// d(factor)/d(decay).
    let factorSlope: Double
    let expW8: Double
    let floorDivisor: Double
    let exp3W5: Double
    let easyD: Double

    init(_ w: [Double]) {
        self.w = w
        decay = -w[20]
        let c = Foundation.log(0.9)
        let e = Foundation.exp(c / decay)
        factor = e - 1
        factorSlope = e * (-c / (decay * decay))
        expW8 = Foundation.exp(w[8])
        floorDivisor = Foundation.exp(w[17] * w[18])
        exp3W5 = Foundation.exp(3 * w[5])
        easyD = w[4] - exp3W5 + 1
    }

    /// Up to four (weight, derivative) pairs, without allocating.
    struct Sparse {
        var i = (0, 0, 0, 0)
        var v = (0.0, 0.0, 0.0, 0.0)
        var n = 0

        @inline(__always) mutating func add(_ index: Int, _ value: Double) {
            switch n {
            case 0: i.0 = index; v.0 = value
            case 1: i.1 = index; v.1 = value
            case 2: i.2 = index; v.2 = value
            default: i.3 = index; v.3 = value
            }
            n += 1
        }

        @inline(__always) func apply(to g: UnsafeMutablePointer<Double>) {
            if n > 0 { g[i.0] += v.0 }
            if n > 1 { g[i.1] += v.1 }
            if n > 2 { g[i.2] += v.2 }
            if n > 3 { g[i.3] += v.3 }
        }
    }

    @inline(__always) static func unit(_ i: Int) -> Vector {
        var v = Vector.zero
        v[i] = 1
        return v
    }

    /// Recall after `t` days at stability `s`, and its derivatives by `s` and by w20.
    @inline(__always) func curve(_ t: Double, _ s: Double) -> (r: Double, ds: Double, dw20: Double) {
        let base = t / s * factor + 1
        let r = Foundation.pow(base, decay)
        let ds = r * decay / base * (-t * factor / (s * s))
        let ddecay = r * (Foundation.log(base) + decay / base * (t / s) * factorSlope)
        return (r, ds, -ddecay)
    }

    /// Adds to `total` (21 numbers) the gradient of the weighted log loss of
    /// `card`'s targets, and returns the loss.
    @discardableResult
    func accumulate(_ card: FSRSOptimizer.CardTrack, into total: UnsafeMutablePointer<Double>) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * 24) { buffer in
            let base = buffer.baseAddress!
            base.initialize(repeating: 0, count: 4 * 24)
            return accumulate(card, into: total, scratch: base)
        }
    }

    @inline(__always)
    private func accumulate(
        _ card: FSRSOptimizer.CardTrack, into total: UnsafeMutablePointer<Double>, scratch: UnsafeMutablePointer<Double>
    ) -> Double {
        let n = 21
        var gs = scratch, gd = scratch + 24, ngs = scratch + 48, ngd = scratch + 72
        let reviews = card.reviews
        let sRange = FSRSMemoryModel<Double>.stabilityRange
        let first = min(max(reviews[0].rating, 1), 4)
        var s = w[first - 1]
        gs[first - 1] = 1
        if s < sRange.lowerBound || s > sRange.upperBound {
            s = min(max(s, sRange.lowerBound), sRange.upperBound)
            gs[first - 1] = 0
        }
        let e0 = Foundation.exp(w[5] * Double(first - 1))
        var d = w[4] - e0 + 1
        gd[4] = 1
        gd[5] = -Double(first - 1) * e0
        if d < 1 || d > 10 {
            d = min(max(d, 1), 10)
            gd[4] = 0
            gd[5] = 0
        }
        var loss = 0.0
        for k in 1..<reviews.count {
            let t = Double(reviews[k].deltaT)
            let rating = reviews[k].rating
            let g = Double(rating)
            let (r, drds, drdw20) = curve(t, s)
            let weight = card.weights[k]
            if weight > 0 {
                let p = r
                let y = rating > 1 ? 1.0 : 0.0
                let pc = min(max(p, 1e-7), 1 - 1e-7)
                loss -= (y * Foundation.log(pc) + (1 - y) * Foundation.log(1 - pc)) * weight
                if p > 1e-7 && p < 1 - 1e-7 {
                    let dp = -weight * (y / p - (1 - y) / (1 - p))
                    let a = dp * drds
                    for j in 0..<n { total[j] += a * gs[j] }
                    total[20] += dp * drdw20
                }
            }
            // Stability.
            var newS: Double
            var ds = 0.0, dd = 0.0, dr = 0.0
            // The step's own weights: at most four, with their partial derivatives.
            var sparse = Sparse()
            if t == 0 {
                let sinc = Foundation.exp(w[17] * (g - 3 + w[18])) * Foundation.pow(s, -w[19])
                if rating >= 2 && sinc < 1 {
                    newS = s
                    ds = 1
                } else {
                    newS = s * sinc
                    ds = sinc * (1 - w[19])
                    sparse.add(17, newS * (g - 3 + w[18]))
                    sparse.add(18, newS * w[17])
                    sparse.add(19, -newS * Foundation.log(s))
                }
            } else if rating == 1 {
                let dPow = Foundation.pow(d, -w[12])
                let p = Foundation.pow(s + 1, w[13])
                let f = Foundation.exp((1 - r) * w[14])
                let raw = w[11] * dPow * (p - 1) * f
                let floor = s / floorDivisor
                if floor < raw {
                    newS = floor
                    ds = 1 / floorDivisor
                    sparse.add(17, -floor * w[18])
                    sparse.add(18, -floor * w[17])
                } else {
                    newS = raw
                    ds = w[11] * dPow * f * w[13] * p / (s + 1)
                    dd = raw * (-w[12] / d)
                    dr = raw * (-w[14])
                    sparse.add(11, dPow * (p - 1) * f)
                    sparse.add(12, -raw * Foundation.log(d))
                    sparse.add(13, w[11] * dPow * f * p * Foundation.log(s + 1))
                    sparse.add(14, raw * (1 - r))
                }
            } else {
                let m = (rating == 2 ? w[15] : 1) * (rating == 4 ? w[16] : 1)
                let sPow = Foundation.pow(s, -w[9])
                let e = Foundation.exp((1 - r) * w[10])
                let core = expW8 * sPow * (e - 1) * m  // B / (11 - d)
                let b = core * (11 - d)
                newS = s * (1 + b)
                ds = 1 + b - w[9] * b
                dd = -s * core
                dr = s * expW8 * (11 - d) * sPow * m * e * (-w[10])
                sparse.add(8, s * b)
                sparse.add(9, -s * b * Foundation.log(s))
                sparse.add(10, s * expW8 * (11 - d) * sPow * m * e * (1 - r))
                if rating == 2 { sparse.add(15, s * b / w[15]) }
                if rating == 4 { sparse.add(16, s * b / w[16]) }
            }
            // Through the recall, the stability's derivative gains dr·dR/ds, and w20 its own.
            let a = ds + dr * drds
            for j in 0..<n { ngs[j] = a * gs[j] + dd * gd[j] }
            ngs[20] += dr * drdw20
            sparse.apply(to: ngs)
            // Difficulty.
            let deltaD = -w[6] * (g - 3)
            let nextD = d + (10 - d) * deltaD / 9
            var newD = w[7] * (easyD - nextD) + nextD
            let c = (1 - w[7]) * (1 - deltaD / 9)
            for j in 0..<n { ngd[j] = c * gd[j] }
            ngd[6] += (1 - w[7]) * (10 - d) * (3 - g) / 9
            ngd[7] += easyD - nextD
            ngd[4] += w[7]
            ngd[5] += w[7] * (-3 * exp3W5)
            if newD < 1 || newD > 10 {
                newD = min(max(newD, 1), 10)
                for j in 0..<n { ngd[j] = 0 }
            }
            if newS < sRange.lowerBound || newS > sRange.upperBound {
                newS = min(max(newS, sRange.lowerBound), sRange.upperBound)
                for j in 0..<n { ngs[j] = 0 }
            }
            s = newS
            d = newD
            swap(&gs, &ngs)
            swap(&gd, &ngd)
        }
        return loss
    }
}
