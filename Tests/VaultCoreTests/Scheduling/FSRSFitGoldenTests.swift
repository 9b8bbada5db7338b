import Foundation
import Testing

@testable import VaultCore

/// The fitted weights of a fixed review log, bit for bit: how the optimizer
/// runs the parts of a batch (one after the other, on threads) must never
/// change what it fits.
@Suite("The optimizer's fitted weights, bit for bit")
struct FSRSFitGoldenTests {
    /// 400 simulated learners' cards: a first answer, then up to 9 reviews
    /// a shared set of intervals apart (so the outlier filter keeps the
    /// first-review groups), recalled more often after shorter gaps. Enough
    /// targets for several batches, each of more than 16 cards (split in parts).
    static var entries: [RevlogEntry] {
        var random = SplitMix64(seed: 42)
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        var entries: [RevlogEntry] = []
        for card in 0..<400 {
            var time = start.addingTimeInterval(Double(card) * 600)
            let first = [1, 2, 3, 3, 3, 4][Int(random.next() % 6)]
            entries.append(RevlogEntry(card: "c\(card)", time: time, rating: first, kind: .learning))
            let reviews = 2 + Int(random.next() % 8)
            var gap = [1, 1, 2, 3][first - 1]
            for _ in 0..<reviews {
                time = time.addingTimeInterval(Double(gap) * 86_400)
                let recall = 0.95 - 0.4 * Double(min(gap, 60)) / 60
                let recalled = Double(random.next() % 1000) / 1000 < recall
                let rating = recalled ? [2, 3, 3, 3, 4][Int(random.next() % 5)] : 1
                entries.append(RevlogEntry(card: "c\(card)", time: time, rating: rating, kind: .review))
                gap = recalled ? gap * [2, 3][Int(random.next() % 2)] : 1
            }
        }
        return entries
    }

    /// The weights this log fits to, the parts of a batch summed in a fixed
    /// order (two parts, the first half's sum plus the second's), with
    /// fsrs-rs's batch order and f32 weights, as their bit patterns.
    static let expected: [UInt64] = [
        0x3ff6_6560_a000_0000, 0x4002_bab1_0000_0000, 0x401b_2256_a000_0000, 0x401f_c6ac_e000_0000,
        0x401b_1873_0000_0000, 0x3fdd_0fa7_2000_0000, 0x4009_e4ea_e000_0000, 0x3f50_624d_e000_0000,
        0x3ff8_0dd4_0000_0000, 0x3fe0_8015_a000_0000, 0x3fda_2e50_8000_0000, 0x3ff8_f125_e000_0000,
        0x3fa2_ba04_0000_0000, 0x3fd2_c8da_a000_0000, 0x3ffb_26b0_e000_0000, 0x3fd4_e85c_8000_0000,
        0x3ff7_d166_0000_0000, 0x3fe1_5c29_0000_0000, 0x3fb7_58e2_2000_0000, 0x3fb0_d844_e000_0000,
        0x3fd9_91e8_e000_0000,
    ]

    @Test("the same log fits to the same weights, to the last bit, one part after the other and on threads")
    func fittedWeights() {
        let set = FSRSTrainingSet(entries: Self.entries, days: DayBoundary())
        var optimizer = FSRSOptimizer()
        let sequential = optimizer.fit(set, current: FSRSSettings.defaultParameters)
        #expect(sequential.outcome == .fitted)
        #expect(sequential.trainingItems == 2101)
        optimizer.fanOut = .threads
        let threaded = optimizer.fit(set, current: FSRSSettings.defaultParameters)
        #expect(threaded.weights.map(\.bitPattern) == sequential.weights.map(\.bitPattern))
        #expect(sequential.weights.map(\.bitPattern) == Self.expected)
    }
}

extension FSRSFanOut {
    /// The parts on as many threads at once (`concurrentPerform`), each sum kept in its part's slot.
    static let threads = FSRSFanOut { parts, body in
        let sums = PartSums(parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in sums.set(part, body(part)) }
        return sums.values
    }
}

/// The sums of parts run on several threads (a test's; the core shares nothing between parts).
private final class PartSums: @unchecked Sendable {
    private let lock = NSLock()
    private var sums: [[Double]]

    init(_ parts: Int) { sums = Array(repeating: [], count: parts) }

    func set(_ part: Int, _ sum: [Double]) { lock.withLock { sums[part] = sum } }

    var values: [[Double]] { lock.withLock { sums } }
}

/// SplitMix64, the generator the optimizer shuffled with before it took
/// fsrs-rs's (``FSRSBatchOrder``): it still makes this test's log, so the log
/// is the one this test has always fitted.
private struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
