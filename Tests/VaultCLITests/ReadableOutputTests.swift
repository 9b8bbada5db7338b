import Foundation
import Testing

/// Output sized for a person: tables that fit the window, a history that reads as sentences.
@Suite("Readable output")
struct ReadableOutputTests {
    @Test("tables fit the width: the widest text column is cut with …, ids and dates stay whole")
    func tablesFit() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let whole = try vault.run(["cards"])
        #expect(whole.stdout.split(separator: "\n").contains { $0.count > 80 }, "the fixture's table is wider than 80")
        let fitted = try vault.run(["cards"], env: ["COLUMNS": "80"])
        let lines = fitted.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(lines.contains { $0.contains("…") })
        let ids = whole.stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first }
        #expect(!ids.isEmpty)
        for id in ids { #expect(fitted.stdout.contains(id + " "), "the id \(id) is whole") }
    }

    @Test("at 60 columns the free-text columns give way: ids, dates and states stay whole, every line fits")
    func narrowTables() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let whole = try vault.run(["cards"]).stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        let narrow = try vault.run(["cards"], env: ["COLUMNS": "60"]).stdout
        let lines = narrow.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        for cells in whole where cells.count > 4 {
            // ID, then NOTE (cut), SCHEDULER, STATE: the id and the state are whole words of the narrow line.
            let line = try #require(lines.first { $0.hasPrefix(cells[0] + " ") }, "the id \(cells[0]) is whole")
            #expect(line.split(separator: " ").contains { $0 == cells[3] }, "the state \(cells[3]) is whole: \(line)")
        }
    }

    @Test("history says what each event did; --verbose gives every field")
    func history() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let habits = "0a000000-0000-4000-8000-000000000001"
        #expect(try vault.run(["review", "weekly", "2026-W41", "--keep", habits]).status == 0)
        let history = try vault.run(["history", "2026/10/habits.md"])
        #expect(
            history.stdout
                == "Systems beat goals  2026/10/habits.md\n2026-11-18 10:00  curate  kept in 2026-W41 (weekly review)\n")
        let verbose = try vault.run(["history", "2026/10/habits.md", "--verbose"])
        #expect(verbose.stdout.contains("    level=weekly\n    period=2026-W41\n    decision=keep\n"))
        #expect(verbose.stdout.contains("#1"))
    }
}
