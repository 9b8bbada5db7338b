import Foundation
import Testing

@testable import VaultCore

/// The days of the perfect-accuracy streak, counted in an array over the
/// days' span: the same days, in the same order, as a dictionary of every
/// answer's day (the way they were counted before), over random answers and
/// over a span too wide for the array.
@Suite("Perfect days counted by span")
struct PerfectDaysTests {
    func review(day: Int, passed: Bool, second: Double) -> ClassifiedReview {
        ClassifiedReview(
            time: Date(timeIntervalSince1970: second), day: day, hour: 0, card: 0, kind: .mature, passed: passed,
            button: passed ? "good" : "again", responseMilliseconds: nil, intervalDays: nil, firstOfDay: true)
    }

    func byDictionary(_ reviews: [ClassifiedReview], now: Date) -> [(day: Int, perfect: Bool)] {
        var days: [Int: Bool] = [:]
        for review in reviews where review.time <= now {
            days[review.day] = (days[review.day] ?? true) && review.passed
        }
        return days.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @Test("random answers: the same days and verdicts as a dictionary, answers after now left out")
    func sameAsDictionary() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let count = Int.random(in: 0...300, using: &generator)
            let reviews = (0..<count).map { _ in
                review(
                    day: Int.random(in: -40...(round % 2 == 0 ? 60 : 5_000), using: &generator),
                    passed: Int.random(in: 0..<10, using: &generator) > 0,
                    second: Double.random(in: 0...1_000, using: &generator))
            }
            let now = Date(timeIntervalSince1970: 700)
            let counted = Milestone.perfectByDay(reviews, now: now)
            let expected = byDictionary(reviews, now: now)
            #expect(counted.map(\.day) == expected.map(\.day))
            #expect(counted.map(\.perfect) == expected.map(\.perfect))
        }
    }

    @Test("days a million and more apart (a hostile ledger) are counted without an array of that size")
    func wideSpan() {
        let reviews = [
            review(day: Int.min / 2, passed: true, second: 1), review(day: Int.max / 2, passed: false, second: 2),
            review(day: 3, passed: true, second: 3), review(day: 3, passed: false, second: 4),
        ]
        let counted = Milestone.perfectByDay(reviews, now: Date(timeIntervalSince1970: 10))
        #expect(counted.map(\.day) == [Int.min / 2, 3, Int.max / 2])
        #expect(counted.map(\.perfect) == [true, false, false])
    }
}
