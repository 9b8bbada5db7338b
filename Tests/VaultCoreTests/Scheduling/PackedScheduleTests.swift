import Foundation
import Testing

@testable import VaultCore

@Suite("Card schedules stored small")
struct PackedScheduleTests {
    @Test("a schedule and the largest states take the bytes counted for them (vault serve keeps one per card)")
    func sizes() {
        #expect(MemoryLayout<CardSchedule>.stride <= 128, "was 216 with Int counts and Date? fields")
        #expect(MemoryLayout<FSRSCardState>.size <= 48)
        #expect(MemoryLayout<OSRCardState>.size <= 48)
        #expect(MemoryLayout<SM2CardState>.size <= 40)
        #expect(MemoryLayout<PackedDate>.size == 8)
        #expect(MemoryLayout<PackedDouble>.size == 8)
        #expect(MemoryLayout<PackedCount>.size == 4)
    }

    @Test("a packed date reads back as given: nil, any date, even one of a NaN interval")
    func dates() {
        let moments: [Date?] = [
            nil, Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 1_795_000_000.125),
            Date(timeIntervalSinceReferenceDate: -86_400.5), .distantPast, .distantFuture,
        ]
        for moment in moments {
            #expect(PackedDate(wrappedValue: moment).wrappedValue == moment)
        }
        let nan = PackedDate(wrappedValue: Date(timeIntervalSinceReferenceDate: .nan)).wrappedValue
        #expect(nan != nil)
        #expect(nan?.timeIntervalSinceReferenceDate.isNaN == true)
        // Dates `==` calls equal pack equal, and hash alike.
        let zero = PackedDate(wrappedValue: Date(timeIntervalSinceReferenceDate: 0))
        let minusZero = PackedDate(wrappedValue: Date(timeIntervalSinceReferenceDate: -0.0))
        #expect(zero == minusZero)
        #expect(zero.hashValue == minusZero.hashValue)
        #expect(zero != PackedDate(wrappedValue: nil))
        var changed = zero
        changed.wrappedValue = nil
        #expect(changed.wrappedValue == nil)
    }

    @Test("packed doubles and counts read back as given")
    func numbers() {
        for value: Double? in [nil, 0, -3.25, 1e300, .infinity, -.infinity] {
            #expect(PackedDouble(wrappedValue: value).wrappedValue == value)
        }
        #expect(PackedDouble(wrappedValue: .nan).wrappedValue?.isNaN == true)
        for count in [0, 1, -1, 4_000, Int(Int32.max)] {
            #expect(PackedCount(wrappedValue: count).wrappedValue == count)
        }
        #expect(PackedCount(wrappedValue: Int.max).wrappedValue == Int(Int32.max), "clamped")
    }

    @Test("a schedule's fields read back as answered, and equal schedules compare and hash equal")
    func schedules() {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        var schedule = CardSchedule(settings: .defaults(.fsrs))
        #expect(schedule.isNew)
        #expect(schedule.lastReview == nil && schedule.lastLapse == nil && schedule.forgottenAt == nil)
        for (i, answer) in [ReviewAnswer.fsrs(.good), .fsrs(.good), .fsrs(.again), .fsrs(.easy)].enumerated() {
            schedule = schedule.answering(answer, at: start.addingTimeInterval(Double(i) * 86_400 * 9), cardID: "c1")
        }
        #expect(schedule.reviews == 4)
        #expect(schedule.correct == 3)
        #expect(schedule.correctStreak == 1)
        #expect(schedule.lastReview == start.addingTimeInterval(3 * 86_400 * 9))
        guard case .fsrs(let state) = schedule.state else {
            Issue.record("not an fsrs state")
            return
        }
        #expect(state.stability != nil && state.difficulty != nil && state.due != nil)
        #expect(state.lastReview == schedule.lastReview)
        var again = CardSchedule(settings: .defaults(.fsrs))
        for (i, answer) in [ReviewAnswer.fsrs(.good), .fsrs(.good), .fsrs(.again), .fsrs(.easy)].enumerated() {
            again = again.answering(answer, at: start.addingTimeInterval(Double(i) * 86_400 * 9), cardID: "c1")
        }
        #expect(again == schedule)
        #expect(again.hashValue == schedule.hashValue)
        let forgotten = schedule.forgetting(at: start.addingTimeInterval(40 * 86_400))
        #expect(forgotten != schedule)
        #expect(forgotten.forgottenAt == start.addingTimeInterval(40 * 86_400))
        #expect(forgotten.isNew)
        #expect(forgotten.reviews == 4)
    }
}
