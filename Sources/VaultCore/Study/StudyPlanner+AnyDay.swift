import Foundation

extension StudyPlanner {
    /// The weak and cram queues: cards due or not, weakest (hardest) first.
    ///
    /// - `weak` (`vault study --weak`): answered cards only, under the batch
    ///   and the daily limit, as their answers are ordinary `rate` events.
    /// - `cram` (`vault study --cram`): every card, new ones included (their
    ///   retrievability counts as 0, so they come first); only the batch caps
    ///   it, as its answers are `cram` events that change no schedule and
    ///   count toward no limit.
    ///
    /// Order: lowest retrievability at `now` first, then most lapses, then
    /// lowest accuracy, then reading order. Inactive and suspended cards never come.
    static func planAnyDay(
        cards: [Card], schedules: [String: CardSchedule], now: Date, timeZone: TimeZone, options: StudyOptions
    ) -> StudyQueue {
        let today = VaultDate.day(of: now, in: timeZone)
        let startOfToday = VaultDate.date(
            localSeconds: Double(VaultDate.daysFromCivil(today.year, today.month, today.day)) * 86_400, in: timeZone)
        let folder = options.folder.map(SchedulerConfig.folderPrefix) ?? ""
        var studiedToday = 0
        var picked: [(index: Int, weakness: Weakness)] = []
        for i in cards.indices where folder.isEmpty || cards[i].notePath.hasPrefix(folder) {
            let schedule = schedules[cards[i].id] ?? unanswered
            if let last = schedule.lastReview, last >= startOfToday, last <= now { studiedToday += 1 }
            guard options.admits(cards[i].id, schedule) else { continue }
            if options.focus == .weak, schedule.isNew { continue }
            picked.append((i, Weakness(schedule, at: now)))
        }
        picked.sort { a, b in
            if a.weakness != b.weakness { return a.weakness < b.weakness }
            let (x, y) = (cards[a.index], cards[b.index])
            if x.notePath != y.notePath { return x.notePath < y.notePath }
            if x.position != y.position { return x.position < y.position }
            return a.index < b.index
        }
        let dayLeft = max(0, options.dailyLimit - studiedToday)
        let room = options.focus == .cram ? (options.limit ?? Int.max) : min(options.limit ?? dayLeft, dayLeft)
        let entries = picked.prefix(room).map { p -> StudyQueue.Entry in
            let card = cards[p.index]
            let schedule = schedules[card.id] ?? unanswered
            return StudyQueue.Entry(
                card: card, schedule: schedule, group: group(of: schedule.tier), overdueDays: 0,
                priority: priority(schedule, now: now))
        }
        var queue = StudyQueue(
            entries: Array(entries), setAside: [], deferred: max(0, picked.count - room), studiedToday: studiedToday,
            dailyLimit: options.dailyLimit)
        queue.batch = options.limit
        queue.focus = options.focus
        return queue
    }

    /// How weak a card is, weakest first: lowest retrievability, most lapses, lowest accuracy.
    struct Weakness: Comparable {
        var retrievability: Double
        var lapses: Int
        var accuracy: Double

        init(_ schedule: CardSchedule, at now: Date) {
            retrievability = schedule.retrievability(at: now) ?? 0
            lapses = schedule.lapses
            accuracy = schedule.accuracy ?? 0
        }

        static func < (a: Weakness, b: Weakness) -> Bool {
            if a.retrievability != b.retrievability { return a.retrievability < b.retrievability }
            if a.lapses != b.lapses { return a.lapses > b.lapses }
            return a.accuracy < b.accuracy
        }
    }
}
