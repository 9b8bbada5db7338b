/// A small seeded generator, so that generated test data is the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }

    /// 0..<count in a random order.
    mutating func permutation(_ count: Int) -> [Int] {
        var result = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) { result.swapAt(i, next(i + 1)) }
        return result
    }
}
