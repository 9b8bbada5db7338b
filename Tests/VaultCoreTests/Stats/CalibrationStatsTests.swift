import Foundation
import Testing

@testable import VaultCore

/// The calibration of `vault stats`: predicted recall against answers, per set of FSRS weights.
@Suite("FSRS calibration in the statistics")
struct CalibrationStatsTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let start = Date(timeIntervalSince1970: 1_780_000_000)

    func card(_ id: String, _ path: String) -> Card {
        Card(
            id: id, notePath: path, noteID: nil, kind: .basic, question: id, answer: "a", line: 1, position: 0,
            identityText: id)
    }

    /// Each card learnt with Good, then answered after 1, 3 and 9 days (Again at the last for every third card).
    func input(_ cards: [Card], schedulers: SchedulerConfig) -> StatsInput {
        var events: [RatingEvent] = []
        for (k, card) in cards.enumerated() {
            for (n, day) in [0.0, 1, 4, 13].enumerated() {
                let answer: FSRSRating = n == 3 && k % 3 == 0 ? .again : .good
                events.append(
                    RatingEvent(
                        time: start.addingTimeInterval(day * 86_400 + Double(k) * 60), card: card.id, note: card.notePath,
                        scheduler: .fsrs, answer: .fsrs(answer)))
            }
        }
        let ledger = events.sorted { $0.time < $1.time }.enumerated().map {
            $1.ledgerEvent(device: "aaaa", sequence: $0 + 1)
        }
        var input = StatsInput(
            notes: [], board: CurationBoard(notes: [], state: CurationState(events: []), timeZone: zone),
            cardLog: CardEventLog(events: ledger), countedCards: nil, cards: cards, schedules: [:], relinked: 0,
            orphaned: 0, sessions: [], goals: [], activity: StudyActivity(timeZone: zone),
            now: start.addingTimeInterval(86_400 * 30), timeZone: zone, days: 30)
        input.schedulers = schedulers
        return input
    }

    @Test("the vault's weights and a folder's own weights are calibrated apart; other schedulers are not counted")
    func perScheduler() throws {
        var own = FSRSSettings()
        own.parameters[2] = 9
        let schedulers = SchedulerConfig(
            defaultSettings: .fsrs(FSRSSettings()),
            folders: [.init(prefix: "exam/", settings: .fsrs(own)), .init(prefix: "languages/", settings: .sm2)])
        let cards =
            (0..<9).map { card("d\($0)", "deck/n\($0).md") } + (0..<6).map { card("e\($0)", "exam/n\($0).md") }
            + (0..<4).map { card("l\($0)", "languages/n\($0).md") }
        let calibration = CalibrationStats(input(cards, schedulers: schedulers))
        #expect(calibration.schedulers.map(\.scope) == ["fsrs", "exam/"])
        let vault = try #require(calibration.schedulers.first)
        #expect(vault.cards == 9 && vault.reviews == 36 && vault.predictions == 27)
        #expect(vault.bins.reduce(0) { $0 + $1.count } == 27)
        // 3 of the 27 predicted reviews were Again.
        let recalled = vault.bins.reduce(0.0) { $0 + $1.actual * Double($1.count) }
        #expect(abs(recalled - 24) < 1e-9)
        #expect(vault.bins.allSatisfy { $0.predicted >= $0.from && $0.predicted < $0.from + 0.1 })
        // The same figures as `vault fsrs evaluate`.
        let entries = LedgerRevlog.entries(
            cards.prefix(9).map { c in (c.id, input(cards, schedulers: schedulers).cardLog.histories[
                input(cards, schedulers: schedulers).cardLog.slots(of: [c.id])[0]!]) })
        let set = FSRSTrainingSet(entries: entries, days: DayBoundary(timeZone: zone, hour: 4))
        let evaluation = try #require(FSRSEvaluation(weights: FSRSSettings.defaultParameters, set: set))
        #expect(abs(evaluation.logLoss - vault.logLoss) < 1e-12)
        #expect(abs(evaluation.rmseBins - vault.rmseBins) < 1e-12)
    }

    @Test("without FSRS cards there is nothing to calibrate")
    func none() {
        let schedulers = SchedulerConfig(defaultSettings: .sm2)
        #expect(CalibrationStats(input([card("a", "x.md")], schedulers: schedulers)).schedulers.isEmpty)
    }
}
