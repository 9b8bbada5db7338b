import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// A study request is resolved against `study:` in the config and the
/// ledger by ``Studying``, whichever front end asks: the queue of a request
/// is the queue its options plan, and no request can leave the config out.
@Suite("Study request: resolved against the config")
struct StudyRequestTests {
    /// 45 cards: 10 answered 40 days ago (long overdue), 10 answered 6 days
    /// ago, 25 new; in two folders.
    static let cards: [Card] = (0..<45).map { n in
        let path = n < 20 ? "deck/a.md" : "other/b.md"
        return Fixture.card(
            String(format: "c%02d", n), path, noteID: n < 20 ? Fixture.idA : Fixture.idB, question: "Q\(n)?",
            position: n % 20)
    }

    static func ledger(holding held: String? = nil) throws -> MemoryLedger {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        for (n, card) in cards.enumerated() where n < 20 {
            let daysAgo = n < 10 ? 40.0 : 6.0
            let note = card.noteID ?? card.notePath
            // Good twice, a day apart, so the card is in review with a short interval.
            try ledger.append(
                Fixture.rating(card.id, note: note, at: Fixture.now.addingTimeInterval(-(daysAgo + 1) * 86_400)))
            try ledger.append(
                Fixture.rating(card.id, note: note, at: Fixture.now.addingTimeInterval(-daysAgo * 86_400)))
        }
        if let held {
            try ledger.append(
                CardHoldEvent(
                    time: Fixture.now.addingTimeInterval(-60), card: held, note: Fixture.idB, action: .suspend))
        }
        return ledger
    }

    static func studying(_ study: StudySettings, holding held: String? = nil) throws -> Studying {
        var config = Fixture.config
        config.study = study
        return Studying(Fixture.context([], cards: cards, ledger: try ledger(holding: held), config: config))
    }

    /// Every `study:` setting that bears on the queue, alone and together.
    static let settings: [StudySettings] = [
        StudySettings(), StudySettings(dailyLimit: 1), StudySettings(dailyLimit: 3), StudySettings(preset: .exam),
        StudySettings(dailyLimit: 7, preset: .exam), StudySettings(overduePerDay: 0), StudySettings(overduePerDay: 2),
        StudySettings(leechLapses: 1, leechAction: .suspend), StudySettings(timerAmber: 1, timerRed: 2),
        StudySettings(preset: .intensive), StudySettings(dailyLimit: 9, limitsByDay: [2: 4]),
        StudySettings(limitsByDay: [2: 0]), StudySettings(limitsByDay: [3: 0]),
    ]

    static let requests: [StudyRequest] = [
        StudyRequest(), StudyRequest(folder: "deck"), StudyRequest(batch: 4), StudyRequest(exam: true),
        StudyRequest(mode: .due), StudyRequest(focus: .overdue), StudyRequest(focus: .weak),
    ]

    @Test("the queue of a request is the queue of its options with the config filled in, in the flow too")
    func matrix() throws {
        for study in Self.settings {
            let studying = try Self.studying(study)
            let schedules = studying.schedules()
            for request in Self.requests {
                // Wednesday in the vault's zone: limits_by_day's day 2.
                #expect(studying.weekday == 2)
                let expected = study.options(
                    mode: request.mode, folder: request.folder, limit: request.batch, exam: request.exam,
                    focus: request.focus, weekday: 2)
                let options = studying.options(for: request, schedules: schedules)
                #expect(options.dailyLimit == expected.dailyLimit, "\(study) \(request)")
                #expect(options.overduePerDay == study.overduePerDay)
                #expect(
                    options.limit == request.batch && options.folder == request.folder && options.focus == request.focus
                )
                let queue = studying.queue(request, schedules: schedules).entries.map(\.card.id)
                let flow = StudyFlow(studying, request: request).queue.entries.map(\.card.id)
                #expect(queue == flow, "\(study) \(request)")
                #expect(queue == studying.queue(options, schedules: schedules).entries.map(\.card.id))
            }
        }
    }

    @Test("daily_limit: 1 queues one card; the exam preset 50; --exam outranks daily_limit")
    func limits() throws {
        let available = try Self.studying(StudySettings(dailyLimit: 10_000)).queueCount(StudyRequest())
        try #require(available > 30 && available < 50, "more cards wait than a normal day takes")
        #expect(try Self.studying(StudySettings(dailyLimit: 1)).queueCount(StudyRequest()) == 1)
        #expect(try Self.studying(StudySettings()).queueCount(StudyRequest()) == 30)
        #expect(try Self.studying(StudySettings(preset: .exam)).queueCount(StudyRequest()) == available)
        #expect(try Self.studying(StudySettings(dailyLimit: 2)).queueCount(StudyRequest(exam: true)) == available)
        #expect(try Self.studying(StudySettings(dailyLimit: 2)).queueCount(StudyRequest(batch: 5)) == 2)
        #expect(try Self.studying(StudySettings(dailyLimit: 20)).queueCount(StudyRequest(batch: 5)) == 5)
    }

    @Test("today's limits_by_day outranks daily_limit; a day off queues nothing; intensive is 50; --exam outranks the day")
    func days() throws {
        #expect(try Self.studying(StudySettings(dailyLimit: 20, limitsByDay: [2: 3])).queueCount(StudyRequest()) == 3)
        #expect(try Self.studying(StudySettings(dailyLimit: 3, limitsByDay: [3: 20])).queueCount(StudyRequest()) == 3)
        let off = try Self.studying(StudySettings(limitsByDay: [2: 0]))
        #expect(off.isDayOff)
        let queue = off.queue(StudyRequest(), schedules: off.schedules())
        #expect(queue.entries.isEmpty && queue.isDayOff && queue.dailyLimit == 0)
        #expect(StudyFlow(off, request: StudyRequest()).queue.entries.isEmpty, "the flow plans the same day off")
        #expect(try Self.studying(StudySettings(limitsByDay: [2: 0])).queueCount(StudyRequest(exam: true)) > 30)
        let available = try Self.studying(StudySettings(dailyLimit: 10_000)).queueCount(StudyRequest())
        #expect(try Self.studying(StudySettings(preset: .intensive)).queueCount(StudyRequest()) == min(50, available))
    }

    @Test("learning cards come back the same day while the folder holds fewer than 20 of them")
    func learningAgain() throws {
        // deck/ holds 20 cards, all answered (in review after two goods): no learning card, the rule is on.
        let studying = try Self.studying(StudySettings())
        let schedules = studying.schedules()
        #expect(studying.options(for: StudyRequest(folder: "deck"), schedules: schedules).learningAgainAfter == 600)
        // The whole deck holds the 25 new cards of other/: learning cards wait for their day.
        #expect(studying.options(for: StudyRequest(), schedules: schedules).learningAgainAfter == nil)
        #expect(studying.options(for: StudyRequest(folder: "other"), schedules: schedules).learningAgainAfter == nil)
    }

    @Test("overdue_per_day sets long-overdue cards aside, a share a day back; a suspended card stays out")
    func overdueAndHeld() throws {
        let none = try Self.studying(StudySettings(overduePerDay: 0))
        let aside = none.queue(StudyRequest(), schedules: none.schedules())
        #expect(aside.setAside.count >= 10, "at least the ten cards answered 40 days ago wait their turn")
        #expect(Set(aside.setAside.map(\.card.id)).isDisjoint(with: aside.entries.map(\.card.id)))
        let two = try Self.studying(StudySettings(overduePerDay: 2))
        #expect(two.queue(StudyRequest(), schedules: two.schedules()).setAside.count == aside.setAside.count - 2)
        let held = try Self.studying(StudySettings(preset: .exam), holding: "c35")
        #expect(!held.queue(StudyRequest(), schedules: held.schedules()).entries.contains { $0.card.id == "c35" })
        #expect(!StudyFlow(held, request: StudyRequest()).queue.entries.contains { $0.card.id == "c35" })
        let free = try Self.studying(StudySettings(preset: .exam))
        #expect(free.queue(StudyRequest(), schedules: free.schedules()).entries.contains { $0.card.id == "c35" })
    }
}

extension Studying {
    /// The number of cards `request` queues now.
    fileprivate func queueCount(_ request: StudyRequest) -> Int { queue(request, schedules: schedules()).entries.count }
}
