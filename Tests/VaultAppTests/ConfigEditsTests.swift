import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Category and source-type edits")
struct ConfigEditsTests {
    static func note(_ path: String, category: String?, sourceType: String? = nil, inferred: Bool = false)
        -> NoteSummary
    {
        NoteSummary(
            path: path, id: nil, title: path, tags: [], category: category, source: nil, sourceType: sourceType,
            sourceTypeInferred: inferred, aliases: [], created: nil, createdOrigin: .unknown, diagnostics: [])
    }

    let config = VaultConfig(timeZoneIdentifier: "UTC")
    let notes = [
        note("b.md", category: "health"), note("a.md", category: "Health"), note("c.md", category: "Finance"),
        note("d.md", category: nil, sourceType: "video", inferred: true),
        note("e.md", category: nil, sourceType: "Video"),
    ]

    @Test("rename rewrites every note of the category, in any case; renaming onto another merges")
    func rename() throws {
        let edit = try ConfigEdits.renameCategory("HEALTH", to: "Wellbeing", in: config, notes: notes)
        #expect(edit.summary == "Rename Health to Wellbeing")
        #expect(edit.notes == ["a.md", "b.md"])
        #expect(edit.change == .set(key: "category", value: "Wellbeing"))
        #expect(edit.config.category(named: "Wellbeing")?.color == config.category(named: "Health")?.color)
        #expect(edit.config.category(named: "Health") == nil)
        let merge = try ConfigEdits.renameCategory("Health", to: "finance", in: config, notes: notes)
        #expect(merge.summary == "Merge Health into Finance")
        #expect(merge.change == .set(key: "category", value: "Finance"))
        #expect(merge.config.categories.count == config.categories.count - 1)
        #expect(throws: AppError.unknownCategory("Nope")) {
            try ConfigEdits.renameCategory("Nope", to: "X", in: config, notes: notes)
        }
    }

    @Test("removing a category or a source type takes its line out of the notes that declare it")
    func removals() throws {
        let category = try ConfigEdits.removeCategory("health", from: config, notes: notes)
        #expect(category.notes == ["a.md", "b.md"] && category.change == .remove(key: "category"))
        let type = try ConfigEdits.removeSourceType("video", from: config, notes: notes)
        #expect(type.notes == ["e.md"], "an inferred type is not written in the note")
        #expect(!type.config.knowsSourceType("video"))
        #expect(throws: AppError.categoryExists("Health")) {
            try ConfigEdits.addCategory("Health", color: "#000000", to: config)
        }
        #expect(throws: AppError.sourceTypeExists("book")) { try ConfigEdits.addSourceType("book", to: config) }
    }
}

@Suite("Study use case over in-memory ports")
struct StudyingTests {
    @Test("a rating appends a typed rate event; the card is then not new")
    func rating() throws {
        let zone = TimeZone(identifier: "UTC")!
        let card = Card(
            id: "c0ffee000001", notePath: "deck/a.md", noteID: "n1", kind: .basic, question: "Capital of France",
            answer: "Paris", line: 5, position: 0, identityText: "capital of france")
        let ledger = MemoryLedger(timeZone: zone)
        let context = AppContext(
            notes: MemoryNotes(all: [], cards: [card]), ledger: ledger, ids: MemoryNoteIDs(),
            config: VaultConfig(timeZoneIdentifier: "UTC"), now: Date(timeIntervalSince1970: 1_795_000_000))
        let studying = Studying(context)
        #expect(studying.listing(dueOnly: true).cards.map(\.0.id) == ["c0ffee000001"])
        let outcomes = try studying.answer(rates: ["c0ffee=good"], tiers: [])
        #expect(outcomes.map(\.card.id) == ["c0ffee000001"])
        #expect(ledger.events.map(\.kind) == ["rate"])
        #expect(ledger.events.first?["card"] == "c0ffee000001")
        #expect(Studying(context).schedules()["c0ffee000001"]?.isNew == false)
        #expect(throws: VaultCoreError.self) { try studying.answer(rates: ["nosuch=good"], tiers: []) }
        #expect(ledger.events.count == 1, "a bad argument records nothing")
    }
}
