import Foundation
import Testing

@testable import VaultCore

/// Compares vault's FSRS optimizer with fsrs-rs (PyPI's fsrs-rs-python
/// 0.9.3, fsrs-rs 6.6.2) on review logs of simulated learners
/// (Tests/oracles/fsrs_optimizer_oracle.py: py-fsrs schedules, a "true"
/// learner with other weights answers by its own recall) and on edge cases.
/// Needs python3 and PyPI, like the py-fsrs oracle; the packages go into the
/// same virtual environment under .build/.
@Suite("The FSRS optimizer agrees with fsrs-rs", .serialized)
struct FSRSOptimizerOracleTests {
    static let script = FSRSOracleTests.packageRoot.appendingPathComponent("Tests/oracles/fsrs_optimizer_oracle.py").path

    /// The venv's python with py-fsrs and fsrs-rs-python installed.
    static func oraclePython() throws -> String {
        try FSRSOracleTests.venv(["fsrs=fsrs>=6,<7", "fsrs_rs_python=fsrs-rs-python==0.9.3"])
    }

    struct OracleFit: Decodable {
        struct Metrics: Decodable {
            var log_loss: Double
            var rmse_bins: Double
        }
        var items: [[[Int]]]
        var weights: [Double]?
        var fitted: Metrics?
        var `default`: Metrics?
        var seconds: Double?
    }

    /// A simulated log of `reviews` answers (kind: mixed, one-card, same-day, learning-only, resets).
    static func simulate(_ reviews: Int, seed: Int, kind: String = "mixed") throws -> String {
        let python = try oraclePython()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fsrs-opt-\(kind)-\(reviews)-\(seed).csv").path
        if !FileManager.default.fileExists(atPath: path) {
            let made = try FSRSOracleTests.run(python, [script, "simulate", String(reviews), String(seed), path, kind])
            try #require(made.status == 0, "simulate failed: \(made.stderr)")
        }
        return path
    }

    static func oracleFit(_ csv: String, timeZone: String = "UTC", hour: Int = 4) throws -> OracleFit {
        let made = try FSRSOracleTests.run(try oraclePython(), [script, "fit", csv, timeZone, String(hour)])
        try #require(made.status == 0, "fit failed: \(made.stderr)")
        return try JSONDecoder().decode(OracleFit.self, from: made.stdout)
    }

    static func oracleEvaluate(_ csv: String, weights: [Double], timeZone: String = "UTC", hour: Int = 4) throws
        -> OracleFit.Metrics
    {
        let list = weights.map { String($0) }.joined(separator: ",")
        let made = try FSRSOracleTests.run(try oraclePython(), [script, "evaluate", csv, timeZone, String(hour), list])
        try #require(made.status == 0, "evaluate failed: \(made.stderr)")
        return try JSONDecoder().decode(OracleFit.Metrics.self, from: made.stdout)
    }

    static func trainingSet(_ csv: String, timeZone: String = "UTC", hour: Int = 4) throws -> FSRSTrainingSet {
        let entries = try RevlogCSV.parse(try String(contentsOfFile: csv, encoding: .utf8))
        return FSRSTrainingSet(entries: entries, days: DayBoundary(timeZone: TimeZone(identifier: timeZone)!, hour: hour))
    }

    static func itemsAsLists(_ set: FSRSTrainingSet) -> [[[Int]]] {
        set.fsrsItems.map { $0.reviews.map { [$0.rating, $0.deltaT] } }
    }

    @Test(
        "the items built from a review log equal the oracle's, item for item",
        arguments: [
            ("mixed", 6000, "UTC", 4), ("mixed", 3000, "America/New_York", 4), ("mixed", 3000, "Asia/Tokyo", 0),
            ("one-card", 200, "UTC", 4), ("same-day", 300, "UTC", 4), ("learning-only", 2000, "UTC", 4),
            ("resets", 4000, "Europe/Berlin", 4),
        ])
    func itemsMatch(kind: String, reviews: Int, timeZone: String, hour: Int) throws {
        let csv = try Self.simulate(reviews, seed: 7, kind: kind)
        let oracle = try Self.oracleFit(csv, timeZone: timeZone, hour: hour)
        let set = try Self.trainingSet(csv, timeZone: timeZone, hour: hour)
        let mine = Self.itemsAsLists(set)
        #expect(mine.count == oracle.items.count)
        let firstDifference = zip(mine, oracle.items).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "item \(firstDifference?.offset ?? -1) differs")
        if kind == "same-day" { #expect(mine.isEmpty) }
        if kind != "same-day" { #expect(!mine.isEmpty) }
    }

    @Test("the default weights' metrics equal fsrs-rs's evaluation")
    func evaluationMatches() throws {
        let csv = try Self.simulate(6000, seed: 7)
        let oracle = try Self.oracleFit(csv)
        let set = try Self.trainingSet(csv)
        let mine = try #require(FSRSEvaluation(weights: FSRSSettings.defaultParameters, set: set))
        let theirs = try #require(oracle.default)
        #expect(abs(mine.logLoss - theirs.log_loss) / theirs.log_loss < 1e-4, "\(mine.logLoss) vs \(theirs.log_loss)")
        #expect(abs(mine.rmseBins - theirs.rmse_bins) / theirs.rmse_bins < 1e-3, "\(mine.rmseBins) vs \(theirs.rmse_bins)")
        let fitted = try #require(oracle.weights)
        let mineFitted = try #require(FSRSEvaluation(weights: fitted, set: set))
        let theirsFitted = try #require(oracle.fitted)
        #expect(abs(mineFitted.logLoss - theirsFitted.log_loss) / theirsFitted.log_loss < 1e-4)
        #expect(abs(mineFitted.rmseBins - theirsFitted.rmse_bins) / theirsFitted.rmse_bins < 1e-3)
    }

    @Test(
        "the fitted weights predict as well as fsrs-rs's: log loss within 0.5%, RMSE(bins) within 8%",
        arguments: [(20000, 11), (8000, 12), (3000, 13), (100_000, 5)])
    func fitMatches(reviews: Int, seed: Int) throws {
        let csv = try Self.simulate(reviews, seed: seed)
        let oracle = try Self.oracleFit(csv)
        let set = try Self.trainingSet(csv)
        #expect(Self.itemsAsLists(set) == oracle.items)
        let fit = FSRSOptimizer().fit(set, current: FSRSSettings.defaultParameters)
        #expect(fit.outcome == .fitted)
        let mine = try Self.oracleEvaluate(csv, weights: fit.weights)
        let theirs = try #require(oracle.fitted)
        let defaults = try #require(oracle.default)
        #expect(mine.log_loss <= theirs.log_loss * 1.005, "log loss \(mine.log_loss) vs fsrs-rs \(theirs.log_loss)")
        #expect(mine.rmse_bins <= theirs.rmse_bins * 1.08, "RMSE(bins) \(mine.rmse_bins) vs fsrs-rs \(theirs.rmse_bins)")
        // The simulated learner is not the default one: fitting must matter.
        #expect(defaults.rmse_bins > theirs.rmse_bins * 1.1)
    }

    /// A day-by-day learner's log (Tests/oracles/fsrs_optimizer_oracle.py `learner`).
    static func learner(_ kind: String, cards: Int, seed: Int) throws -> String {
        let python = try oraclePython()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fsrs-learner-\(kind)-\(cards)-\(seed).csv").path
        if !FileManager.default.fileExists(atPath: path) {
            let made = try FSRSOracleTests.run(python, [script, "learner", kind, String(cards), String(seed), path])
            try #require(made.status == 0, "learner failed: \(made.stderr)")
        }
        return path
    }

    @Test(
        "on every learner the fit predicts as well as fsrs-rs's, and is taken wherever fsrs-rs beats the defaults",
        arguments: [
            ("realistic", 3000), ("realistic", 200), ("high-retention", 3000), ("high-retention", 200),
            ("low-retention", 3000), ("low-retention", 200), ("lapses", 3000), ("lapses", 200),
            ("long-breaks", 3000), ("long-breaks", 200), ("same-day", 3000), ("same-day", 200),
        ])
    func learnersFit(kind: String, cards: Int) throws {
        let csv = try Self.learner(kind, cards: cards, seed: 1)
        let oracle = try Self.oracleFit(csv)
        let set = try Self.trainingSet(csv)
        #expect(Self.itemsAsLists(set) == oracle.items)
        let report = FSRSFitReport(scope: "", set: set, current: FSRSSettings.defaultParameters, optimize: true)
        let fit = try #require(report.fit)
        #expect(fit.outcome == .fitted)
        let mine = try Self.oracleEvaluate(csv, weights: fit.weights)
        let theirs = try #require(oracle.fitted)
        let defaults = try #require(oracle.default)
        #expect(mine.log_loss <= theirs.log_loss * 1.005, "\(kind) \(cards): log loss \(mine.log_loss) vs fsrs-rs \(theirs.log_loss)")
        #expect(
            mine.rmse_bins <= theirs.rmse_bins * 1.08, "\(kind) \(cards): RMSE(bins) \(mine.rmse_bins) vs fsrs-rs \(theirs.rmse_bins)")
        if theirs.log_loss < defaults.log_loss {
            #expect(report.better, "\(kind) \(cards): fsrs-rs beats the defaults, the fit is not taken")
        }
    }

    @Test(
        "a log with nothing to fit keeps the weights and says why",
        arguments: [("one-card", 200), ("same-day", 300)])
    func nothingToFit(kind: String, reviews: Int) throws {
        let set = try Self.trainingSet(try Self.simulate(reviews, seed: 7, kind: kind))
        let current = FSRSSettings.defaultParameters
        let report = FSRSFitReport(scope: "", set: set, current: current, optimize: true)
        #expect(report.fit?.outcome == .tooFewItems)
        #expect(report.fit?.weights == current)
        #expect(!report.better)
        #expect(report.thresholdMessage?.contains("at least 8 are needed, so the current weights are kept") == true)
    }

    @Test("learning-only and reset logs fit like fsrs-rs")
    func edgeLogsFit() throws {
        for kind in ["learning-only", "resets"] {
            let csv = try Self.simulate(kind == "resets" ? 4000 : 2000, seed: 7, kind: kind)
            let oracle = try Self.oracleFit(csv)
            let set = try Self.trainingSet(csv)
            let fit = FSRSOptimizer().fit(set, current: FSRSSettings.defaultParameters)
            guard let theirs = oracle.fitted else { continue }
            let mine = try Self.oracleEvaluate(csv, weights: fit.weights)
            #expect(mine.log_loss <= theirs.log_loss * 1.005, "\(kind): \(mine.log_loss) vs \(theirs.log_loss)")
            #expect(mine.rmse_bins <= theirs.rmse_bins * 1.08, "\(kind): \(mine.rmse_bins) vs \(theirs.rmse_bins)")
        }
    }

    @Test("the same log gives the same weights twice")
    func deterministic() throws {
        let set = try Self.trainingSet(try Self.simulate(3000, seed: 13))
        let a = FSRSOptimizer().fit(set, current: FSRSSettings.defaultParameters)
        let b = FSRSOptimizer().fit(set, current: FSRSSettings.defaultParameters)
        #expect(a == b)
    }

    /// `cards` cards learnt with Good on day 0 and answered `answers` on the following days.
    static func log(cards: Int, answers: [Int]) -> FSRSTrainingSet {
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        var entries: [RevlogEntry] = []
        for card in 0..<cards {
            entries.append(RevlogEntry(card: "c\(card)", time: start, rating: 3, kind: .learning))
            for (k, rating) in answers.enumerated() {
                let time = start.addingTimeInterval(Double((k + 1) * (card % 3 + 1)) * 86_400)
                entries.append(RevlogEntry(card: "c\(card)", time: time, rating: rating, kind: .review))
            }
        }
        return FSRSTrainingSet(entries: entries, days: DayBoundary())
    }

    @Test("below 8 items the current weights stay; below 64 only w0-w3 are fitted")
    func thresholds() throws {
        let current = FSRSSettings.defaultParameters.map { $0 * 1.01 }
        let few = FSRSOptimizer().fit(Self.log(cards: 1, answers: [3, 3, 1, 3]), current: current)
        #expect(few.outcome == .tooFewItems)
        #expect(few.weights == current)
        let some = Self.log(cards: 30, answers: [3, 3])
        let initial = FSRSOptimizer().fit(some, current: current)
        #expect(initial.trainingItems >= 8 && initial.trainingItems < 64, "\(initial.trainingItems) items")
        #expect(initial.outcome == .initialStabilitiesOnly)
        #expect(Array(initial.weights[4...]) == Array(FSRSSettings.defaultParameters[4...]))
        #expect(initial.weights[2] != FSRSSettings.defaultParameters[2])
        let many = FSRSOptimizer().fit(Self.log(cards: 60, answers: [3, 3, 1, 3]), current: current)
        #expect(many.outcome == .fitted)
    }
}
