import Foundation
import Testing
import VaultCore

@testable import VaultCLI

/// The layout rules of a table in a narrow window, and of the completion's
/// period offers, without running the binary.
@Suite("Table layout")
struct TableLayoutTests {
    /// A row like `vault list weekly`'s: date, id, title, category, cycle, path.
    func listTable() -> Table {
        var table = Table(flexible: [2, 3, 5], droppable: [5, 3, 4])
        table.add([
            "  2026-11-10", "f5ad815a", "The quality of your relationships is the quality of your life", "Relationships",
            "weekly", "2026/11/the-quality-of-your-relationships-is-the-quality-of-your-life.md",
        ])
        return table
    }

    @Test("droppable columns go, in their order, before a title is cut below 20 columns")
    func dropsBeforeCutting() {
        let table = listTable()
        #expect(table.render(width: 60) == "  2026-11-10  f5ad815a  The quality of your relatio…  weekly")
        // A little wider: the category comes back, the path does not.
        #expect(table.render(width: 75).contains("Relationships") && !table.render(width: 75).contains("2026/11/"))
        // Wide enough for everything: nothing is left out or cut.
        #expect(!table.render(width: 200).contains("…"))
        #expect(table.render(width: 200).hasSuffix("life.md"))
    }

    @Test("without a width, or with no droppable column, every column stays")
    func keepsColumnsWhenAsked() {
        #expect(listTable().render().contains("2026/11/"))
        var plain = Table(flexible: [2, 3, 5])
        plain.rows = listTable().rows
        #expect(plain.render(width: 60).contains("2026/11…"))
    }

    @Test("the goal table keeps its figures whole and drops LEFT, DAYS LEFT, then BY")
    func goalFigures() {
        var table = Table(flexible: [1], droppable: [3, 5, 4])
        table.add(["ID", "SUBJECT", "DONE", "LEFT", "BY", "DAYS LEFT", "PER DAY", "STANDING"])
        table.add(["dfe19fe8", "Statistics", "7.8 of 20 h (39%)", "12.2 h", "2026-12-31", "44", "0.3 h", "on track"])
        #expect(
            table.render(width: 60) == """
                ID        SUBJECT     DONE               PER DAY  STANDING
                dfe19fe8  Statistics  7.8 of 20 h (39%)  0.3 h    on track
                """)
        #expect(table.render(width: 80).contains("2026-12-31") && !table.render(width: 80).contains("DAYS LEFT"))
    }

    @Test("period offers follow the typed level: 8 weeks, 6 months or 3 years; all three without one")
    func periodOffers() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let now = VaultDate.parse("2026-11-18T09:00:00Z", in: zone)!
        #expect(Completions.typedLevel(["vault", "review", "weekly", ""]) == .weekly)
        #expect(Completions.typedLevel(["vault", "show", "x"]) == nil)
        let weeks = Completions.periodOffers(level: .weekly, now: now, in: zone, prefix: "")
        #expect(weeks.first == "2026-W47" && weeks.count == 8 && weeks.allSatisfy { $0.contains("-W") })
        #expect(Completions.periodOffers(level: .yearly, now: now, in: zone, prefix: "") == ["2026", "2025", "2024"])
        #expect(Completions.periodOffers(level: nil, now: now, in: zone, prefix: "").count == 17)
    }
}
