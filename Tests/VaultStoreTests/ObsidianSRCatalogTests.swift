import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// The note catalog of a vault kept with the Spaced Repetition plugin: its cards with their
/// decks and stored schedules survive `notes.bin`, and the catalog is kept for one syntax.
@Suite("The note catalog and the Spaced Repetition plugin's syntax")
struct ObsidianSRCatalogTests {
    static let utc = TimeZone(identifier: "UTC")!
    let syntax = CardSyntax.obsidianSR(ObsidianSRSettings().syntax)

    static func fixture() -> TempFolder {
        let dir = TempFolder()
        try! FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        dir.write("a.md", "#flashcards/a\n\nQ::A\n<!--SR:!2026-11-20,6,250-->\nHund:::dog <!--SR:!2026-11-19,2,230-->\n")
        dir.write(
            "b.md",
            "---\ntags: [review]\nsr-due: 2026-11-16\nsr-interval: 4\nsr-ease: 250\n---\n# B\n\nThe ==cloze== here\n<!--SR:!fsrs,2026-11-20T10:00:00.000Z,9,8.5,5.2,2,3,0,0,-->\n"
        )
        return dir
    }

    @Test("cards read in the plugin's syntax come back from notes.bin as they were read")
    func roundTrip() throws {
        let dir = Self.fixture()
        var catalog = NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: Self.utc)
        catalog.cardSyntax = syntax
        let first = catalog.load()
        #expect(first.report.outcome == .rebuilt)
        let second = catalog.load()
        #expect(second.report.outcome == .unchanged)
        #expect(second.cards == first.cards)
        #expect(first.cards.count == 5)
        #expect(first.cards.map(\.deck) == ["flashcards/a", "flashcards/a", "flashcards/a", "review", nil])
        #expect(first.cards[3].kind == .note)
        #expect(first.cards[3].stored == .note(dueDay: VaultDate.daysFromCivil(2026, 11, 16), interval: 4, ease: 250))
        #expect(first.cards[0].stored == .osr(dueDay: VaultDate.daysFromCivil(2026, 11, 20), interval: 6, ease: 250))
        #expect(first.cards[1].stored == .osr(dueDay: VaultDate.daysFromCivil(2026, 11, 19), interval: 2, ease: 230))
        #expect(first.cards[2].stored == nil)
        guard case .fsrs(let group)? = first.cards[4].stored else {
            Issue.record("the FSRS group was not kept")
            return
        }
        #expect(group.stability == 8.5)
        #expect(group.lastReview == nil)
    }

    @Test("a catalog read in another syntax is rebuilt, not trusted")
    func otherSyntax() throws {
        let dir = Self.fixture()
        let layout = VaultLayout(root: dir.url)
        var plugin = NoteCatalog(layout: layout, timeZone: Self.utc)
        plugin.cardSyntax = syntax
        _ = plugin.load()
        let own = NoteCatalog(layout: layout, timeZone: Self.utc).load()
        #expect(own.report.outcome == .rebuilt)
        #expect(own.cards.allSatisfy { $0.stored == nil })
        var changed = ObsidianSRSettings().syntax
        changed.singleLineCardSeparator = ";;"
        plugin.cardSyntax = .obsidianSR(changed)
        #expect(plugin.load().report.outcome == .rebuilt)
    }
}
