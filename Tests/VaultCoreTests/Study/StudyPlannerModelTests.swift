import Foundation
import Testing

@testable import VaultCore

/// The planner against a plain model of its rules (the direct version it
/// replaced: an entry per card, all of them sorted, then cut at the limit),
/// and the status counts against the planner.
@Suite("Study planner against a plain model")
struct StudyPlannerModelTests {
    let utc = TimeZone(identifier: "UTC")!

    /// The rules, written the direct way.
    func modelPlan(
        cards: [Card], schedules: [String: CardSchedule], now: Date, timeZone: TimeZone, options: StudyOptions
    ) -> StudyQueue {
        let todayNumber = VaultDate.dayNumber(of: now, in: timeZone)
        let startOfToday = VaultDate.startOfDay(todayNumber, in: timeZone)
        let endOfToday = VaultDate.startOfDay(todayNumber + 1, in: timeZone)
        let folder = options.folder.map(SchedulerConfig.folderPrefix) ?? ""
        var entries: [StudyQueue.Entry] = []
        var setAside: [StudyQueue.Entry] = []
        var studiedToday = 0
        for card in cards where card.notePath.hasPrefix(folder) {
            let schedule = schedules[card.id] ?? CardSchedule(settings: .defaults(.fsrs))
            if let last = schedule.lastReview, last >= startOfToday, last <= now { studiedToday += 1 }
            let tier = schedule.tier
            guard tier != .inactive else { continue }
            switch options.mode {
            case .all: break
            case .learning: guard tier == .learning else { continue }
            case .reviewing: guard tier == .reviewing else { continue }
            case .due: guard !schedule.isNew else { continue }
            }
            var overdueDays = 0
            if !schedule.isNew {
                guard let due = schedule.due, due < endOfToday else { continue }
                if due < startOfToday { overdueDays = todayNumber - VaultDate.dayNumber(of: due, in: timeZone) }
            }
            let group: StudyQueue.Group =
                overdueDays > 0
                ? .overdue : tier == .reviewing ? .reviewing : tier == .mastered ? .mastered : .learning
            let entry = StudyQueue.Entry(
                card: card, schedule: schedule, group: group, overdueDays: overdueDays,
                priority: StudyPlanner.priority(schedule, now: now))
            if overdueDays > options.overdueGraceDays { setAside.append(entry) } else { entries.append(entry) }
        }
        func order(_ a: StudyQueue.Entry, _ b: StudyQueue.Entry) -> Bool {  // used with a stable sort
            if a.group != b.group { return a.group < b.group }
            if a.priority != b.priority { return a.priority > b.priority }
            let (ad, bd) = (a.schedule.due ?? .distantPast, b.schedule.due ?? .distantPast)
            if ad != bd { return ad < bd }
            if a.card.notePath != b.card.notePath { return a.card.notePath < b.card.notePath }
            if a.card.position != b.card.position { return a.card.position < b.card.position }
            return a.card.id < b.card.id
        }
        // Set-aside cards come back oldest first, `overduePerDay` a day (all at once under the exam preset), in their own group.
        setAside.sort { a, b in
            let (ad, bd) = (a.schedule.due ?? .distantPast, b.schedule.due ?? .distantPast)
            return ad != bd ? ad < bd : order(a, b)
        }
        let back = options.preset == .exam ? setAside.count : min(setAside.count, options.overduePerDay)
        for var entry in setAside.prefix(back) {
            let tier = entry.schedule.tier
            entry.group = tier == .reviewing ? .reviewing : tier == .mastered ? .mastered : .learning
            entries.append(entry)
        }
        setAside.removeFirst(back)
        entries.sort(by: order)
        let dayLeft = max(0, options.dailyLimit - studiedToday)
        let room = min(options.limit ?? dayLeft, dayLeft)
        var queue = StudyQueue(
            entries: Array(entries.prefix(room)), setAside: setAside, deferred: max(0, entries.count - room),
            studiedToday: studiedToday, dailyLimit: options.dailyLimit)
        queue.batch = options.limit
        return queue
    }

    /// ~400 cards in 60 notes over two folders: new ones (some without any
    /// schedule), tiers and FSRS cards due from ten days ago to two days
    /// ahead, many sharing a due time and a score, some answered today,
    /// some inactive, and one card listed twice.
    func deck(seed: UInt64) -> (cards: [Card], schedules: [String: CardSchedule]) {
        var random = SplitMix(seed: seed)
        var cards: [Card] = []
        var schedules: [String: CardSchedule] = [:]
        for n in 0..<400 {
            let note = n % 60
            let c = card(
                "q\(n)", note: "note\(note)", path: "\(note % 2 == 0 ? "deck" : "other")/n\(note).md",
                position: n / 60)
            cards.append(c)
            let roll = random.next(100)
            if roll < 5 { continue }  // no schedule: new
            var s = CardSchedule(settings: roll < 50 ? .tiers(promotionStreak: 5) : .defaults(.fsrs))
            if roll < 20 {
                schedules[c.id] = s
                continue
            }
            let due = t0.addingTimeInterval(Double(random.next(13) - 10) * 86_400 + Double(random.next(3)) * 3600)
            s.reviews = 1 + random.next(4)
            s.correct = random.next(s.reviews + 1)
            s.lastReview = random.next(8) == 0 ? t0.addingTimeInterval(-600) : due.addingTimeInterval(-3 * 86_400)
            if roll < 50 {
                let tier: StudyTier = [.learning, .reviewing, .mastered, .inactive][random.next(4)]
                s.state = .tiers(TiersCardState(tier: tier, correctStreak: 0, due: due, lastReview: s.lastReview))
            } else {
                s.state = .fsrs(
                    FSRSCardState(
                        phase: roll < 60 ? .learning : .review, step: roll < 60 ? 0 : nil, stability: 30,
                        difficulty: 5, due: due, lastReview: due.addingTimeInterval(-Double(random.next(40)) * 86_400)))
            }
            schedules[c.id] = s
        }
        cards.append(cards[17])
        return (cards, schedules)
    }

    @Test(
        "every mode, folder, limit and grace plans what the plain model plans",
        arguments: [
            StudyOptions(), StudyOptions(limit: 0), StudyOptions(limit: 1), StudyOptions(limit: 60),
            StudyOptions(limit: 1000), StudyOptions(limit: Int.max), StudyOptions(preset: .exam),
            StudyOptions(mode: .learning, limit: 200), StudyOptions(mode: .reviewing), StudyOptions(mode: .due),
            StudyOptions(folder: "deck", limit: 45), StudyOptions(limit: 100, overdueGraceDays: 0),
            StudyOptions(limit: 100, overdueGraceDays: 7), StudyOptions(limit: 5, daily: 100),
            StudyOptions(daily: 500, overduePerDay: 0), StudyOptions(daily: 500, overduePerDay: 3),
            .unlimited(), .unlimited(overduePerDay: 1000),
        ])
    func matchesModel(options: StudyOptions) {
        for seed in [1, 2] as [UInt64] {
            let (cards, schedules) = deck(seed: seed)
            for zone in [utc, TimeZone(identifier: "Pacific/Auckland")!] {
                let queue = StudyPlanner.plan(
                    cards: cards, schedules: schedules, now: t0, timeZone: zone, options: options)
                let model = modelPlan(cards: cards, schedules: schedules, now: t0, timeZone: zone, options: options)
                #expect(queue == model, "seed \(seed), \(zone.identifier)")
            }
        }
    }

    @Test("status counts are the unlimited queue's, split into due, set aside and new")
    func countsMatchThePlan() {
        for seed in [1, 2, 3] as [UInt64] {
            let (cards, schedules) = deck(seed: seed)
            let queue = StudyPlanner.plan(
                cards: cards, schedules: schedules, now: t0, timeZone: utc, options: .unlimited(overduePerDay: 5))
            let new = queue.entries.filter(\.schedule.isNew).count
            let counts = FlashcardCounts.count(
                cards: cards, schedules: schedules, now: t0, timeZone: utc, options: .unlimited(overduePerDay: 5))
            #expect(counts == FlashcardCounts(due: queue.entries.count - new, setAside: queue.setAside.count, new: new))
            #expect(counts.due > 0 && counts.setAside > 0 && counts.new > 0)
        }
    }

    @Test("the generated deck has ties, cards answered today, inactive cards and a card listed twice")
    func deckHasTheCases() {
        let (cards, schedules) = deck(seed: 1)
        let queue = StudyPlanner.plan(
            cards: cards, schedules: schedules, now: t0, timeZone: utc, options: .unlimited(overduePerDay: 5))
        let keys = queue.entries.map { "\($0.group) \($0.priority) \($0.schedule.due ?? .distantPast)" }
        #expect(Set(keys).count < keys.count - 50)
        #expect(queue.studiedToday > 0)
        #expect(cards.contains { schedules[$0.id]?.tier == .inactive })
        #expect(cards.contains { schedules[$0.id] == nil })
        #expect(Set(cards.map(\.id)).count == cards.count - 1)
    }

    @Test("the first k of a list are its sorted prefix, for every k", arguments: [0, 1, 2, 7, 99, 100, 101, 250])
    func firstK(k: Int) {
        var random = SplitMix(seed: UInt64(k) + 5)
        let values = (0..<100).map { (value: random.next(20), index: $0) }
        let order = { (a: (value: Int, index: Int), b: (value: Int, index: Int)) in
            a.value != b.value ? a.value < b.value : a.index < b.index
        }
        let expected = values.sorted(by: order).prefix(k)
        #expect(StudyPlanner.first(k, of: values, by: order).map(\.index) == expected.map(\.index))
    }
}
