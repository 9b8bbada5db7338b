import Foundation
import Testing

@Suite("Search filters on curation state, end to end")
struct CurationSearchTests {
    @Test("cycle: and archived: follow the ledger's decisions, and an undo")
    func cycleAndArchived() {
        let fixture = FixtureVault("basic")
        var vault = fixture.vault
        vault.environment = ["VAULT_NOW": "2026-11-18T09:00:00Z", "VAULT_NO_WATCHER": "1"]
        #expect(vault("search", "cycle:weekly", "-l").status == 1)
        // Week 46 holds sleep.md (Nov 10) and the inbox thought (Nov 12, file-name date).
        let decided = vault(
            "review", "weekly", "2026-W46", "--keep", "2b9e", "--archive", "inbox/2026-11-12 thought.md")
        #expect(decided.status == 0, "\(decided.stderr)")
        #expect(vault("search", "cycle:weekly", "-l").stdout == "2026/11/sleep.md\n")
        #expect(vault("search", "archived:yes", "-l").stdout == "inbox/2026-11-12 thought.md\n")
        #expect(vault("search", "caffeine", "cycle:daily", "-l").stdout == "2026/11/sleep.md\n")
        #expect(vault("search", "caffeine", "cycle:monthly", "-l").status == 1)
        #expect(vault("review", "weekly", "2026-W46", "--undo", "2b9e").status == 0)
        #expect(vault("search", "cycle:weekly", "-l").status == 1)
    }
}
