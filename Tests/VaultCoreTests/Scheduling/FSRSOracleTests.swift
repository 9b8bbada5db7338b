import Foundation
import Testing
import VaultCore

/// Compares the Swift FSRS-6 with py-fsrs 6.x, the reference implementation,
/// on random review histories. Needs python3 and PyPI (CI has both); the
/// virtual environment is kept in .build/fsrs-oracle-venv between runs.
@Suite("FSRS agrees with py-fsrs", .serialized)
struct FSRSOracleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let python: String? =
        ["/usr/bin/python3", "/usr/local/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? which("python3")

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a program; returns its status and output (captured through temporary files).
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fsrs-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("out")
        let errURL = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return (process.terminationStatus, try Data(contentsOf: outURL), stderr)
    }

    struct Review: Decodable {
        var t: Int
        var r: Int
        var s: Double
        var d: Double
        var state: Int
        var step: Int?
        var due: Int
    }

    struct History: Decodable { var reviews: [Review] }

    /// The venv's python, with py-fsrs 6.x installed (scripts/oracle-python.sh).
    static func oraclePython() throws -> String {
        try venv(["fsrs=fsrs>=6,<7"])
    }

    /// .build/fsrs-oracle-venv with `packages` (MODULE=SPEC), made by scripts/oracle-python.sh.
    static func venv(_ packages: [String]) throws -> String {
        let script = packageRoot.appendingPathComponent("scripts/oracle-python.sh").path
        let made = try run("/bin/bash", [script, "fsrs-oracle-venv"] + packages)
        try #require(made.status == 0, "\(made.stderr)")
        return String(decoding: made.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Replays the oracle's histories through `fsrs`; returns how many reviews
    /// were compared and the first few mismatches.
    static func compare(_ arguments: [String], with fsrs: FSRS, histories: Int) throws -> (
        compared: Int, mismatches: [String]
    ) {
        // Outside the test target's folder, so SwiftPM does not ask to declare it as a resource.
        let script = Self.packageRoot.appendingPathComponent("Tests/oracles/fsrs_oracle.py")
        let result = try Self.run(try oraclePython(), [script.path, String(histories)] + arguments)
        try #require(result.status == 0, "the py-fsrs script failed: \(result.stderr)")
        let decoder = JSONDecoder()
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == histories)
        var compared = 0
        var mismatches: [String] = []
        for (h, line) in lines.enumerated() {
            let history = try decoder.decode(History.self, from: Data(line.utf8))
            var card = FSRSCardState.new
            for (i, review) in history.reviews.enumerated() {
                let time = Date(timeIntervalSince1970: TimeInterval(review.t))
                card = fsrs.review(card, rating: FSRSRating(rawValue: review.r)!, at: time)
                compared += 1
                let phase = ["learning", "review", "relearning"][review.state - 1]
                let s = card.stability ?? -1
                let d = card.difficulty ?? -1
                let due = Int(card.due!.timeIntervalSince1970.rounded())
                if abs(s - review.s) > 1e-6 * max(1, abs(review.s)) || abs(d - review.d) > 1e-6 * max(1, abs(review.d))
                    || card.phase.rawValue != phase || card.step != review.step || due != review.due
                {
                    if mismatches.count < 5 {
                        mismatches.append(
                            "history \(h) review \(i): swift s=\(s) d=\(d) \(card.phase) step \(card.step as Any) due \(due); py-fsrs s=\(review.s) d=\(review.d) \(phase) step \(review.step as Any) due \(review.due)"
                        )
                    }
                    break  // later reviews of this history would differ too
                }
            }
        }
        return (compared, mismatches)
    }

    @Test(
        "1,200 random histories: stability, difficulty, state and due as py-fsrs 6.x computes them",
        .enabled(
            if: python != nil,
            "python3 is not installed, so py-fsrs cannot be run; install python3 to run this comparison."),
        .timeLimit(.minutes(2)))
    func matchesPyFSRS() throws {
        let (compared, mismatches) = try Self.compare(["20261122"], with: FSRS(), histories: 1200)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(compared > 20_000)
    }

    @Test(
        "300 random histories under other settings: retention 0.85, one learning step, no relearning steps, 365-day cap",
        .enabled(
            if: python != nil,
            "python3 is not installed, so py-fsrs cannot be run; install python3 to run this comparison."),
        .timeLimit(.minutes(2)))
    func matchesPyFSRSWithOtherSettings() throws {
        let settings = FSRSSettings(
            desiredRetention: 0.85, learningSteps: [120], relearningSteps: [], maximumInterval: 365)
        let (compared, mismatches) = try Self.compare(
            ["7", "0.85", "120", "", "365"], with: FSRS(settings: settings), histories: 300)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(compared > 5_000)
    }
}
