import Foundation
import VaultCore
import VaultMarkdown

@testable import VaultApp

/// What the use-case tests share: the vault's zone and moment, notes
/// written as Markdown and parsed as the store parses them, and cards.
enum Fixture {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let config = VaultConfig(timeZoneIdentifier: "Europe/Berlin")
    /// Wednesday 18 November 2026, 10:00 in Berlin (week 47; week 46's review is due).
    static let now = VaultDate.parse("2026-11-18T10:00:00", in: zone)!

    /// A moment in the vault's zone, `2026-11-18T10:00:00`.
    static func at(_ text: String) -> Date { VaultDate.parse(text, in: zone)! }

    /// The notes `texts` holds (path to Markdown), parsed, in path order.
    static func notes(_ texts: [String: String]) -> [Note] {
        texts.keys.sorted().map { NoteParser.parse(Data(texts[$0]!.utf8), path: $0, timeZone: zone) }
    }

    /// The files port holding `texts` as notes and `other` as they are.
    static func files(_ texts: [String: String], _ other: [String: Data] = [:]) -> MemoryFiles {
        MemoryFiles(texts.mapValues { Data($0.utf8) }.merging(other) { a, _ in a })
    }

    /// A note's Markdown: front matter of `fields` (in order), then `body`.
    static func text(_ fields: [(String, String)], _ body: String = "") -> String {
        (["---"] + fields.map { "\($0): \($1)" } + ["---", body]).joined(separator: "\n")
    }

    static let idA = "aaaaaaaa-0000-4000-8000-000000000001"
    static let idB = "bbbbbbbb-0000-4000-8000-000000000002"
    static let idD = "dddddddd-0000-4000-8000-000000000004"

    /// Three notes of week 46 (`plain.md` without an id) and one of week 47.
    static let weekTexts: [String: String] = [
        "a.md": text(
            [("id", idA), ("created", "2026-11-10T09:00:00"), ("tags", "[habits, habits/sleep]"), ("category", "Health")],
            "# Alpha\n\nSee [[Beta]] and [[Nowhere]].\n"),
        "b.md": text([("id", idB), ("created", "2026-11-11T09:00:00"), ("tags", "[habits]")], "# Beta\n\nBack to [[Alpha]].\n"),
        "plain.md": text([("created", "2026-11-12T09:00:00")], "# Plain note\n"),
        "d.md": text([("id", idD), ("created", "2026-11-17T09:00:00"), ("category", "Finance")], "# Delta\n"),
    ]

    /// ``weekTexts`` parsed.
    static var weekNotes: [Note] { notes(weekTexts) }

    /// A basic card of the note at `path`.
    static func card(_ id: String, _ path: String, noteID: String? = nil, question: String, position: Int = 0) -> Card {
        Card(
            id: id, notePath: path, noteID: noteID, kind: .basic, question: question, answer: "answer",
            line: 5 + position, position: position, identityText: question.lowercased())
    }

    /// An FSRS answer to the card `card` of note `note` at `time`.
    static func rating(_ card: String, note: String, at time: Date, _ rating: FSRSRating = .good) -> RatingEvent {
        RatingEvent(time: time, card: card, note: note, scheduler: .fsrs, answer: .fsrs(rating))
    }

    /// A context over `notes`, `ledger` and the fakes given (fresh ones otherwise).
    static func context(
        _ notes: [Note], cards: [Card] = [], ledger: MemoryLedger = MemoryLedger(timeZone: zone),
        ids: MemoryNoteIDs = MemoryNoteIDs(), config: VaultConfig = config, now: Date = now,
        files: MemoryFiles = MemoryFiles(), trash: MemoryTrash = MemoryTrash(), search: MemorySearch = MemorySearch(),
        newIDs: CountingIDs = CountingIDs(), inspection: MemoryInspection = MemoryInspection(),
        sync: MemorySync = MemorySync(), reminderLog: MemoryReminderLog = MemoryReminderLog(),
        notifier: MemoryNotifier = MemoryNotifier(), namedFiles: MemoryNamedFiles = MemoryNamedFiles()
    ) -> AppContext {
        AppContext(
            notes: MemoryNotes(all: notes, cards: cards), ledger: ledger, ids: ids, config: config, now: now,
            files: files, trash: trash, search: search, newIDs: newIDs, inspection: inspection, sync: sync,
            reminderLog: reminderLog, notifier: notifier, namedFiles: namedFiles)
    }
}
