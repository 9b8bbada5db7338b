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

    /// The answers of `answers(_:into:)` as the FSRS optimizer CSV (a revlog from elsewhere).
    static func revlogCSV(_ cards: [Card], ledger: MemoryLedger) -> String {
        var lines = ["card_id,review_time,review_rating,review_state,review_duration"]
        var seen: Set<String> = []
        for event in ledger.history().events {
            guard let rating = try? RatingEvent(event) else { continue }
            let first = seen.insert(rating.card).inserted
            let milliseconds = Int64((rating.time.timeIntervalSince1970 * 1000).rounded())
            lines.append("\(rating.card),\(milliseconds),\(rating.answer.fsrsRating.rawValue),\(first ? 0 : 1),5000")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("optimize saves the fitted weights when they predict better; a second run finds them in force and writes nothing")
    func optimizeSavesOnlyWhatIsBetter() throws {
        let cards = Self.cards(90, folder: "deck/")
        let ledger = MemoryLedger(timeZone: Self.zone)
        try Self.answers(cards, into: ledger)
        let store = MemoryConfigStore()
        let context = Self.context(cards, ledger: ledger, config: VaultConfig(timeZoneIdentifier: "UTC"), store: store)
        let dry = try FSRSOptimizing.optimize(context, folder: nil, dryRun: true)
        #expect(dry.saving == .dryRun)
        #expect(dry.report.better)
        #expect(store.saved.isEmpty)
        let run = try FSRSOptimizing.optimize(context, folder: nil, dryRun: false)
        #expect(run.saving == .written)
        #expect(run.report == dry.report)
        let saved = try #require(store.saved.last)
        guard case .fsrs(let settings) = saved.schedulers.defaultSettings else {
            Issue.record("the default scheduler should stay fsrs")
            return
        }
        #expect(settings.parameters == run.report.fit?.weights)
        let again = try FSRSOptimizing.optimize(
            Self.context(cards, ledger: ledger, config: saved, store: store), folder: nil, dryRun: false)
        #expect(again.saving == .unchanged)
        #expect(again.report.currentWeights == settings.parameters)
        #expect(store.saved.count == 1)
    }

    @Test("the rule: written only when fitted, different, better, in a vault and not a dry run")
    func savingRule() throws {
        let cards = Self.cards(90, folder: "deck/")
        let ledger = MemoryLedger(timeZone: Self.zone)
        try Self.answers(cards, into: ledger)
        let store = MemoryConfigStore()
        let context = Self.context(cards, ledger: ledger, config: VaultConfig(timeZoneIdentifier: "UTC"), store: store)
        let better = try FSRSOptimizing.report(context, folder: nil, optimize: true)
        #expect(better.better)
        var worse = better
        worse.better = false
        var same = better
        same.currentWeights = try #require(better.fit).weights
        same.better = false
        let evaluation = try FSRSOptimizing.report(context, folder: nil, optimize: false)
        #expect(try FSRSOptimizing.saving(worse, into: context, dryRun: false) == .notBetter)
        #expect(try FSRSOptimizing.saving(same, into: context, dryRun: false) == .unchanged)
        #expect(try FSRSOptimizing.saving(evaluation, into: context, dryRun: false) == .unchanged)
        #expect(try FSRSOptimizing.saving(better, into: nil, dryRun: false) == .noVault)
        #expect(try FSRSOptimizing.saving(better, into: context, dryRun: true) == .dryRun)
        #expect(store.saved.isEmpty)
        #expect(try FSRSOptimizing.saving(better, into: context, dryRun: false) == .written)
        #expect(store.saved.count == 1)
        store.failure = CocoaError(.fileWriteNoPermission)
        #expect(throws: CocoaError.self) { try FSRSOptimizing.saving(better, into: context, dryRun: false) }
    }

    @Test("a revlog is read through the named-files port: fitted as the ledger's answers, in the vault or outside one")
    func revlogThroughThePort() throws {
        let cards = Self.cards(90, folder: "deck/")
        let ledger = MemoryLedger(timeZone: Self.zone)
        try Self.answers(cards, into: ledger)
        let files = MemoryNamedFiles()
        files.files["logs/revlog.csv"] = Data(Self.revlogCSV(cards, ledger: ledger).utf8)
        let file = FSRSOptimizing.RevlogFile(path: "logs/revlog.csv", timeZone: Self.zone)
        let outside = try FSRSOptimizing.optimize(
            revlog: file, folder: nil, vault: nil, files: files, localTimeZone: Self.zone, dryRun: false)
        #expect(outside.saving == .noVault)
        #expect(outside.report.scope == "revlog.csv")
        #expect(outside.report.reviews == 450 && outside.report.cards == 90 && outside.report.items == 360)
        #expect(outside.report.currentWeights == FSRSSettings.defaultParameters)
        let store = MemoryConfigStore()
        let context = Self.context(cards, ledger: ledger, config: VaultConfig(timeZoneIdentifier: "UTC"), store: store)
        let fromLedger = try FSRSOptimizing.report(context, folder: nil, optimize: true)
        let inside = try FSRSOptimizing.optimize(
            revlog: file, folder: nil, vault: context, files: files, localTimeZone: Self.zone, dryRun: false)
        #expect(inside.saving == .written)
        #expect(inside.report == fromLedger)
        #expect(store.saved.count == 1)
        // A row that does not read names the file as given and its line; nothing is written.
        files.files["bad.csv"] = Data("card_id,review_time,review_rating\n1,1750000000000,3\n1,1750100000000,9\n".utf8)
        #expect(throws: FSRSOptimizing.Failure.badRevlogRow(file: "bad.csv", line: 3, reason: "review_rating '9' is not 1-4 (0 is allowed only on a manual row).")) {
            try FSRSOptimizing.optimize(
                revlog: FSRSOptimizing.RevlogFile(path: "bad.csv"), folder: nil, vault: context, files: files,
                localTimeZone: Self.zone, dryRun: false)
        }
        #expect(throws: (any Error).self) {
            try FSRSOptimizing.report(
                revlog: FSRSOptimizing.RevlogFile(path: "missing.csv"), folder: nil, vault: nil, files: files,
                localTimeZone: Self.zone, optimize: false)
        }
        #expect(store.saved.count == 1)
    }

    @Test("the use case's fan-out (a part on another thread) fits the very weights of one part after the other")
    func coresFitTheSameWeights() throws {
        let cards = Self.cards(90, folder: "deck/")
        let ledger = MemoryLedger(timeZone: Self.zone)
        try Self.answers(cards, into: ledger)
        let context = Self.context(
            cards, ledger: ledger, config: VaultConfig(timeZoneIdentifier: "UTC"), store: MemoryConfigStore())
        let set = FSRSTrainingSet(
            entries: FSRSOptimizing.revlog(context, scope: try FSRSOptimizing.scope(context.config.schedulers, folder: nil)),
            days: DayBoundary())
        var optimizer = FSRSOptimizer()
        let sequential = optimizer.fit(set, current: FSRSSettings.defaultParameters)
        optimizer.fanOut = FSRSOptimizing.cores
        let cores = optimizer.fit(set, current: FSRSSettings.defaultParameters)
        #expect(sequential.outcome == .fitted)
        #expect(cores.weights.map(\.bitPattern) == sequential.weights.map(\.bitPattern))
        #expect(FSRSOptimizing.cores.map(3) { [Double($0)] } == [[0], [1], [2]])
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
