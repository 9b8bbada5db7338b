import Foundation
import Testing

@testable import VaultCore

/// A micro-measure, not a check: the pure-core work of `vault status` on a
/// generated vault of 100k notes (~165k curate events) and 35k cards. Prints
/// median times and a digest of every result, so that a faster version can
/// be shown to give the same answers. Runs only with VAULT_BENCH=1, meaningful
/// in a release build:
/// `VAULT_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter StatusBenchmark`
/// (add `VAULT_BENCH_DUMP=FILE` to write out the lines behind the digests).
@Suite("Status benchmark", .enabled(if: ProcessInfo.processInfo.environment["VAULT_BENCH"] != nil))
struct StatusBenchmark {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// 2020-01-06 (a Monday): the first day notes are created on.
    static let firstDay = VaultDate.daysFromCivil(2020, 1, 6)
    /// ~300 weeks of notes.
    static let dayCount = 2_100
    /// Mid-morning two days after the last note's day.
    static var now: Date {
        VaultDate.startOfDay(firstDay + dayCount + 2, in: zone).addingTimeInterval(10 * 3600)
    }

    @Test("board, status report and flashcard counts on 100k notes and 35k cards")
    func status() {
        var random = SplitMix(seed: 42)
        let (notes, events) = Self.vault(&random)
        let state = CurationState(LedgerHistory(events))
        let today = VaultDate.dayNumber(of: Self.now, in: Self.zone)
        let (cards, schedules) = Self.cards(&random)

        // Results are kept until the end: `vault status` never frees them either.
        var boards: [CurationBoard] = []
        let boardTime = Self.median {
            boards.append(CurationBoard(notes: notes.map(\.summary), state: state, timeZone: Self.zone))
        }
        let board = boards[0]
        var reports: [StatusReport] = []
        let reportTime = Self.median { reports.append(StatusReport(board: board, today: today)) }
        let report = reports[0]
        let reviewsTime = Self.median {
            for level in ReviewLevel.allCases {
                _ = board.defaultPeriod(level, today: today)
                for period in board.periods(level) { _ = board.review(period) }
            }
        }
        var counts = FlashcardCounts(due: 0, setAside: 0, new: 0)
        let countsTime = Self.median {
            counts = FlashcardCounts.count(cards: cards, schedules: schedules, now: Self.now, timeZone: Self.zone)
        }
        var queue = StudyPlanner.plan(cards: cards, schedules: schedules, now: Self.now, timeZone: Self.zone)
        let planTime = Self.median {
            queue = StudyPlanner.plan(cards: cards, schedules: schedules, now: Self.now, timeZone: Self.zone)
        }

        let decided = state.decisions.count
        #expect(board.items.count > 95_000)
        #expect(decided > 150_000)
        func ms(_ t: (median: Double, fastest: Double)) -> String {
            String(format: "%6.1f ms (fastest %6.1f ms)", t.median * 1000, t.fastest * 1000)
        }
        print(
            """
            status benchmark: \(notes.count) notes, \(events.count) curate events (\(decided) in force), \
            \(cards.count) cards
              board init      \(ms(boardTime))
              status report   \(ms(reportTime))
              every review    \(ms(reviewsTime)) (\(ReviewLevel.allCases.map { board.periods($0).count }) periods)
              flashcard count \(ms(countsTime)) \(counts)
              study plan      \(ms(planTime)) (limit \(queue.dailyLimit))
              digest board \(Self.digest(board: board, today: today)) report \(Self.digest(report: report)) \
            cards \(Self.digest(cards: cards, schedules: schedules))
            """)
    }

    /// The median and the fastest of 11 runs of `body`, in seconds (the
    /// fastest is the steadier figure when other work shares the machine).
    static func median(_ body: () -> Void) -> (median: Double, fastest: Double) {
        var times: [Double] = []
        for _ in 0..<11 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        return (times[5], times[0])
    }

    // MARK: - The generated vault

    /// 100k notes in random order over ~300 weeks (times on a 10-minute grid,
    /// so some share a moment; a few ids in capitals; 1% without an id), and
    /// the curate events of reviews done up to a few weeks ago: weekly keep or
    /// archive, monthly and yearly decisions on kept notes, some undos and
    /// redecisions, some decisions in a period the note does not belong to.
    static func vault(_ random: inout SplitMix) -> (notes: [Note], events: [LedgerEvent]) {
        var notes: [Note] = []
        var events: [LedgerEvent] = []
        var sequence = 0
        func decide(_ note: String, _ level: ReviewLevel, _ period: ReviewPeriod, _ decision: CurationDecision, at: Int)
        {
            sequence += 1
            let time = VaultDate.startOfDay(period.reviewDay + at, in: zone).addingTimeInterval(
                Double(sequence % 50_000))
            events.append(
                LedgerEvent(
                    time: time, utcOffset: 3600, device: sequence % 7 == 0 ? "phone" : "laptop", sequence: sequence,
                    kind: "curate",
                    fields: [
                        ("note", note), ("level", level.rawValue), ("period", period.id),
                        ("decision", decision.rawValue),
                    ]))
        }
        let lastDay = firstDay + dayCount
        let count = 100_000
        for i in random.permutation(count) {
            let day = firstDay + random.next(dayCount)
            let seconds = Double(random.next(144) * 600)
            let created = VaultDate.startOfDay(day, in: zone).addingTimeInterval(seconds)
            var id: String? = String(format: "%08x-8d8e-4d8b-9a55-3c2f4f0b6d11", i)
            if i % 50 == 7 { id = id!.uppercased() }
            if i % 100 == 13 { id = nil }
            var fm = FrontMatter()
            if let id { fm.entries.append(.init(key: "id", value: .scalar(id), line: 2)) }
            fm.entries.append(.init(key: "created", value: .scalar(VaultDate.isoString(created)), line: 3))
            notes.append(
                Note(
                    path: "notes/\(i % 97)/note-\(i).md", frontMatter: fm, body: BodyFacts(firstHeading: "Note \(i)"),
                    timeZone: zone))
            guard let id else { continue }
            let week = ReviewPeriod(level: .weekly, containingDay: day)
            let month = ReviewPeriod(level: .monthly, containingDay: day)
            let year = ReviewPeriod(level: .yearly, containingDay: day)
            if i % 211 == 5 { decide(id, .weekly, week.previous, .keep, at: 1) }  // another period: no effect
            guard week.endDay < lastDay - 21, random.next(100) < 95 else { continue }
            let keep = random.next(100) < 60
            if i % 37 == 0 {
                decide(id, .weekly, week, keep ? .archive : .keep, at: 0)
                if i % 74 == 0 {
                    decide(id, .weekly, week, .undo, at: 1)
                    continue
                }
            }
            decide(id, .weekly, week, keep ? .keep : .archive, at: 1)
            guard keep, month.endDay < lastDay - 45, random.next(100) < 90 else { continue }
            let keepMonth = random.next(100) < 62
            decide(id, .monthly, month, keepMonth ? .keep : .archive, at: 2)
            guard keepMonth, year.endDay < lastDay, random.next(100) < 85 else { continue }
            decide(id, .yearly, year, random.next(100) < 50 ? .keep : .archive, at: 5)
        }
        // Some weeks and months finished early.
        var week = ReviewPeriod(level: .weekly, containingDay: firstDay)
        while week.endDay < lastDay {
            if week.number % 13 == 0 || week.number % 17 == 0 {
                sequence += 1
                events.append(
                    LedgerEvent(
                        time: VaultDate.startOfDay(week.reviewDay + 3, in: zone), device: "laptop",
                        sequence: sequence, kind: "finish", fields: [("level", "weekly"), ("period", week.id)]))
            }
            week = week.next
        }
        events.sort(by: LedgerEvent.replayOrder)
        return (notes, events)
    }

    /// 35k cards in 9k notes with their schedules: most under FSRS (new,
    /// learning, review cards due from 12 days ago to 60 days ahead), some
    /// under the tiers scheduler (inactive ones included), a few with no schedule.
    static func cards(_ random: inout SplitMix) -> (cards: [Card], schedules: [String: CardSchedule]) {
        var cards: [Card] = []
        var schedules: [String: CardSchedule] = [:]
        let fsrs = SchedulerSettings.defaults(.fsrs)
        let tiers = SchedulerSettings.defaults(.tiers)
        let now = Self.now
        for n in 0..<9_000 {
            let path = "deck/\(n % 31)/note-\(n).md"
            let drafts = (0..<(n % 4 == 0 ? 5 : 4)).map {
                CardDraft(kind: .basic, question: "question \($0) of note \(n)", answer: "answer", line: $0 + 1)
            }
            cards += CardIdentity.cards(from: drafts, notePath: path, noteID: String(format: "%08x-card", n))
        }
        cards = Array(cards.prefix(35_000))
        for card in cards {
            let roll = random.next(100)
            if roll < 2 { continue }  // no schedule: a new card by default
            let due = now.addingTimeInterval(Double(random.next(72 * 24) - 12 * 24) * 3600)
            let last = due.addingTimeInterval(-Double(1 + random.next(40)) * 86_400)
            var s = CardSchedule(settings: roll < 90 ? fsrs : tiers)
            if roll < 17 {
                schedules[card.id] = s
                continue
            }
            s.reviews = 1 + random.next(20)
            s.correct = random.next(s.reviews + 1)
            s.lastReview = random.next(10) == 0 ? now.addingTimeInterval(-3600) : last
            if roll < 90 {
                let phase: FSRSCardState.Phase = roll < 25 ? .learning : roll < 28 ? .relearning : .review
                s.state = .fsrs(
                    FSRSCardState(
                        phase: phase, step: phase == .review ? nil : 0, stability: 3, difficulty: 5, due: due,
                        lastReview: last))
            } else {
                let tier: StudyTier = [.learning, .reviewing, .mastered, .inactive][random.next(4)]
                s.state = .tiers(TiersCardState(tier: tier, correctStreak: 1, due: due, lastReview: last))
            }
            schedules[card.id] = s
        }
        return (cards, schedules)
    }

    // MARK: - Digests

    /// Every item's place, cycle and archive flag, and every period's review, missed and default periods.
    static func digest(board: CurationBoard, today: Int) -> String {
        var d = Digest()
        for item in board.items {
            d.add("\(item.note.path) \(item.day) \(item.cycle) \(item.archived) \(item.key ?? "-")")
        }
        for level in ReviewLevel.allCases {
            for period in board.periods(level) { d.add(board.review(period)) }
            d.add("default \(board.defaultPeriod(level, today: today).id)")
            for review in board.missed(level, today: today) { d.add("missed"); d.add(review) }
        }
        return d.hex
    }

    static func digest(report: StatusReport) -> String {
        var d = Digest()
        for line in report.periods { d.add(line.role.rawValue); d.add(line.review) }
        d.add("\(report.notesToReview)")
        return d.hex
    }

    /// The unlimited and the daily queues, card by card, and the counts.
    static func digest(cards: [Card], schedules: [String: CardSchedule]) -> String {
        var d = Digest()
        for options in [StudyOptions(limit: Int.max), StudyOptions(), StudyOptions(mode: .due, folder: "deck/3")] {
            let queue = StudyPlanner.plan(
                cards: cards, schedules: schedules, now: now, timeZone: zone, options: options)
            for entry in queue.entries + queue.setAside {
                d.add("\(entry.card.id) \(entry.group) \(entry.overdueDays) \(entry.priority)")
            }
            d.add("\(queue.entries.count) \(queue.setAside.count) \(queue.deferred) \(queue.studiedToday)")
        }
        d.add("\(FlashcardCounts.count(cards: cards, schedules: schedules, now: now, timeZone: zone))")
        return d.hex
    }
}

/// FNV-1a over text: the same in every process (unlike `Hasher`).
struct Digest {
    var value = StableHash.fnvOffset

    mutating func add(_ text: String) {
        digestDump?.write(Data((text + "\n").utf8))
        value = StableHash.fnv1a(text.utf8 + [0x0a], seed: value)
    }

    mutating func add(_ review: CurationBoard.Review) {
        add(
            "\(review.period.id) \(review.status) \(review.items.count) \(review.decidedCount) \(review.pendingCount) \(review.finishedAt.map { "\($0.timeIntervalSince1970)" } ?? "-")"
        )
        for (item, decided) in zip(review.items, review.decisions) {
            add("\(item.note.path) \(decided.map { "\($0.decision) \($0.device) \($0.sequence)" } ?? "-")")
        }
    }

    var hex: String { String(value, radix: 16) }
}

/// With VAULT_BENCH_DUMP=FILE, the digested lines are also written to FILE,
/// to find where two versions differ (`diff` the files).
let digestDump: FileHandle? = ProcessInfo.processInfo.environment["VAULT_BENCH_DUMP"].flatMap { path in
    FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
}
