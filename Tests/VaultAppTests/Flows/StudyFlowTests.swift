import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// The study screen's rules in-process, over in-memory ports: reveal, each
/// rating written as the typed event with the schedule the use case computes,
/// quitting midway, sm2 qualities, the daily limit and the summary's counts.
@Suite("Study flow")
struct StudyFlowTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let now = VaultDate.parse("2026-11-18T09:00:00", in: utc)!

    static func cards(_ path: String, _ pairs: [(String, String)]) -> [Card] {
        CardIdentity.cards(
            from: pairs.enumerated().map { CardDraft(kind: .basic, question: $1.0, answer: $1.1, line: 3 + 2 * $0) },
            notePath: path, noteID: nil)
    }

    struct World {
        let ledger = MemoryLedger(timeZone: StudyFlowTests.utc)
        var cards =
            StudyFlowTests.cards(
                "deck/capitals.md",
                [("Capital of France", "Paris"), ("Capital of Japan", "Tokyo"), ("Longest river of Africa", "Nile")])
            + StudyFlowTests.cards("languages/german.md", [("Good day", "Guten Tag")])

        var context: AppContext {
            var config = VaultConfig(timeZoneIdentifier: "UTC")
            config.schedulers = SchedulerConfig(folders: [.init(prefix: "languages/", settings: .defaults(.sm2))])
            return AppContext(
                notes: MemoryNotes(all: [], cards: cards), ledger: ledger, ids: MemoryNoteIDs(), config: config,
                now: StudyFlowTests.now)
        }

        var studying: Studying { Studying(context) }

        func flow(_ options: StudyOptions = StudyOptions()) -> StudyFlow { StudyFlow(studying, options: options) }

        /// The `rating` of each `rate` line, in order.
        var ratings: [String] { ledger.events.filter { $0.kind == "rate" }.compactMap { $0["rating"] } }
    }

    @Test("answers are stamped at the start plus the time spent; under a given moment (VAULT_NOW), at that moment")
    func answerTimes() {
        var flow = World().flow()
        #expect(flow.time(elapsedMilliseconds: 5_000) == StudyFlowTests.now.addingTimeInterval(5))
        flow.fixedMoment = true
        #expect(flow.time(elapsedMilliseconds: 5_000) == StudyFlowTests.now)
        #expect(flow.summary(elapsedMilliseconds: 90_000).elapsedMilliseconds == 90_000, "the time spent is still counted")
    }

    @Test("the first card is shown with its answer hidden; a rating before the reveal does nothing")
    func ratingNeedsReveal() throws {
        let world = World()
        var flow = world.flow()
        #expect(flow.queue.entries.count == 4)
        #expect(flow.index == 0 && !flow.revealed)
        #expect(
            try flow.send(.rate(.fsrs(.good), elapsedMilliseconds: 0, responseMilliseconds: 0), through: world.studying)
                .isEmpty)
        #expect(flow.index == 0)
        #expect(world.ledger.events.isEmpty)
        _ = flow.handle(.reveal)
        #expect(flow.revealed)
    }

    @Test("a rating asks for the answer to be recorded at the session's moment; nothing moves until it is")
    func ratingIsAnEffect() throws {
        let world = World()
        var flow = world.flow()
        let card = try #require(flow.entry?.card)
        _ = flow.handle(.reveal)
        let effects = flow.handle(.rate(.fsrs(.good), elapsedMilliseconds: 2500, responseMilliseconds: 1200))
        guard effects.count == 1, case .record(let answer, _) = effects[0] else {
            Issue.record("expected one record effect, got \(effects)")
            return
        }
        #expect(
            answer
                == .init(
                    card: card, answer: .fsrs(.good), time: Self.now.addingTimeInterval(2.5), responseMilliseconds: 1200
                ))
        #expect(flow.index == 0 && flow.session.answers.isEmpty)
    }

    @Test(
        "rate two cards then quit: two rate events, the schedules the use case computed, the summary stopped at 2 of 4")
    func rateTwoThenQuit() throws {
        let world = World()
        let studying = world.studying
        var flow = world.flow()
        let first = try #require(flow.entry?.card)
        _ = try flow.send(.reveal, through: studying)
        #expect(
            try flow.send(.rate(.fsrs(.good), elapsedMilliseconds: 1000, responseMilliseconds: 400), through: studying)
                .isEmpty)
        #expect(flow.index == 1 && !flow.revealed, "the next card, its answer hidden")
        let second = try #require(flow.entry?.card)
        _ = try flow.send(.reveal, through: studying)
        _ = try flow.send(.rate(.fsrs(.again), elapsedMilliseconds: 3000, responseMilliseconds: 900), through: studying)
        #expect(flow.index == 2 && !flow.ended)
        #expect(try flow.send(.quit, through: studying).count == 1)
        #expect(flow.ended)

        #expect(world.ratings == ["good", "again"])
        let rates = world.ledger.events.filter { $0.kind == "rate" }
        #expect(rates.map { $0["card"] } == [first.id, second.id])
        #expect(rates.map { $0["response_ms"] } == ["400", "900"])
        #expect(rates.map(\.time) == [Self.now.addingTimeInterval(1), Self.now.addingTimeInterval(3)])
        // The flow's schedules are those the ledger replays to.
        let replayed = world.studying.replay().schedules
        #expect(flow.replay.schedules[first.id] == replayed[first.id])
        #expect(flow.replay.schedules[second.id] == replayed[second.id])
        #expect(flow.replay.schedules[first.id]?.isNew == false)

        let summary = flow.summary(elapsedMilliseconds: 4000)
        #expect(summary.stopped)
        #expect(summary.queued == 4)
        #expect(summary.session.cardsStudied == 2)
        #expect(summary.session.correct == 1 && summary.session.accuracy == 0.5)
        #expect(summary.session.answeringMilliseconds == 1300)
        #expect(summary.end == Self.now.addingTimeInterval(4))
        #expect(summary.nextDue == replayed[second.id]?.due, "the card answered Again is due first")
        #expect(summary.nextDue == Self.now.addingTimeInterval(3 + 60))
    }

    @Test("each rating's interval is shown before it is given: again 1m, good 10m for a new fsrs card")
    func outcomes() throws {
        let flow = World().flow()
        let time = Self.now
        #expect(flow.outcome(of: .fsrs(.again), at: time)?.due == time.addingTimeInterval(60))
        #expect(flow.outcome(of: .fsrs(.good), at: time)?.due == time.addingTimeInterval(600))
    }

    @Test("an sm2 card is rated 0-5; answering the last card finishes the session, done and not stopped")
    func sm2Finish() throws {
        let world = World()
        let studying = world.studying
        var flow = world.flow(StudyOptions(folder: "languages"))
        #expect(flow.queue.entries.count == 1)
        #expect(flow.entry?.schedule.settings.name == .sm2)
        #expect(flow.outcome(of: .quality(5), at: Self.now)?.due == Self.now.addingTimeInterval(86400))
        _ = try flow.send(.reveal, through: studying)
        let effects = try flow.send(
            .rate(.quality(5), elapsedMilliseconds: 500, responseMilliseconds: 500), through: studying)
        #expect(effects.count == 1)
        guard case .finish = effects.first else {
            Issue.record("expected finish, got \(effects)")
            return
        }
        #expect(flow.isFinished && flow.entry == nil && flow.ended)
        #expect(world.ratings == ["q5"])
        let summary = flow.summary(elapsedMilliseconds: 600)
        #expect(!summary.stopped)
        #expect(summary.session.accuracy == 1)
        #expect(summary.nextDue == Self.now.addingTimeInterval(0.5 + 86400))
        #expect(try flow.send(.reveal, through: studying).isEmpty)
        #expect(flow.handle(.rate(.quality(4), elapsedMilliseconds: 700, responseMilliseconds: 1)).isEmpty)
    }

    @Test("the daily limit caps the session: --limit 2 asks two cards, one answered and Ctrl-C stops at 1 of 2")
    func limit() throws {
        let world = World()
        let studying = world.studying
        var flow = world.flow(StudyOptions(limit: 2))
        #expect(flow.queue.entries.count == 2)
        _ = try flow.send(.reveal, through: studying)
        // Answered at the session's first moment, so a session planned at that moment counts it.
        _ = try flow.send(.rate(.fsrs(.easy), elapsedMilliseconds: 0, responseMilliseconds: 100), through: studying)
        _ = flow.handle(.quit)
        let summary = flow.summary(elapsedMilliseconds: 200)
        #expect(summary.stopped && summary.queued == 2 && summary.session.cardsStudied == 1)
        #expect(world.ratings == ["easy"])
        // The next session counts the answer against the day's limit; a batch is cards now (issue 36).
        #expect(world.flow(StudyOptions(daily: 2)).queue.entries.count == 1)
        #expect(world.flow(StudyOptions(limit: 2)).queue.entries.count == 2)
    }

    @Test("an empty queue is finished from the start and its summary says nothing was queued")
    func emptyQueue() {
        let world = World()
        let flow = world.flow(StudyOptions(mode: .reviewing))
        #expect(flow.isFinished)
        #expect(flow.summary(elapsedMilliseconds: 0).queued == 0)
        #expect(flow.summary(elapsedMilliseconds: 0).nextDue == nil)
    }

    @Test("answering an edited card records its card-link, then the rating, and returns the schedule replay gives")
    func answerUseCaseRelinks() throws {
        var world = World()
        let old = Self.cards("deck/capitals.md", [("what is the capitol of france", "Paris")])[0]
        let first = RatingEvent.answering(
            old, with: .fsrs(.good), at: Self.now.addingTimeInterval(-86400 * 3), responseMilliseconds: 1000,
            schedule: CardSchedule(settings: .defaults(.fsrs)))
        try world.ledger.append(first.event)
        world.cards = Self.cards("deck/capitals.md", [("what is the capital of france", "Paris")])
        let studying = world.studying
        let fixed = world.cards[0]
        let schedule = try studying.answer(
            fixed, with: .fsrs(.good), at: Self.now, responseMilliseconds: 900, replay: studying.replay())
        #expect(world.ledger.events.map(\.kind) == ["rate", "card-link", "rate"])
        #expect(world.ledger.events[1]["from"] == old.id)
        #expect(world.ledger.events[1]["to"] == fixed.id)
        #expect(world.ledger.events[2]["card"] == fixed.id)
        #expect(schedule.reviews == 2, "the edited card continues the old card's history")
        #expect(studying.replay().schedules[fixed.id] == schedule)
    }
}
