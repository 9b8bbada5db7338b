import Foundation
import Testing

/// Memory palaces outside `vault loci`, and a note's standing in `vault show`,
/// end to end on ExampleVault (issue 36, point 8).
@Suite("Loci everywhere, end to end")
struct LociEverywhereCLITests {
    func exampleVault() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-loci-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    @Test("vault history of a location note lists its ratings")
    func historyOfLocation() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let history = try vault.run(["history", "loci/Home walk/02 Hall mirror.md"])
        #expect(history.status == 0)
        #expect(
            history.stdout == """
                Hall mirror  loci/Home walk/02 Hall mirror.md
                2026-11-16 09:00  loci-rate  location 2 of Home walk rated 4/5 (review) → due tomorrow
                2026-11-17 09:00  loci-rate  location 2 of Home walk rated 4/5 (reverse) → due in 6 days

                """)
    }

    @Test("vault show prints the note's cycle and last review; --json has cycle, archived, last_review")
    func showStanding() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let shown = try vault.run(["show", "2026/07/retrieval-beats-rereading.md"])
        #expect(shown.status == 0)
        let lines = shown.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(5).last == "cycle monthly · last review 2026-08-02 (kept in 2026-07)", "\(lines.prefix(6))")
        let json = try #require(try vault.json(["show", "2026/07/retrieval-beats-rereading.md", "--json"]) as? [String: Any])
        #expect(json["cycle"] as? String == "monthly")
        #expect(json["archived"] as? Bool == false)
        let last = try #require(json["last_review"] as? [String: Any])
        #expect(last["period"] as? String == "2026-07")
        #expect(last["decision"] as? String == "keep")
        #expect(last["time"] as? String == "2026-08-02T19:30:00+02:00")
    }

    @Test("vault calendar walks Home walk on the days its locations fall due")
    func calendar() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let run = try vault.run(["calendar", "--out", "-", "--days", "14"])
        #expect(run.status == 0)
        let summaries = run.stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:Walk") }
        #expect(summaries.first == "SUMMARY:Walk Home walk: 2 locations due (vault loci review \"Home walk\")", "\(summaries)")
        #expect(summaries.count >= 2, "later walks of the locations answered since")
    }
}
