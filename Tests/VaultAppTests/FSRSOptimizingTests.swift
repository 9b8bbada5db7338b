import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("vault fsrs optimize over in-memory ports")
struct FSRSOptimizingTests {
    static let zone = TimeZone(identifier: "UTC")!
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// `count` cards of notes under `folder`, each learnt with Good and answered on later days.
    static func cards(_ count: Int, folder: String) -> [Card] {
        (0..<count).map { k in
            Card(
                id: "\(folder.prefix(1))card\(k)", notePath: "\(folder)n\(k).md", noteID: nil, kind: .basic,
                question: "q\(k)", answer: "a\(k)", line: 1, position: 0, identityText: "q\(k)")
        }
    }

    static func answers(_ cards: [Card], into ledger: MemoryLedger) throws {
        for (k, card) in cards.enumerated() {
            var day = 0.0
            for n in 0..<5 {
                let answer: ReviewAnswer = n == 0 ? .fsrs(.good) : (k + n) % 4 == 0 ? .fsrs(.again) : .fsrs(.good)
                let time = start.addingTimeInterval(day * 86_400 + Double(k) * 60)
                try ledger.append(
                    RatingEvent(time: time, card: card.id, note: card.notePath, scheduler: .fsrs, answer: answer))
                day += Double((k % 3 + 1) * (n + 1))
            }
        }
    }

    static func context(_ cards: [Card], ledger: MemoryLedger, config: VaultConfig, store: MemoryConfigStore)
        -> AppContext
    {
        AppContext(
            notes: MemoryNotes(all: [], cards: cards), ledger: ledger, ids: MemoryNoteIDs(), config: config,
            now: start.addingTimeInterval(86_400 * 200), configStore: store)
    }

    @Test("the vault's cards are fitted and better weights are saved as the vault's FSRS parameters")
    func vault() throws {
        let cards = Self.cards(90, folder: "deck/")
        let ledger = MemoryLedger(timeZone: Self.zone)
        try Self.answers(cards, into: ledger)
        let store = MemoryConfigStore()
        let context = Self.context(cards, ledger: ledger, config: VaultConfig(timeZoneIdentifier: "UTC"), store: store)
        let report = try FSRSOptimizing.report(context, folder: nil, optimize: true)
        #expect(report.reviews == 450 && report.cards == 90)
        #expect(report.items == 360)
        let fit = try #require(report.fit)
        #expect(fit.outcome == .fitted)
        #expect(report.better)
        #expect(try #require(report.fitted).logLoss < (try #require(report.current)).logLoss)
        try FSRSOptimizing.save(context, report: report)
        guard case .fsrs(let saved) = try #require(store.saved.last).schedulers.defaultSettings else {
            Issue.record("the default scheduler should stay fsrs")
            return
        }
        #expect(saved.parameters == fit.weights)
        let evaluation = try FSRSOptimizing.report(context, folder: nil, optimize: false)
        #expect(evaluation.fit == nil && evaluation.current == report.current)
    }

    @Test("a folder with its own FSRS settings is fitted on its cards alone; other folders are refused")
    func folder() throws {
        let deck = Self.cards(90, folder: "deck/")
        let exam = Self.cards(24, folder: "exam/")
        let ledger = MemoryLedger(timeZone: Self.zone)
        try Self.answers(deck + exam, into: ledger)
        var config = VaultConfig(timeZoneIdentifier: "UTC")
        var own = FSRSSettings()
        own.desiredRetention = 0.95
        own.parameters[0] = 0.5
        config.schedulers = SchedulerConfig(
            defaultSettings: .fsrs(FSRSSettings()),
            folders: [.init(prefix: "exam/", settings: .fsrs(own)), .init(prefix: "languages/", settings: .sm2)])
        let store = MemoryConfigStore()
        let context = Self.context(deck + exam, ledger: ledger, config: config, store: store)
        let vault = try FSRSOptimizing.report(context, folder: nil, optimize: false)
        #expect(vault.cards == 90)
        let report = try FSRSOptimizing.report(context, folder: "exam", optimize: true)
        #expect(report.scope == "exam/" && report.cards == 24)
        #expect(report.currentWeights == own.parameters)
        #expect(report.fit?.outcome == .initialStabilitiesOnly)
        #expect(report.thresholdMessage?.contains("below 64 only the initial stabilities (w0-w3)") == true)
        #expect(throws: FSRSOptimizing.Failure.notAnFSRSFolder("languages", known: ["exam/"])) {
            try FSRSOptimizing.report(context, folder: "languages", optimize: true)
        }
    }

    @Test("answers in other scales count in the FSRS scale: q0-q2 and wrong Again, q3 Hard, q4 and correct Good, q5 Easy")
    func otherScales() {
        let answers: [ReviewAnswer] = [.quality(2), .quality(3), .quality(4), .quality(5), .correct, .wrong]
        let events = answers.enumerated().map { k, answer in
            CardScheduleReplay.CardEvent.answer(time: Self.start.addingTimeInterval(Double(k) * 86_400), answer: answer)
        } + [.tier(time: Self.start.addingTimeInterval(86_400 * 9), tier: .learning)]
        let entries = LedgerRevlog.entries([("c", events)])
        #expect(entries.map(\.rating) == [1, 2, 3, 4, 3, 1])
        #expect(entries.map(\.kind) == [.learning, .review, .review, .review, .review, .review])
    }
}
