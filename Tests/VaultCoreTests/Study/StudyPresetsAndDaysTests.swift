import Foundation
import Testing
import VaultCore

/// StudyFlow's presets (normal 30, intensive 50, exam 50 with every
/// long-overdue card back), a weekday's own limit (0 is a day off), and
/// learning cards that come back the same day while few are learning.
@Suite("Study presets, days and learning cards again the same day")
struct StudyPresetsAndDaysTests {
    let utc = TimeZone(identifier: "UTC")!

    /// A tiers card in `tier`, due at `due`, last answered at `last`.
    func entry(_ name: String, tier: StudyTier, due: Date?, last: Date?, path: String = "deck/a.md") -> (
        Card, CardSchedule
    ) {
        var s = CardSchedule(settings: .tiers(promotionStreak: 5))
        s.state = .tiers(TiersCardState(tier: tier, correctStreak: 0, due: due, lastReview: last))
        s.reviews = last == nil ? 0 : 1
        s.correct = s.reviews
        s.lastReview = last
        return (card(name, path: path), s)
    }

    func plan(_ items: [(Card, CardSchedule)], _ options: StudyOptions) -> StudyQueue {
        StudyPlanner.plan(
            cards: items.map(\.0), schedules: Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) }), now: t0,
            timeZone: utc, options: options)
    }

    @Test(
        "normal is 30 a day, intensive and exam 50; a weekday's own limit outranks daily_limit and the preset, --exam outranks it"
    )
    func precedence() {
        #expect(StudySettings(preset: .normal).options().dailyLimit == 30)
        #expect(StudySettings(preset: .intensive).options().dailyLimit == 50)
        #expect(StudySettings(preset: .exam).options().dailyLimit == 50)
        let weekend = StudySettings(dailyLimit: 40, preset: .intensive, limitsByDay: [5: 5, 6: 0])
        #expect(weekend.options(weekday: 2).dailyLimit == 40, "Wednesday has no limit of its own: daily_limit")
        #expect(weekend.options(weekday: 5).dailyLimit == 5)
        #expect(weekend.options(weekday: 6).dailyLimit == 0)
        #expect(weekend.options(exam: true, weekday: 6).dailyLimit == 50, "--exam is typed now: it wins")
        #expect(weekend.options().dailyLimit == 40, "no weekday given: no weekday's limit")
        #expect(StudySettings(limitsByDay: [0: 12]).options(weekday: 0).dailyLimit == 12)
        #expect(StudySettings(preset: .intensive, limitsByDay: [3: 8]).limit(onWeekday: 2) == 50)
        #expect(weekend.isDayOff(6) && !weekend.isDayOff(5) && !weekend.isDayOff(2))
    }

    @Test("a day off queues no card, new or due; every card waits, and the queue says it is a day off")
    func dayOff() {
        let items = [
            entry("due", tier: .reviewing, due: t0.addingTimeInterval(-60), last: day(-3)),
            entry("new", tier: .learning, due: nil, last: nil),
        ]
        let off = plan(items, StudySettings(limitsByDay: [2: 0]).options(weekday: 2))
        #expect(off.entries.isEmpty)
        #expect(off.deferred == 2)
        #expect(off.isDayOff && off.dailyLimitReached)
        let batch = plan(items, StudySettings(limitsByDay: [2: 0]).options(limit: 5, weekday: 2))
        #expect(batch.entries.isEmpty, "a batch is within the day's limit")
        let overdue = plan(items, StudySettings(limitsByDay: [2: 0]).options(focus: .overdue, weekday: 2))
        #expect(!overdue.isDayOff, "--overdue is asked for by name: the limit never held it")
        let workday = plan(items, StudySettings(limitsByDay: [2: 0]).options(weekday: 3))
        #expect(workday.entries.count == 2 && !workday.isDayOff)
    }

    @Test("the exam preset brings every long-overdue card back now, oldest first; intensive keeps the spread")
    func examLiftsTheSpread() {
        var items: [(Card, CardSchedule)] = []
        for n in 0..<6 { items.append(entry("old \(n)", tier: .reviewing, due: day(-10 - Double(n)), last: day(-20))) }
        let normal = plan(items, StudyOptions(preset: .intensive, overduePerDay: 2))
        #expect(normal.entries.count == 2 && normal.setAside.count == 4)
        let exam = plan(items, StudyOptions(preset: .exam, overduePerDay: 2))
        #expect(exam.entries.count == 6 && exam.setAside.isEmpty)
        let counted = FlashcardCounts.count(
            cards: items.map(\.0), schedules: Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) }), now: t0,
            timeZone: utc,
            options: {
                var o = StudyOptions.unlimited(overduePerDay: 2); o.preset = .exam; return o
            }())
        #expect(counted.due == 6 && counted.setAside == 0, "the status counts what the exam queue takes")
    }

    @Test(
        "a learning card answered today comes back after the step while fewer than 20 are learning, not before, and not from 20"
    )
    func learningAgain() {
        let answered = entry("answered", tier: .learning, due: day(1), last: t0.addingTimeInterval(-15 * 60))
        let justNow = entry("just now", tier: .learning, due: day(1), last: t0.addingTimeInterval(-5 * 60))
        let yesterday = entry("yesterday", tier: .learning, due: day(1), last: day(-1))
        let reviewing = entry("reviewing", tier: .reviewing, due: day(2), last: t0.addingTimeInterval(-3600))
        let items = [answered, justNow, yesterday, reviewing]
        let schedules = Dictionary(uniqueKeysWithValues: items.map { ($0.0.id, $0.1) })
        let step = StudySettings.learningAgainAfter(cards: items.map(\.0), schedules: schedules, folder: nil)
        #expect(step == 600)
        var options = StudyOptions()
        options.learningAgainAfter = step
        let queue = plan(items, options)
        #expect(
            queue.entries.map(\.card.question) == ["answered"],
            "only the learning card answered more than 10 minutes ago today")
        #expect(queue.entries.first?.group == .learning)
        #expect(plan(items, StudyOptions()).entries.isEmpty, "without the rule, it waits for tomorrow")
        // An fsrs card in its learning phase keeps the day FSRS gave it.
        var fsrs = CardSchedule(settings: .fsrs(FSRSSettings()))
        let hourAgo = t0.addingTimeInterval(-3600)
        fsrs.state = .fsrs(
            FSRSCardState(phase: .learning, step: 1, stability: 2, difficulty: 5, due: day(1), lastReview: hourAgo))
        (fsrs.reviews, fsrs.correct, fsrs.lastReview) = (1, 1, hourAgo)
        #expect(fsrs.tier == .learning, "the premise: learning, due another day")
        let fsrsCard = (entry("fsrs", tier: .learning, due: day(1), last: nil).0, fsrs)
        #expect(plan([fsrsCard], options).entries.isEmpty, "the rule is StudyFlow's, for tiers cards")
        // Twenty learning cards (new ones count) in the folder: they wait for their day.
        var many = items
        for n in 0..<17 { many.append(entry("new \(n)", tier: .learning, due: nil, last: nil)) }
        let manySchedules = Dictionary(uniqueKeysWithValues: many.map { ($0.0.id, $0.1) })
        #expect(StudySettings.learningAgainAfter(cards: many.map(\.0), schedules: manySchedules, folder: nil) == nil)
        // The count is the folder's: another folder's learning cards do not count.
        var elsewhere = items
        for n in 0..<17 {
            elsewhere.append(entry("other \(n)", tier: .learning, due: nil, last: nil, path: "other/b.md"))
        }
        let elsewhereSchedules = Dictionary(uniqueKeysWithValues: elsewhere.map { ($0.0.id, $0.1) })
        #expect(
            StudySettings.learningAgainAfter(cards: elsewhere.map(\.0), schedules: elsewhereSchedules, folder: "deck")
                == 600)
        #expect(
            StudySettings.learningAgainAfter(cards: elsewhere.map(\.0), schedules: elsewhereSchedules, folder: nil)
                == nil)
    }
}
