import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Calendar export")
struct CalendarExportTests {
    static let cards = [
        Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?"),
        Fixture.card("c2", "b.md", noteID: Fixture.idB, question: "Two?"),
        Fixture.card("c3", "b.md", noteID: Fixture.idB, question: "Three?", position: 1),
    ]

    /// The lines of `text` that start with `prefix`.
    func lines(_ text: String, _ prefix: String) -> [String] {
        text.components(separatedBy: "\r\n").filter { $0.hasPrefix(prefix) }
    }

    @Test("missed reviews become to-dos with their pending notes; today's study counts the cards to study")
    func missedAndToday() throws {
        var texts = Fixture.weekTexts
        texts["old.md"] = Fixture.text([("id", "eeeeeeee-0000-4000-8000-000000000005"), ("created", "2026-11-03T09:00:00")])
        let text = CalendarExport.text(
            Fixture.context(Fixture.notes(texts), cards: Self.cards), vaultName: "Notes", days: 14)
        #expect(lines(text, "UID:missed-").count == 1)
        #expect(lines(text, "UID:missed-").first?.hasPrefix("UID:missed-2026-W45@") == true)
        #expect(text.contains("(1 notes pending)"))
        #expect(lines(text, "UID:study-").map { $0.prefix(20) } == ["UID:study-2026-11-18"])
        #expect(text.contains("SUMMARY:Study 3 flashcards (vault study)"))
    }

    @Test("an answered card is counted on the day it falls due, within the days asked for")
    func dueDays() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating("c1", note: Fixture.idA, at: Fixture.now.addingTimeInterval(-600), .easy))
        let context = Fixture.context(Fixture.weekNotes, cards: Self.cards, ledger: ledger)
        let due = try #require(ledger.cardSchedules(cards: Self.cards, config: context.config.schedulers)["c1"]?.due)
        let offset = VaultDate.dayNumber(of: due, in: Fixture.zone) - context.today
        try #require(offset >= 2, "an easy first answer is due days later")
        let text = CalendarExport.text(context, vaultName: "Notes", days: offset + 1)
        let dueDay = VaultDate.dayString(due, in: Fixture.zone)
        #expect(lines(text, "UID:study-").map { String($0.dropFirst(10).prefix(10)) } == ["2026-11-18", dueDay])
        #expect(text.contains("SUMMARY:Study 2 flashcards (vault study)"))
        #expect(text.contains("SUMMARY:Study 1 flashcard (vault study)"))
        let shorter = CalendarExport.text(context, vaultName: "Notes", days: offset)
        #expect(lines(shorter, "UID:study-").count == 1)
    }

    @Test("the events' ids follow the vault's first event, not its name, once it has one")
    func stableIDs() throws {
        func domain(_ text: String) -> String? { lines(text, "UID:review-weekly@").first }
        let empty = Fixture.context(Fixture.weekNotes)
        #expect(domain(CalendarExport.text(empty, vaultName: "A", days: 7)) != domain(CalendarExport.text(empty, vaultName: "B", days: 7)))
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        try ledger.append(Fixture.rating("c1", note: Fixture.idA, at: Fixture.now.addingTimeInterval(-600)))
        let used = Fixture.context(Fixture.weekNotes, cards: Self.cards, ledger: ledger)
        #expect(domain(CalendarExport.text(used, vaultName: "A", days: 7)) == domain(CalendarExport.text(used, vaultName: "B", days: 7)))
    }
}
