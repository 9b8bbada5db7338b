import Foundation
import Testing
import VaultCore

@Suite("Study queue")
struct StudyPlannerTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A card under the tiers scheduler in `tier`, due at `due`, last seen at `last`.
    func entry(
        _ name: String, tier: StudyTier, due: Date?, last: Date? = nil, reviews: Int = 1, correct: Int = 1,
        path: String = "deck/a.md"
    ) -> (Card, CardSchedule) {
        let c = card(name, path: path)
        var s = CardSchedule(settings: .tiers(promotionStreak: 5))
        s.state = .tiers(
            TiersCardState(
                tier: tier, correctStreak: 0, due: due, lastReview: last ?? due.map { $0.addingTimeInterval(-86_400) }))
        s.reviews = reviews
        s.correct = correct
        s.lastReview = reviews == 0 ? nil : (last ?? due.map { $0.addingTimeInterval(-86_400) })
        return (c, s)
    }

    func plan(_ items: [(Card, CardSchedule)], options: StudyOptions = StudyOptions()) -> StudyQueue {
        StudyPlanner.plan(
            cards: items.map(\.0), schedules: Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) }), now: t0,
            timeZone: utc, options: options)
    }

    @Test(
        "overdue within 3 days first, then learning, reviewing, mastered; more than 3 days overdue set aside (with no share coming back today)"
    )
    func ordering() {
        let items = [
            entry("mastered", tier: .mastered, due: t0.addingTimeInterval(-3600)),
            entry("reviewing", tier: .reviewing, due: t0.addingTimeInterval(3600)),
            entry("learning", tier: .learning, due: t0),
            entry("overdue2", tier: .reviewing, due: day(-2)),
            entry("overdue5", tier: .reviewing, due: day(-5)),
            entry("tomorrow", tier: .learning, due: day(1)),
            entry("inactive", tier: .inactive, due: nil),
        ]
        let queue = plan(items, options: StudyOptions(overduePerDay: 0))
        #expect(queue.entries.map(\.card.question) == ["overdue2", "learning", "reviewing", "mastered"])
        #expect(queue.entries.map(\.group) == [.overdue, .learning, .reviewing, .mastered])
        #expect(queue.setAside.map(\.card.question) == ["overdue5"])
        #expect(queue.setAside.first?.overdueDays == 5)
    }

    @Test(
        "the daily limit counts cards already studied today; the exam preset allows 50; a batch is cards now, capped by the day"
    )
    func limits() {
        var items: [(Card, CardSchedule)] = []
        for n in 0..<60 { items.append(entry("due \(n)", tier: .reviewing, due: t0.addingTimeInterval(-60))) }
        for n in 0..<10 {
            items.append(entry("done \(n)", tier: .reviewing, due: day(3), last: t0.addingTimeInterval(-3600)))
        }
        let normal = plan(items)
        #expect(normal.studiedToday == 10)
        #expect(normal.entries.count == 20)
        #expect(normal.deferred == 40)
        let exam = plan(items, options: StudyOptions(preset: .exam))
        #expect(exam.entries.count == 40)
        // A batch of 12 after 10 answers today is 12 cards (it used to be 2); the day's 20 left still cap it.
        #expect(plan(items, options: StudyOptions(limit: 12)).entries.count == 12)
        #expect(plan(items, options: StudyOptions(limit: 25)).entries.count == 20)
    }

    @Test("rotation favours new cards, cards unseen for 2+ days and low accuracy within a group")
    func rotation() {
        let items = [
            entry(
                "seen today, all right", tier: .learning, due: t0, last: t0.addingTimeInterval(-7200), reviews: 4,
                correct: 4),
            entry("seen 3 days ago", tier: .learning, due: t0, last: day(-3), reviews: 4, correct: 4),
            entry("often wrong", tier: .learning, due: t0, last: t0.addingTimeInterval(-7000), reviews: 4, correct: 0),
            entry("new", tier: .learning, due: nil, reviews: 0, correct: 0),
        ]
        let queue = plan(items, options: StudyOptions(limit: 100))
        #expect(
            queue.entries.map(\.card.question) == ["new", "often wrong", "seen 3 days ago", "seen today, all right"])
    }

    @Test("modes and the folder filter pick the cards")
    func modes() {
        let items = [
            entry("learning", tier: .learning, due: t0),
            entry("reviewing", tier: .reviewing, due: t0),
            entry("new", tier: .learning, due: nil, reviews: 0, correct: 0),
            entry("other folder", tier: .reviewing, due: t0, path: "other/b.md"),
        ]
        #expect(
            Set(plan(items, options: StudyOptions(mode: .learning)).entries.map(\.card.question)) == [
                "learning", "new",
            ])
        #expect(
            Set(plan(items, options: StudyOptions(mode: .reviewing)).entries.map(\.card.question)) == [
                "reviewing", "other folder",
            ])
        #expect(
            Set(plan(items, options: StudyOptions(mode: .due)).entries.map(\.card.question)) == [
                "learning", "reviewing", "other folder",
            ])
        #expect(
            Set(plan(items, options: StudyOptions(folder: "deck")).entries.map(\.card.question)) == [
                "learning", "reviewing", "new",
            ])
    }

    @Test("today is the vault's day: a card due at 01:00 UTC tomorrow waits in UTC but is due today in Tokyo")
    func timeZoneDay() {
        let now = Date(timeIntervalSince1970: 1_795_039_200)  // 2026-11-18T22:00Z = 19th 07:00 in Tokyo
        let c = entry("next day", tier: .reviewing, due: now.addingTimeInterval(3 * 3600))  // 19th 01:00Z = 10:00 Tokyo
        let schedules = [c.0.id: c.1]
        let utcQueue = StudyPlanner.plan(cards: [c.0], schedules: schedules, now: now, timeZone: utc)
        let tokyo = StudyPlanner.plan(
            cards: [c.0], schedules: schedules, now: now, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(utcQueue.entries.isEmpty)
        #expect(tokyo.entries.map(\.card.id) == [c.0.id])
    }
}

@Suite("Sibling burying")
struct SiblingBuryingTests {
    let utc = TimeZone(identifier: "UTC")!

    /// Two clozes of one sentence (line 3) and a card of its own (line 9), all new.
    func cards() -> [Card] {
        [
            card("The [...] effect", position: 0, kind: .cloze, line: 3),
            card("The testing [...]", position: 1, kind: .cloze, line: 3),
            card("Another card", position: 2, line: 9),
        ]
    }

    func schedules(_ cards: [Card]) -> [String: CardSchedule] {
        Dictionary(uniqueKeysWithValues: cards.map { ($0.id, CardSchedule(settings: .defaults(.fsrs))) })
    }

    @Test("of two new siblings only the first in reading order comes up today; the other waits")
    func newSiblings() {
        let cards = cards()
        let queue = StudyPlanner.plan(cards: cards, schedules: schedules(cards), now: t0, timeZone: utc)
        #expect(Set(queue.entries.map(\.card.id)) == [cards[0].id, cards[2].id])
        #expect(queue.buried == 1)
        let counts = FlashcardCounts.count(cards: cards, schedules: schedules(cards), now: t0, timeZone: utc)
        #expect(counts == FlashcardCounts(due: 0, setAside: 0, new: 2, buried: 1))
        #expect(counts.toStudy == queue.entries.count, "status and study count alike")
    }

    @Test("once a sibling is answered today the others wait for tomorrow; the answered card may come back")
    func answeredSibling() {
        let cards = cards()
        var schedules = schedules(cards)
        // The first cloze was answered Again an hour ago: due again in a minute, still today.
        let answered = RatingEvent.answering(
            cards[0], with: .fsrs(.again), at: t0.addingTimeInterval(-3_600), responseMilliseconds: nil,
            schedule: schedules[cards[0].id]!)
        schedules[cards[0].id] = answered.schedule
        let queue = StudyPlanner.plan(cards: cards, schedules: schedules, now: t0, timeZone: utc)
        #expect(Set(queue.entries.map(\.card.id)) == [cards[0].id, cards[2].id])
        #expect(queue.buried == 1)
        let tomorrow = StudyPlanner.plan(
            cards: cards, schedules: schedules, now: t0.addingTimeInterval(86_400), timeZone: utc)
        let siblings = tomorrow.entries.map(\.card.id).filter { [cards[0].id, cards[1].id].contains($0) }
        #expect(siblings == [cards[0].id], "the next day again one sibling a day: the first in reading order")
        #expect(tomorrow.buried == 1)
    }
}
