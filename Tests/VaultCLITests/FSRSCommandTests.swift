import Foundation
import Testing

/// `vault fsrs optimize|evaluate` end to end: a revlog CSV fitted, the
/// weights written into `.vault/config.yml` line by line, bad rows refused.
@Suite("vault fsrs")
struct FSRSCommandTests {
    let config = """
        # vault configuration
        version: 1
        timezone: UTC
        decks: [deck/, languages/]
        schedulers:
          # FSRS everywhere but languages
          folders:
            languages/: sm2   # SM-2 there

        """

    /// 90 cards learnt with Good, then answered 4 times a few days apart (a lapse now and then).
    static var revlog: String {
        var lines = ["card_id,review_time,review_rating,review_state,review_duration"]
        let start: Int64 = 1_750_000_000_000
        for card in 0..<90 {
            var day: Int64 = 0
            for n in 0..<5 {
                let rating = n == 0 ? 3 : (card + n) % 4 == 0 ? 1 : 3
                let time = start + day * 86_400_000 + Int64(card) * 60_000
                lines.append("\(card),\(time),\(rating),\(n == 0 ? 0 : 1),5000")
                day += Int64((card % 3 + 1) * (n + 1))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("--revlog fits the log and writes the weights under schedulers.fsrs, the comments kept; --dry-run writes nothing")
    func optimizeRevlog() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        try vault.write(".vault/config.yml", config)
        try vault.write("revlog.csv", Self.revlog)
        let dry = try vault.run(["fsrs", "optimize", "--revlog", "revlog.csv", "--timezone", "UTC", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("450 reviews of 90 cards used; 360 of them predicted"))
        #expect(dry.stdout.contains("Not written (--dry-run)."))
        #expect(try vault.read(".vault/config.yml") == config)
        let result = try vault.run(["fsrs", "optimize", "--revlog", "revlog.csv", "--timezone", "UTC"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Written to .vault/config.yml"))
        let written = try vault.read(".vault/config.yml")
        #expect(written.hasPrefix(config.replacingOccurrences(of: "\n\n", with: "\n")))
        #expect(written.contains("\n  fsrs:\n    parameters: ["))
        // The written weights are the vault's now: the same fit finds nothing better.
        let again = try vault.json(["fsrs", "optimize", "--revlog", "revlog.csv", "--timezone", "UTC", "--json"])
        let report = try #require(again as? [String: Any])
        #expect(report["written"] as? Bool == false)
        #expect(report["outcome"] as? String == "fitted")
        #expect((report["current_weights"] as? [Double])?.count == 21)
        let evaluate = try vault.run(["fsrs", "evaluate"])
        #expect(evaluate.status == 0, "\(evaluate.stderr)")
        #expect(evaluate.stdout.contains("FSRS weights of the vault"))
    }

    @Test("a bad row is refused with its line number and nothing is written")
    func badRow() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        try vault.write(".vault/config.yml", config)
        try vault.write("bad.csv", "card_id,review_time,review_rating\n1,1750000000000,3\n1,1750100000000,9\n")
        let result = try vault.run(["fsrs", "optimize", "--revlog", "bad.csv"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.csv, line 3: review_rating '9' is not 1-4"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"))
        #expect(try vault.read(".vault/config.yml") == config)
    }

    @Test("a folder without FSRS settings of its own is refused, naming the fix")
    func notAnFSRSFolder() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let result = try vault.run(["fsrs", "optimize", "languages/"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("has no FSRS settings of its own under schedulers.folders"), "\(result.stderr)")
    }
}
