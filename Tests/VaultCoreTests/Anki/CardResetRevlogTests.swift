import Foundation
import Testing

@testable import VaultCore

@Suite("card-reset forgets in the optimizer's review log")
struct CardResetRevlogTests {
    @Test("a forget is a manual entry and the next answer a learning one, so the history before it is cut")
    func forgetCutsHistory() {
        func at(_ day: Double) -> Date { Date(timeIntervalSince1970: 1_767_225_600 + day * 86_400) }
        let events: [CardScheduleReplay.CardEvent] = [
            .answer(time: at(0), answer: .fsrs(.good), responseMilliseconds: nil),
            .answer(time: at(3), answer: .fsrs(.again), responseMilliseconds: nil),
            .answer(time: at(7), answer: .fsrs(.good), responseMilliseconds: nil),
            .answer(time: at(9), answer: .fsrs(.easy), responseMilliseconds: nil),
        ]
        let plain = LedgerRevlog.entries([("c", events)])
        #expect(plain.map(\.kind) == [.learning, .review, .review, .review])
        let entries = LedgerRevlog.entries([("c", events)], forgets: ["c": [at(5)]])
        #expect(entries.map(\.kind) == [.learning, .review, .manual, .learning, .review])
        #expect(entries[2].rating == 0)
        #expect(FSRSTrainingSet.countedEntries(entries)?.map(\.rating) == [3, 4])
    }
}
