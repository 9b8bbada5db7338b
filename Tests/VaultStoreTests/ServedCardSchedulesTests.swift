import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// `vault serve`'s ledger after an answer: the card log kept in memory and
/// extended, the card schedules brought up to date for the cards the answer
/// reached, the cache files left as they were; all as a full replay gives.
extension ReplayCacheTests {
    /// Cards of one note: `question 0`… as `writeHistory` answers none of them.
    func servedCards(_ questions: [String]) -> [Card] {
        CardIdentity.cards(
            from: questions.enumerated().map { CardDraft(kind: .basic, question: $1, answer: "x", line: $0 + 1) },
            notePath: "deck/a.md", noteID: "n1")
    }

    /// The bytes of the three replay cache files (nil: absent).
    func cacheFiles(_ layout: VaultLayout) -> [Data?] {
        ["ledger.bin", "ledger-cards.bin", "cards.bin"].map {
            try? Data(contentsOf: layout.cacheFolder.appendingPathComponent($0))
        }
    }

    /// Fails unless `ledger`'s schedules and card replay are what replaying every line gives.
    func expectFullReplay(
        _ ledger: VaultLedger, _ layout: VaultLayout, cards: [Card], config: SchedulerConfig,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let full = CardScheduleReplay.replay(fresh(layout).log, cards: cards, config: config)
        #expect(ledger.cardSchedules(cards: cards, config: config) == full.schedules, sourceLocation: sourceLocation)
        let replay = ledger.cardReplay(cards: cards, config: config)
        #expect(replay.schedules == full.schedules, sourceLocation: sourceLocation)
        #expect(replay.known == full.known, sourceLocation: sourceLocation)
        #expect(replay.relinkings == full.relinkings, sourceLocation: sourceLocation)
        #expect(replay.problems == full.problems, sourceLocation: sourceLocation)
    }

    @Test("a served ledger's schedules after answers, an undo and an edit equal a full replay; the cache files stay")
    func servedSchedulesFollowAnswers() throws {
        let (layout, _) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let config = SchedulerConfig(defaultSettings: .defaults(.fsrs))
        var cards = servedCards(["the first question", "the second question", "the third question"])
        var ledger = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
        expectFullReplay(ledger, layout, cards: cards, config: config)
        var time = start.addingTimeInterval(30 * 86_400)

        /// Answers `card` through the served ledger; the next request's ledger continues it.
        func answer(_ card: Card, _ rating: FSRSRating) throws {
            time.addTimeInterval(600)
            let schedule = ledger.cardSchedules(cards: cards, config: config)[card.id]!
            let (event, _) = RatingEvent.answering(
                card, with: .fsrs(rating), at: time, responseMilliseconds: 1200, schedule: schedule)
            try ledger.append(event, given: UUID().uuidString)
            next()
        }
        func next() {
            let following = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
            following.continuing(ledger)
            ledger = following
        }

        try answer(cards[0], .good)
        expectFullReplay(ledger, layout, cards: cards, config: config)
        // From here the cache files are not read or written: the log and replay live on in memory.
        let files = cacheFiles(layout)
        try answer(cards[1], .again)
        #expect(ledger.replayed.cardLogChange != nil)
        #expect(ledger.replayed.decodedCardLog != nil)
        expectFullReplay(ledger, layout, cards: cards, config: config)
        try answer(cards[0], .hard)
        expectFullReplay(ledger, layout, cards: cards, config: config)
        // An undo of that last answer.
        time.addTimeInterval(60)
        try ledger.append(
            AnswerUndo(time: time, card: cards[0].id, note: "n1", cram: false, answered: time.addingTimeInterval(-60)),
            given: UUID().uuidString)
        next()
        expectFullReplay(ledger, layout, cards: cards, config: config)
        #expect(ledger.cardSchedules(cards: cards, config: config)[cards[0].id]?.reviews == 1)
        #expect(cacheFiles(layout) == files)
        // The note edited (a typo fixed: the card keeps its history through a re-link), then answered.
        cards = servedCards(["the first question", "the second question!", "the third question"])
        next()
        expectFullReplay(ledger, layout, cards: cards, config: config)
        try answer(cards[1], .good)
        expectFullReplay(ledger, layout, cards: cards, config: config)
        #expect(ledger.cardSchedules(cards: cards, config: config)[cards[1].id]?.reviews == 2)
        try answer(cards[2], .easy)
        expectFullReplay(ledger, layout, cards: cards, config: config)
        // A command run now extends the files as they were, and sees every answer.
        let command = VaultLedger(layout: layout, timeZone: zone)
        expectFullReplay(command, layout, cards: cards, config: config)
        expectMatchesFresh(command.replayed, layout)
    }
}
