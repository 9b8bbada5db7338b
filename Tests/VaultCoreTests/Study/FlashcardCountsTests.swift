import Foundation
import Testing
import VaultCore

@Suite("Flashcard counts for status")
struct FlashcardCountsTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A card under the ladder scheduler, answered once, due at `due`.
    func reviewed(_ name: String, due: Date) -> (Card, CardSchedule) {
        var s = CardSchedule(settings: .defaults(.ladder))
        s.state = .ladder(LadderCardState(step: 1, due: due, lastReview: due.addingTimeInterval(-86_400)))
        s.reviews = 1
        s.correct = 1
        s.lastReview = due.addingTimeInterval(-7 * 86_400)
        return (card(name), s)
    }

    @Test(
        "due today and overdue within 3 days count as due; older ones set aside beyond the day's share; new ones apart; tomorrow not at all"
    )
    func splitsDueSetAsideAndNew() {
        let items = [
            reviewed("later today", due: t0.addingTimeInterval(3_600)),
            reviewed("2 days late", due: day(-2)),
            reviewed("5 days late", due: day(-5)),
            reviewed("tomorrow", due: day(1)),
            (card("never seen"), CardSchedule(settings: .defaults(.ladder))),
        ]
        let counts = FlashcardCounts.count(
            cards: items.map(\.0), schedules: Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) }),
            now: t0, timeZone: utc, options: .unlimited(overduePerDay: 0))
        #expect(counts == FlashcardCounts(due: 2, setAside: 1, new: 1))
        // With a share of 20 a day (the default) the long-overdue card comes back today.
        let shared = FlashcardCounts.count(
            cards: items.map(\.0), schedules: Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) }),
            now: t0, timeZone: utc)
        #expect(shared == FlashcardCounts(due: 3, setAside: 0, new: 1))
    }

    @Test("the daily study limit does not cap the count")
    func noDailyLimit() {
        let items = (0..<40).map { reviewed("card \($0)", due: t0.addingTimeInterval(-60)) }
        let counts = FlashcardCounts.count(
            cards: items.map(\.0), schedules: Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) }),
            now: t0, timeZone: utc)
        #expect(counts.due == 40)
    }
}
