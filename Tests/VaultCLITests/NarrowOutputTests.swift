import Foundation
import Testing

/// The rough edges of a 60-column window, on a copy of ExampleVault: lines
/// broken between words, tables that keep titles and figures readable, the
/// stats dashboard saying what it leaves out.
@Suite("Narrow output")
struct NarrowOutputTests {
    /// A fresh copy of ExampleVault.
    func exampleVault() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-narrow-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    /// The whitespace-separated words of `text`, in order.
    func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }

    @Test("at 60 columns `vault` breaks its lines between words: the same words as unbroken, every line fits")
    func statusBreaksBetweenWords() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let whole = try vault.run([])
        let narrow = try vault.run([], env: ["COLUMNS": "60"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        #expect(whole.stdout.split(separator: "\n").contains { $0.count > 60 }, "the fixture has long lines")
        let lines = narrow.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.filter { $0.count > 60 })")
        #expect(words(narrow.stdout) == words(whole.stdout), "no word is split")
        // A continued line is indented under its start.
        #expect(lines.contains { $0.hasPrefix("    ") && $0.contains("vault study") })
    }

    @Test("at 60 columns `vault list weekly` leaves out the path and category, and keeps 20 or more of a title")
    func listKeepsTitles() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let narrow = try vault.run(["list", "weekly"], env: ["COLUMNS": "60"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        let rows = narrow.stdout.split(separator: "\n").filter { $0.hasPrefix("  20") }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.count <= 60 }, "\(rows.filter { $0.count > 60 })")
        #expect(!narrow.stdout.contains("2026/11/"), "no path column")
        // "  2026-11-10  f5ad815a  The quality of your relati…  weekly": the title is the third cell.
        for row in rows {
            let cells = row.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count >= 3, "\(row)")
            if cells.count >= 3 { #expect(cells[2].count >= 20 || !cells[2].hasSuffix("…"), "\(row)") }
        }
        let wide = try vault.run(["list", "weekly"], env: ["COLUMNS": "200"])
        #expect(wide.stdout.contains("2026/11/"), "a wide window shows the paths")
    }

    @Test("at 60 columns `vault goal list` shows its figures whole: 7.8 of 20 h (39%), never 7.8…")
    func goalFiguresWhole() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let narrow = try vault.run(["goal", "list"], env: ["COLUMNS": "60"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
        let lines = narrow.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        #expect(narrow.stdout.contains("7.8 of 20 h (39%)"), "\(narrow.stdout)")
        #expect(narrow.stdout.contains("Statistics"))
        #expect(narrow.stdout.contains("on track"))
        #expect(!narrow.stdout.contains("…"), "\(narrow.stdout)")
        let wide = try vault.run(["goal", "list"], env: ["COLUMNS": "200"])
        #expect(wide.stdout.contains("DAYS LEFT") && wide.stdout.contains("2026-12-31"))
    }

    @Test("the stats dashboard at 60 columns: every month labelled, 'and 2 more categories', 30 forecast bars")
    func statsDashboard() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let result = try vault.run(["stats"], env: ["COLUMNS": "60"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let months = try #require(lines.first { $0.contains("Jan") && $0.contains("Feb") })
        #expect(words(months) == ["Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov"])
        #expect(lines.contains("  and 2 more categories, 12 notes"), "\(lines)")
        let forecast = try #require(lines.first { $0.hasPrefix("  next ") })
        #expect(forecast.hasPrefix("  next 30 days  "), "\(forecast)")
        let bars = forecast.dropFirst("  next 30 days  ".count).prefix { "▁▂▃▄▅▆▇█".contains($0) }
        #expect(bars.count == 30, "\(forecast)")
    }

    @Test("a vault without cards says so under Flashcards, with no empty brackets")
    func statsWithoutCards() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let result = try vault.run(["stats"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Flashcards") })
        #expect(line == "Flashcards  none yet: notes in a deck (`decks` in .vault/config.yml) hold them")
        #expect(!result.stdout.contains("()"))
    }
}
