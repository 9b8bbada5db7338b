import Foundation
import Testing

@testable import VaultCore

@Suite("The optimizer's gradient")
struct FSRSGradientTests {
    /// Random cards: first answers, same-day answers, lapses and long gaps.
    static func cards(seed: UInt64, count: Int) -> [FSRSOptimizer.CardTrack] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in
            let length = 2 + Int(random.next() % 30)
            let reviews = (0..<length).map { k in
                FSRSReview(
                    rating: 1 + Int(random.next() % 4),
                    deltaT: k == 0 ? 0 : [0, 1, 2, 5, 13, 40, 200][Int(random.next() % 7)])
            }
            let weights = reviews.enumerated().map { k, review in
                k > 0 && review.deltaT > 0 ? 0.25 + Double(random.next() % 100) / 133 : 0
            }
            return FSRSOptimizer.CardTrack(reviews: reviews, weights: weights, targets: weights.filter { $0 > 0 }.count)
        }
    }

    @Test(
        "the hand-derived partial derivatives give the gradient that dual numbers give",
        arguments: [FSRSSettings.defaultParameters, [
            1.5, 3.2, 5.4, 13.9, 6.2, 0.47, 3.06, 0.082, 1.81, 0.24, 0.95, 1.53, 0.054, 0.32, 1.79, 0.51, 2.48, 0.51,
            0.023, 0.11, 0.146,
        ]])
    func matchesDualNumbers(weights: [Double]) {
        let cards = Self.cards(seed: 9, count: 200)
        let optimizer = FSRSOptimizer()
        let fast = optimizer.gradient(cards, weights: weights)
        let reference = FSRSOptimizer.dualGradient(cards, weights: weights)
        for i in 0..<21 {
            let scale = max(abs(reference[i]), 1e-6)
            #expect(abs(fast[i] - reference[i]) / scale < 1e-7, "w\(i): \(fast[i]) vs \(reference[i])")
        }
        #expect(fast.contains { $0 != 0 })
    }

    @Test("two cores give the same gradient as one, to the last bit")
    func fanOutIsDeterministic() {
        let cards = Self.cards(seed: 4, count: 64)
        var parallel = FSRSOptimizer()
        parallel.fanOut = .threads
        #expect(
            parallel.gradient(cards, weights: FSRSSettings.defaultParameters)
                == FSRSOptimizer().gradient(cards, weights: FSRSSettings.defaultParameters))
    }

    @Test("a revlog row that cannot be read is refused with its line number")
    func badRows() {
        let header = "card_id,review_time,review_rating,review_state,review_duration\n"
        let cases: [(String, Int, String)] = [
            ("1,1750000000000,3,0,5000\n1,17500x,3,1,4000\n", 3, "review_time"),
            ("1,1750000000000,5,0,5000\n", 2, "review_rating"),
            ("1,1750000000000,3,7,5000\n", 2, "review_state"),
            ("1,1750000000000,0,1,5000\n", 2, "review_rating"),
            ("1,1750000000000\n", 2, "fields"),
        ]
        for (rows, line, word) in cases {
            #expect(throws: RevlogCSV.BadRow.self) { try RevlogCSV.parse(header + rows) }
            do {
                _ = try RevlogCSV.parse(header + rows)
            } catch let bad as RevlogCSV.BadRow {
                #expect(bad.line == line)
                #expect(bad.reason.contains(word), "\(bad.reason)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(throws: RevlogCSV.BadRow.self) { try RevlogCSV.parse("id,time,rating\n1,2,3\n") }
        let manual = try? RevlogCSV.parse(header + "1,1750000000000,3,0,5000\r\n1,1750100000000,0,4,0\r\n")
        #expect(manual?.map(\.kind) == [.learning, .manual])
        let plain = try? RevlogCSV.parse("review_rating,card_id,review_time\n3,a,1750000000000\n2,a,1750100000000\n")
        #expect(plain?.map(\.kind) == [.learning, .review])
        #expect(plain?.map(\.card) == ["a", "a"])
    }
}
