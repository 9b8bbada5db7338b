import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Vault export")
struct VaultExportTests {
    @Test("every full note with its cycle, archived flag and cards with schedules; the events and the config")
    func export() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .archive))
        try ledger.append(Fixture.rating("c1", note: Fixture.idA, at: Fixture.now, .easy))
        let cards = [
            Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?"),
            Fixture.card("c2", "a.md", noteID: Fixture.idA, question: "Two?", position: 1),
        ]
        var config = Fixture.config
        config.newNotePath = "inbox/{slug}.md"
        let files = Fixture.files(
            Fixture.weekTexts,
            [".vault/config.yml": Data("version: 1\n".utf8), ".vault/ledger/2026.log": Data("# vault-ledger v1\n".utf8),
             "pics/door.png": Data([0x89, 0x50])])
        let export = VaultExport.load(
            Fixture.context(Fixture.weekNotes, cards: cards, ledger: ledger, config: config, files: files),
            records: MemoryRecords(files: files))
        let notes = Dictionary(uniqueKeysWithValues: export.notes.map { ($0.note.path, $0) })
        #expect(notes.count == 4)
        #expect(notes["a.md"]?.note.bodyText.contains("Nowhere") == true, "\(notes["a.md"]?.note.bodyText ?? "")")
        #expect(notes["a.md"]?.cycle == .weekly && notes["a.md"]?.archived == false)
        #expect(notes["b.md"]?.cycle == .daily && notes["b.md"]?.archived == true)
        #expect(notes["a.md"]?.cards.map(\.0.id) == ["c1", "c2"])
        #expect(notes["a.md"]?.cards.map(\.1.isNew) == [false, true])
        #expect(notes["b.md"]?.cards.isEmpty == true)
        #expect(export.events.map(\.kind) == ["curate", "curate", "rate"])
        #expect(export.config.newNotePath == "inbox/{slug}.md")
        // Each note's bytes, the vault's own files byte for byte, the attachments by name.
        #expect(notes["a.md"]?.bytes == Data(Fixture.weekTexts["a.md"]!.utf8))
        #expect(export.records.map(\.path) == [".vault/config.yml", ".vault/ledger/2026.log"])
        #expect(export.records.first?.bytes == Data("version: 1\n".utf8))
        #expect(export.attachments == ["pics/door.png"])
    }
}
