import Foundation

/// fsrs-rs's outlier filter (`prepare_training_data`): the items whose only
/// long-term review is their target are grouped by first rating and by the
/// interval to that review; in each rating, the smallest groups (with the
/// shortest intervals first among equals) adding up to 5% of the items, or
/// 20 at least, are dropped, and so are groups of fewer than 6 items or with
/// an interval over 100 days (365 after Easy). Every item whose card's first
/// long-term interval was dropped leaves the training set.
struct FSRSOutlierFilter {
    /// The kept items with one long-term review, to fit w0-w3 on.
    var initializationItems: [FSRSTrainingSet.Item] = []
    /// The items kept for training, in order.
    var trainingItems: [FSRSTrainingSet.Item] = []

    init(_ set: FSRSTrainingSet) {
        // rating → interval → items
        var groups: [Int: [Int: [FSRSTrainingSet.Item]]] = [:]
        for item in set.items {
            let reviews = set.cards[item.card]
            guard Self.longTermCount(reviews, length: item.length) == 1 else { continue }
            groups[reviews[0].rating, default: [:]][reviews[item.length - 1].deltaT, default: []].append(item)
        }
        var removed: [Int: Set<Int>] = [:]
        var kept: [FSRSTrainingSet.Item] = []
        for rating in groups.keys.sorted() {
            let byInterval = groups[rating]!
            // Smallest first; among equal sizes, shortest interval first.
            let subGroups = byInterval.sorted { a, b in
                a.value.count != b.value.count ? a.value.count < b.value.count : a.key < b.key
            }
            let total = subGroups.reduce(0) { $0 + $1.value.count }
            var hasBeenRemoved = 0
            for (interval, items) in subGroups {
                if hasBeenRemoved + items.count >= max(20, total / 20) {
                    if items.count >= 6 && interval <= (rating != 4 ? 100 : 365) {
                        kept += items
                    } else {
                        removed[rating, default: []].insert(interval)
                    }
                } else {
                    hasBeenRemoved += items.count
                    removed[rating, default: []].insert(interval)
                }
            }
        }
        initializationItems = kept
        trainingItems = set.items.filter { item in
            let reviews = set.cards[item.card]
            guard let dropped = removed[reviews[0].rating] else { return true }
            let first = reviews.dropFirst().first { $0.deltaT > 0 }?.deltaT ?? 0
            return !dropped.contains(first)
        }
    }

    static func longTermCount(_ reviews: [FSRSReview], length: Int) -> Int {
        var count = 0
        for k in 0..<length where reviews[k].deltaT > 0 { count += 1 }
        return count
    }
}

/// The initial stabilities w0-w3 fitted to the first long-term reviews, as
/// fsrs-rs does (src/parameter_initialization.rs): per first rating, the
/// stability whose forgetting curve (default decay) best fits the recall
/// seen at each interval (Laplace-smoothed toward the average recall, with an
/// L1 pull toward the default), then made increasing with the rating and
/// filled in for the ratings never given first.
struct FSRSInitialStability {
    /// w0-w3 as fitted.
    var stabilities: [Double]
    /// How many first long-term reviews followed each first rating.
    var ratingCounts: [Int: Int]

    init?(_ set: FSRSTrainingSet, items: [FSRSTrainingSet.Item], averageRecall: Double) {
        // rating → interval → (recalled, count)
        var groups: [Int: [Int: (recalled: Double, count: Double)]] = [:]
        for item in items {
            let reviews = set.cards[item.card]
            guard FSRSOutlierFilter.longTermCount(reviews, length: item.length) == 1 else { continue }
            let target = reviews.dropFirst().first { $0.deltaT > 0 }!
            var entry = groups[reviews[0].rating, default: [:]][target.deltaT] ?? (0, 0)
            entry.recalled += target.rating > 1 ? 1 : 0
            entry.count += 1
            groups[reviews[0].rating, default: [:]][target.deltaT] = entry
        }
        var counts: [Int: Int] = [:]
        var fitted: [Int: Double] = [:]
        let decay = -FSRSSettings.defaultParameters[20]
        let factor = Foundation.pow(0.9, 1 / decay) - 1
        for (rating, byInterval) in groups {
            let data = byInterval.sorted { $0.key < $1.key }
            counts[rating] = Int(data.reduce(0.0) { $0 + $1.value.count })
            let defaultS = Double(Float(FSRSSettings.defaultParameters[rating - 1]))
            let recall = data.map { ($0.value.recalled + averageRecall) / ($0.value.count + 1) }
            func loss(_ s: Double) -> Double {
                var total = 0.0
                for (k, point) in data.enumerated() {
                    let p = Foundation.pow(Double(point.key) / s * factor + 1, decay)
                    total += -(recall[k] * Foundation.log(p) + (1 - recall[k]) * Foundation.log(1 - p)) * point.value.count
                }
                return total + abs(s - defaultS) / 16
            }
            var low = Double(Float(0.001)), high = 100.0
            var best = defaultS
            var iterations = 0
            while high - low > Double.ulpOfOne && iterations < 1000 {
                iterations += 1
                let mid1 = low + (high - low) / 3
                let mid2 = high - (high - low) / 3
                if loss(mid1) < loss(mid2) { high = mid2 } else { low = mid1 }
                best = (high + low) / 2
            }
            fitted[rating] = Double(Float(best))
        }
        ratingCounts = counts
        guard let smoothed = Self.smoothAndFill(fitted, counts: counts) else { return nil }
        stabilities = smoothed
    }

    /// `w0-w3` after training, made increasing and filled in the same way.
    func smoothed(_ trained: [Double]) -> [Double] {
        var byRating: [Int: Double] = [:]
        for rating in 1...4 { byRating[rating] = trained[rating - 1] }
        return Self.smoothAndFill(byRating, counts: ratingCounts) ?? trained
    }

    /// fsrs-rs's `smooth_and_fill` (computed in f32 as there).
    static func smoothAndFill(_ stabilities: [Int: Double], counts: [Int: Int]) -> [Double]? {
        var s: [Int: Float] = [:]
        for (rating, value) in stabilities where counts[rating] != nil { s[rating] = Float(value) }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
            if let a = s[small], let b = s[big], a > b {
                if counts[small]! > counts[big]! { s[big] = a } else { s[small] = b }
            }
        }
        let w1: Float = 0.41, w2: Float = 0.54
        let defaults = (0..<4).map { Float(FSRSSettings.defaultParameters[$0]) }
        func p(_ x: Float, _ y: Float) -> Float { Foundation.pow(x, y) }
        var r: [Float?] = [nil, s[1], s[2], s[3], s[4]]
        var result: [Float]
        switch s.count {
        case 0:
            return nil
        case 1:
            let (rating, value) = s.first!
            let factor = value / defaults[rating - 1]
            result = defaults.map { $0 * factor }.sorted()
        case 2:
            switch (r[1], r[2], r[3], r[4]) {
            case (nil, nil, let r3?, let r4?):
                let r2 = p(r3, 1 / (1 - w2)) * p(r4, 1 - 1 / (1 - w2))
                r[2] = r2
                r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (nil, let r2?, nil, let r4?):
                let r3 = p(r2, 1 - w2) * p(r4, w2)
                r[3] = r3
                r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (nil, let r2?, let r3?, nil):
                r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
                r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (let r1?, nil, nil, let r4?):
                let c = w1 / (w1 * -w2 + (w1 + w2))
                let d = w2 / (w1 * -w2 + (w1 + w2))
                r[2] = p(r1, c) * p(r4, 1 - c)
                r[3] = p(r1, 1 - d) * p(r4, d)
            case (let r1?, nil, let r3?, nil):
                let r2 = p(r1, w1) * p(r3, 1 - w1)
                r[2] = r2
                r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
            case (let r1?, let r2?, nil, nil):
                let r3 = p(r1, 1 - 1 / (1 - w1)) * p(r2, 1 / (1 - w1))
                r[3] = r3
                r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
            default:
                break
            }
            result = r.compactMap { $0 }
        case 3:
            switch (r[1], r[2], r[3], r[4]) {
            case (nil, let r2?, let r3?, _):
                r[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (let r1?, nil, let r3?, _):
                r[2] = p(r1, w1) * p(r3, 1 - w1)
            case (_, let r2?, nil, let r4?):
                r[3] = p(r2, 1 - w2) * p(r4, w2)
            case (_, let r2?, let r3?, nil):
                r[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
            default:
                break
            }
            result = r.compactMap { $0 }
        default:
            result = r.compactMap { $0 }
        }
        guard result.count == 4 else { return nil }
        return result.map { Double(min(max($0, Float(0.001)), 100)) }
    }
}
