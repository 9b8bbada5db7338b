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
        var random = TrainingShuffler(seed: 42)
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

    /// The weights this log fitted to when the parts of a batch were first
    /// summed in a fixed order (two parts, the first half's sum plus the
    /// second's), as their bit patterns.
    static let expected: [UInt64] = [
        0x3ff7_0d16_c000_0000, 0x4001_c913_8000_0000, 0x401b_24d4_2000_0000, 0x401f_c15a_4000_0000,
        0x401b_06b2_b90d_84c0, 0x3fde_5955_d513_132a, 0x400a_200c_fec8_85a8, 0x3f50_624d_d2f1_a9fc,
        0x3ff8_1ddb_800c_c241, 0x3fe0_6400_b26d_785b, 0x3fda_a475_2c18_d846, 0x3ff8_6f85_023b_2e6d,
        0x3f81_0908_acfd_6549, 0x3fd0_dfcb_5f97_1374, 0x3ffa_7e24_f8f3_bfd8, 0x3fd5_1de1_a7c5_b249,
        0x3ff7_d5fe_afd9_5676, 0x3fe1_5c28_f5c2_8f5c, 0x3fb7_58e2_1965_2bd4, 0x3fb0_d844_d013_a92a,
        0x3fdc_3b20_f41c_fc6c,
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
