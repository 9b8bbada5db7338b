/// The order fsrs-rs trains its batches in, epoch after epoch: its
/// generator (`StdRng::seed_from_u64(2023)`, rand 0.10's ChaCha with 12
/// rounds seeded through PCG32) and its shuffle (rand's forward
/// Fisher-Yates, which draws several indices from one number). Written from
/// the published algorithms (RFC 8439's ChaCha quarter round, PCG32's
/// output function, Lemire's and Canon's bounded draws), so the same log
/// gives the batches in the order fsrs-rs gives them and the fit follows
/// the same path instead of a path of its own.
struct FSRSBatchOrder {
    private var generator: ChaCha12

    /// fsrs-rs's `StdRng::seed_from_u64(seed)`: the 32-byte key is eight PCG32 outputs.
    init(seed: UInt64) {
        var state = seed
        var key = [UInt32](repeating: 0, count: 8)
        for i in 0..<8 {
            state = state &* 6_364_136_223_846_793_005 &+ 11_634_580_027_462_260_723
            let xorshifted = UInt32(truncatingIfNeeded: ((state >> 18) ^ state) >> 27)
            let rotation = UInt32(truncatingIfNeeded: state >> 59)
            key[i] = xorshifted >> rotation | xorshifted << ((32 &- rotation) & 31)
        }
        generator = ChaCha12(key: key)
    }

    /// `indices` shuffled as `SliceRandom::shuffle` does: for i from 1 up,
    /// swap i with an index in 0...i, the indices drawn from one bounded
    /// number as long as their product fits in 32 bits.
    mutating func shuffle(_ indices: inout [Int]) {
        guard indices.count > 1 else { return }
        var n: UInt32 = 0
        var chunk: UInt32 = 0
        var remaining = 1  // n = 0: the first index is always 0, drawn without a number
        for i in 0..<indices.count {
            let next = n + 1
            if remaining == 0 {
                var bound = next
                var count = 1
                var current = next + 1
                while true {
                    let (product, overflow) = bound.multipliedReportingOverflow(by: current)
                    if overflow { break }
                    bound = product
                    current += 1
                    count += 1
                }
                chunk = draw(below: bound)
                remaining = count
            }
            remaining -= 1
            let index: UInt32
            if remaining == 0 {
                index = chunk
            } else {
                index = chunk % next
                chunk /= next
            }
            n = next
            indices.swapAt(i, Int(index))
        }
    }

    /// A number in 0..<bound, as rand's `random_range(..bound)` for u32
    /// draws it: the high half of a 32×32-bit product, with a second draw
    /// when the low half says the first may be biased.
    private mutating func draw(below bound: UInt32) -> UInt32 {
        let first = UInt64(generator.next()) &* UInt64(bound)
        var result = UInt32(truncatingIfNeeded: first >> 32)
        let low = UInt32(truncatingIfNeeded: first)
        if low > 0 &- bound {
            let second = UInt64(generator.next()) &* UInt64(bound)
            let carry = UInt32(truncatingIfNeeded: second >> 32)
            if low.addingReportingOverflow(carry).overflow { result += 1 }
        }
        return result
    }
}

/// ChaCha with 12 rounds as a generator: a 256-bit key, a 64-bit block
/// counter and a zero stream, each block's 16 words given in order.
struct ChaCha12 {
    private let key: [UInt32]
    private var counter: UInt64 = 0
    private var block = [UInt32](repeating: 0, count: 16)
    private var index = 16

    init(key: [UInt32]) { self.key = key }

    mutating func next() -> UInt32 {
        if index == 16 {
            refill()
            index = 0
        }
        defer { index += 1 }
        return block[index]
    }

    private mutating func refill() {
        let input: [UInt32] =
            [0x6170_7865, 0x3320_646E, 0x7962_2D32, 0x6B20_6574] + key
            + [UInt32(truncatingIfNeeded: counter), UInt32(truncatingIfNeeded: counter >> 32), 0, 0]
        var x = input
        @inline(__always) func quarter(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
            x[a] &+= x[b]
            x[d] ^= x[a]
            x[d] = x[d] << 16 | x[d] >> 16
            x[c] &+= x[d]
            x[b] ^= x[c]
            x[b] = x[b] << 12 | x[b] >> 20
            x[a] &+= x[b]
            x[d] ^= x[a]
            x[d] = x[d] << 8 | x[d] >> 24
            x[c] &+= x[d]
            x[b] ^= x[c]
            x[b] = x[b] << 7 | x[b] >> 25
        }
        for _ in 0..<6 {
            quarter(0, 4, 8, 12)
            quarter(1, 5, 9, 13)
            quarter(2, 6, 10, 14)
            quarter(3, 7, 11, 15)
            quarter(0, 5, 10, 15)
            quarter(1, 6, 11, 12)
            quarter(2, 7, 8, 13)
            quarter(3, 4, 9, 14)
        }
        for i in 0..<16 { block[i] = x[i] &+ input[i] }
        counter &+= 1
    }
}
