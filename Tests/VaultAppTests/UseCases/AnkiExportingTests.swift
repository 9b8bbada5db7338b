import Foundation
import Testing
import VaultCore
import VaultMarkdown

@testable import VaultApp

/// A package writer that keeps what it is handed.
final class MemoryAnkiWriter: AnkiPackageWriting {
    private(set) var written: [(collection: AnkiCollection, media: [String: Data], path: String, legacy: Bool)] = []

    func write(_ collection: AnkiCollection, media: [AnkiMediaFile], to path: String, legacy: Bool) throws {
        var bytes: [String: Data] = [:]
        for file in media { bytes[file.name] = try file.read() }
        written.append((collection, bytes, path, legacy))
    }
}

/// A small vault of card shapes: one-line, reversed, highlight and Anki
/// clozes, a `?` card answered by a table, one with math, code, a picture
/// and a sound, and a card at the vault's top.
struct AnkiVault {
    static let verbsID = "aaaaaaaa-0000-4000-8000-00000000000a"
    static let topID = "bbbbbbbb-0000-4000-8000-00000000000b"
    static let verbs = Fixture.text(
        [("id", verbsID), ("tags", "[french, grammar/verbs]")],
        """
        # Verbs

        être :: to be
        avoir ::: to have

        The verb ==aller== means ==to go==.

        {{c1::Paris}} is in {{c2::France::country}}.

        Which shapes have how many sides?
        ?
        | Shape | Sides |
        | --- | --- |
        | Triangle | 3 |

        Formula $x_1^2$ and `a*b` ![[door.png]] ![[bonjour.mp3]]
        ?
        **answer**

        """)
    static let top = Fixture.text([("id", topID)], "Top question :: top answer\n")

    let files = Fixture.files(
        ["Languages/French/verbs.md": verbs, "top.md": top],
        ["Languages/French/door.png": Data([0x89, 0x50, 0x4E, 0x47]), "sounds/bonjour.mp3": Data("ID3".utf8)])
    let ledger = MemoryLedger(timeZone: Fixture.zone)

    var cards: [Card] {
        ["Languages/French/verbs.md": Self.verbsID, "top.md": Self.topID].sorted { $0.key < $1.key }.flatMap {
            path, id in
            CardExtractor.cards(in: try! files.read(path), notePath: path, noteID: id)
        }
    }

    func context(now: Date = Fixture.now, files: MemoryFiles? = nil) -> AppContext {
        let files = files ?? self.files
        let notes = Fixture.notes(
            files.all.filter { $0.key.hasSuffix(".md") }.mapValues { String(decoding: $0, as: UTF8.self) })
        let cards = notes.flatMap { note in
            CardExtractor.cards(in: try! files.read(note.path), notePath: note.path, noteID: note.id)
        }
        return AppContext(
            notes: MemoryNotes(all: notes, cards: cards), ledger: ledger, ids: MemoryNoteIDs(), config: Fixture.config,
            now: now, files: files, trash: MemoryTrash())
    }
}

@Suite("Anki export")
struct AnkiExportingTests {
    let vault = AnkiVault()

    func package(withHistory: Bool = true) throws -> AnkiExporting.Package {
        try AnkiExporting(vault.context(), writer: MemoryAnkiWriter()).package(folders: [], withHistory: withHistory)
    }

    func note(_ package: AnkiExporting.Package, containing text: String) throws -> AnkiNote {
        try #require(package.collection.notes.first { $0.fields[0].contains(text) })
    }

    @Test("a note per card group: basic, reversed, a cloze note per paragraph, ? cards; GUIDs from the cards' ids")
    func groups() throws {
        let package = try package()
        let cards = vault.cards
        #expect(package.collection.notes.count == 7)
        #expect(package.collection.cards.count == cards.count && cards.count == 10)
        #expect(package.report == package.report && package.report.notes == 7 && package.report.cards == 10)
        let etre = try note(package, containing: "être")
        #expect(etre.noteType == AnkiNoteTypes.basicID)
        #expect(etre.guid == "vault" + cards.first { $0.question == "être" }!.id)
        let avoir = try note(package, containing: "avoir")
        #expect(avoir.noteType == AnkiNoteTypes.reversedID)
        let avoirCards = package.collection.cards.filter { $0.note == avoir.id }.sorted { $0.ord < $1.ord }
        #expect(avoirCards.map(\.ord) == [0, 1])
        let highlight = try note(package, containing: "aller")
        #expect(highlight.noteType == AnkiNoteTypes.clozeID)
        #expect(highlight.fields[0] == "The verb {{c1::aller}} means {{c2::to go}}.")
        #expect(package.collection.cards.filter { $0.note == highlight.id }.map(\.ord).sorted() == [0, 1])
        let numbered = try note(package, containing: "Paris")
        #expect(numbered.fields[0] == "{{c1::Paris}} is in {{c2::France::country}}.")
        // The same cards, the same GUIDs and ids: the same card always lands on the same Anki note.
        let again = try self.package()
        #expect(again.collection.notes.map(\.guid) == package.collection.notes.map(\.guid))
        #expect(again.collection.cards.map(\.id) == package.collection.cards.map(\.id))
    }

    @Test("fields rendered from the Markdown: a table, math as MathJax, code, a picture and a sound copied flat")
    func fields() throws {
        let package = try package()
        let shapes = try note(package, containing: "Which shapes")
        #expect(
            shapes.fields[1]
                == "<table><thead><tr><th>Shape</th><th>Sides</th></tr></thead><tbody><tr><td>Triangle</td><td>3</td></tr></tbody></table>"
        )
        let formula = try note(package, containing: "Formula")
        #expect(
            formula.fields[0] == "Formula \\(x_1^2\\) and <code>a*b</code> <img src=\"door.png\"> [sound:bonjour.mp3]")
        #expect(formula.fields[1] == "<b>answer</b>")
        #expect(
            formula.fields[2] == "Languages/French/verbs.md · "
                + AnkiNoteTypes.fingerprint(Array(formula.fields.prefix(2))))
        #expect(package.media.map(\.name).sorted() == ["bonjour.mp3", "door.png"])
        #expect(try package.media.first { $0.name == "door.png" }!.read() == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(package.report.media == 2)
    }

    @Test("decks from folders, Default at the top; tags with a/b as a::b")
    func decksAndTags() throws {
        let package = try package()
        #expect(Set(package.collection.decks.values) == ["Default", "Languages::French"])
        let etre = try note(package, containing: "être")
        #expect(etre.tags == ["french", "grammar::verbs"])
        let top = try note(package, containing: "Top question")
        let topCard = try #require(package.collection.cards.first { $0.note == top.id })
        #expect(package.collection.decks[topCard.deck] == "Default")
    }

    @Test("a folder narrows the export; a folder with no card is refused naming it")
    func folders() throws {
        let exporting = AnkiExporting(vault.context(), writer: MemoryAnkiWriter())
        #expect(try exporting.package(folders: ["Languages/"], withHistory: false).collection.cards.count == 9)
        #expect(throws: AnkiExportError.noCards(folders: ["Nowhere"])) {
            try exporting.package(folders: ["Nowhere"], withHistory: false)
        }
    }

    @Test("review rows in id then card order, taken ids moved a millisecond on, as a sort of the rows themselves puts them")
    func reviewOrder() {
        // Ids from few milliseconds over few cards, so that many collide and a moved id meets the next one.
        var generator = SystemRandomNumberGenerator()
        var rows: [AnkiReview] = (0..<5_000).map { i in
            AnkiReview(
                id: 1_700_000_000_000 + Int64.random(in: 0..<600, using: &generator),
                card: Int64.random(in: 1...7, using: &generator), ease: i % 4 + 1, milliseconds: i, kind: 1)
        }
        var expected = rows
        expected.sort { ($0.id, $0.card, $0.milliseconds) < ($1.id, $1.card, $1.milliseconds) }
        for i in expected.indices.dropFirst() where expected[i].id <= expected[i - 1].id {
            expected[i].id = expected[i - 1].id + 1
        }
        AnkiExporting.orderWithUniqueIDs(&rows)
        #expect(rows == expected)
        #expect(Set(rows.map(\.id)).count == rows.count)
        #expect(expected.map(\.milliseconds) != Array(0..<5_000))  // the rows did move
        var one = [AnkiReview(id: 5, card: 1, ease: 3, milliseconds: 0, kind: 1)]
        AnkiExporting.orderWithUniqueIDs(&one)
        #expect(one.map(\.id) == [5])
    }

    @Test(
        "with history: each answer a revlog row at its moment, the card's state as it stands; without, every card new")
    func history() throws {
        let etre = try #require(vault.cards.first { $0.question == "être" })
        let first = Fixture.at("2026-11-01T09:00:00")
        let second = Fixture.at("2026-11-03T09:00:00")
        vault.ledger.receive([
            Fixture.rating(etre.id, note: AnkiVault.verbsID, at: first).ledgerEvent(device: "d", sequence: 1),
            Fixture.rating(etre.id, note: AnkiVault.verbsID, at: second).ledgerEvent(device: "d", sequence: 2),
        ])
        let package = try package()
        let note = try note(package, containing: "être")
        let card = try #require(package.collection.cards.first { $0.note == note.id })
        let rows = package.collection.reviews.filter { $0.card == card.id }
        #expect(rows.map(\.id) == [AnkiHistory.milliseconds(first), AnkiHistory.milliseconds(second)])
        #expect(rows.map(\.ease) == [3, 3])
        #expect(rows.allSatisfy { (100...1100).contains($0.factor) }, "fsrs: difficulty shifted, as Anki logs it")
        #expect(card.reps == 2 && card.type != 0)
        #expect(card.data.hasPrefix("{\"s\":"), "the memory state goes along")
        // The package's day numbers put the card on the vault's due date.
        let schedule = try #require(
            vault.ledger.cardSchedules(cards: vault.cards, config: Fixture.config.schedulers)[etre.id])
        if card.queue == 2 {
            #expect(card.due == Int64(package.collection.dueDay(of: schedule.due!, zone: Fixture.zone)))
        } else {
            #expect(card.queue == 1 && card.due == Int64(schedule.due!.timeIntervalSince1970.rounded(.down)))
        }
        let bare = try self.package(withHistory: false)
        #expect(bare.collection.reviews.isEmpty && bare.collection.cards.allSatisfy { $0.type == 0 && $0.queue == 0 })
    }
}

@Suite("Anki: reviews come home")
struct AnkiReturnTests {
    let vault = AnkiVault()
    let log = MemoryImportedLog()

    /// The package as Anki would hand it back: the exported collection, with `rows` added to the revlog.
    func studied(_ rows: [AnkiReview] = [], edit: (inout AnkiCollection) -> Void = { _ in }) throws -> AnkiCollection {
        var collection = try AnkiExporting(vault.context(), writer: MemoryAnkiWriter()).package(
            folders: [], withHistory: true
        ).collection
        collection.reviews += rows
        edit(&collection)
        return collection
    }

    func importing(_ collection: AnkiCollection, files: MemoryFiles? = nil) -> AnkiImporting {
        AnkiImporting(vault.context(files: files), packages: MemoryAnkiPackages(collection: collection), log: log)
    }

    func ankiCard(_ collection: AnkiCollection, _ text: String, ord: Int = 0) throws -> AnkiCard {
        let note = try #require(collection.notes.first { $0.fields[0].contains(text) })
        return try #require(collection.cards.first { $0.note == note.id && $0.ord == ord })
    }

    @Test(
        "new rows become events on the vault's cards; rows the vault exported are not new; nothing is written; twice adds nothing"
    )
    func reviewsComeHome() throws {
        let etre = try #require(vault.cards.first { $0.question == "être" })
        vault.ledger.receive([
            Fixture.rating(etre.id, note: AnkiVault.verbsID, at: Fixture.at("2026-11-01T09:00:00")).ledgerEvent(
                device: "d", sequence: 1)
        ])
        let exported = try studied()
        let etreAnki = try ankiCard(exported, "être")
        let reverse = try ankiCard(exported, "avoir", ord: 1)
        let collection = try studied([
            AnkiReview(id: 1_795_900_000_000, card: etreAnki.id, ease: 3, milliseconds: 4000, kind: 1, factor: 400),
            AnkiReview(id: 1_795_900_060_000, card: reverse.id, ease: 1, milliseconds: 9000, kind: 0, factor: 500),
        ])
        let importing = importing(collection)
        let plan = try importing.plan(file: "back.apkg", into: nil)
        #expect(plan.returning.matchedNotes == 7 && plan.returning.matchedCards == 10)
        #expect(!plan.hasNotes && plan.writes.isEmpty && plan.conversion.files.isEmpty && !plan.addsDeck)
        let events = plan.returning.events
        #expect(events.map(\.sequence) == [1_795_900_000_000, 1_795_900_060_000])
        let ratings = try events.map { try RatingEvent($0) }
        #expect(ratings.map(\.card) == [etre.id, vault.cards.first { $0.kind == .reverse }!.id])
        #expect(ratings.map(\.answer) == [.fsrs(.good), .fsrs(.again)])
        #expect(Set(events.map(\.device)).count == 2, "a device per Anki note")
        try importing.write(plan)
        #expect(log.events.count == 2 && vault.files.all == AnkiVault().files.all)
        vault.ledger.receive(log.events)
        let again = try importing.plan(file: "back.apkg", into: nil)
        #expect(again.returning.events.isEmpty && again.unchanged)
    }

    @Test(
        "a text changed in Anki is named and kept; --theirs rewrites the card's lines, the rest of the note as it was")
    func changedInAnki() throws {
        let collection = try studied { collection in
            let i = collection.notes.firstIndex { $0.fields[0] == "être" }!
            collection.notes[i].fields[1] = "to <b>exist</b>"
        }
        let plan = try importing(collection).plan(file: "back.apkg", into: nil)
        #expect(plan.returning.changes.map(\.notePath) == ["Languages/French/verbs.md"])
        #expect(plan.returning.changes.first?.question == "être")
        #expect(plan.noteRewrites.isEmpty)
        let files = AnkiVault().files
        let theirs = try importing(collection, files: files).plan(file: "back.apkg", into: nil, theirs: true)
        let rewritten = String(decoding: try #require(theirs.noteRewrites.first).data, as: UTF8.self)
        #expect(rewritten.contains("\nêtre :: to **exist**\navoir ::: to have\n"))
        #expect(rewritten.replacingOccurrences(of: "to **exist**", with: "to be") == AnkiVault.verbs)
    }

    @Test("a note whose card left the vault is named with its reviews, which are left out")
    func missingCards() throws {
        let collection = try studied { collection in
            let i = collection.notes.firstIndex { $0.fields[0] == "être" }!
            collection.notes[i].guid = "vault000000000000"
            let card = collection.cards.first { $0.note == collection.notes[i].id }!
            collection.reviews.append(
                AnkiReview(id: 1_795_900_000_000, card: card.id, ease: 3, milliseconds: 1, kind: 1))
        }
        let plan = try importing(collection).plan(file: "back.apkg", into: nil)
        #expect(plan.returning.missing.map(\.note) == ["Languages/French/verbs.md"])
        #expect(plan.returning.missing.first?.reviews == 1)
        #expect(plan.returning.events.isEmpty)
    }
}

@Suite("Anki's review log read as Anki reads it")
struct AnkiReviewRowsTests {
    let card = Card(
        id: "c1", notePath: "n.md", noteID: "n", kind: .basic, question: "q", answer: "a", line: 1, position: 0,
        identityText: "q")

    @Test(
        "an answer is a rate, Set due date (a manual row with a factor) a reschedule with its day, a reset one without, cramming a cram"
    )
    func rows() throws {
        let day = Fixture.at("2026-12-01T04:00:00")
        let rows = [
            AnkiReview(id: 1_000_000, card: 9, ease: 3, milliseconds: 100, kind: 0, factor: 2500),
            AnkiReview(id: 2_000_000, card: 9, ease: 0, milliseconds: 0, kind: 4, factor: 0),
            AnkiReview(id: 3_000_000, card: 9, ease: 3, milliseconds: 100, kind: 3, factor: 0),
            AnkiReview(id: 4_000_000, card: 9, ease: 2, milliseconds: 100, kind: 3, factor: 2500),
            AnkiReview(id: 5_000_000, card: 9, ease: 0, milliseconds: 0, kind: 4, interval: 20, factor: 2500),
        ]
        let events = AnkiReviewEvents.events(
            rows, card: card, device: "ankix", due: day, known: AnkiKnownReviews(), lineage: ["c1"],
            timeZone: Fixture.zone)
        #expect(events.map(\.kind) == ["rate", "card-reset", "cram", "rate", "card-reset"])
        #expect(try CardResetEvent(events[1]).reset == .forget)
        let setDue = try CardResetEvent(events[4])
        #expect(setDue.reset == .reschedule && setDue.due == day)
        #expect(
            try RatingEvent(events[3]).answer == .fsrs(.hard), "a filtered row with a factor reschedules: an answer")
        // Known rows are skipped: by an earlier import's sequence, or by the card's own event at that moment.
        var known = AnkiKnownReviews([
            RatingEvent(
                time: Date(timeIntervalSince1970: 1000), card: "c1", note: "n", scheduler: .fsrs, answer: .fsrs(.good)
            )
            .ledgerEvent(device: "mine", sequence: 7),
            CramAnswer(
                time: Date(timeIntervalSince1970: 5), card: "other", note: "n", scheduler: .fsrs, answer: .fsrs(.good)
            )
            .ledgerEvent(device: "anki12345678", sequence: 3_000_000),
        ])
        known.insert(2_000_000)
        let fresh = AnkiReviewEvents.events(
            rows, card: card, device: "ankix", due: day, known: known, lineage: ["c1"], timeZone: Fixture.zone)
        #expect(fresh.map(\.sequence) == [4_000_000, 5_000_000])
    }

    @Test(
        "rows known from the replay: any card's event at the row's millisecond, an anki device's reset or cram, a returning card's event up to a second before"
    )
    func knownFromReplay() {
        let rate = RatingEvent(
            time: Date(timeIntervalSince1970: 1000), card: "c1", note: "n", scheduler: .fsrs, answer: .fsrs(.good)
        )
        .ledgerEvent(device: "mine", sequence: 7)
        let cram = CramAnswer(
            time: Date(timeIntervalSince1970: 3000), card: "other", note: "n", scheduler: .fsrs, answer: .fsrs(.good)
        )
        .ledgerEvent(device: "anki12345678", sequence: 3_000_000)
        let reschedule = CardResetEvent(
            time: Date(timeIntervalSince1970: 6000), card: "c2", note: "n", reset: .reschedule
        )
        .ledgerEvent(device: "ankiabcdef01", sequence: 6_000_000)
        let crammedHere = CramAnswer(
            time: Date(timeIntervalSince1970: 8000), card: "c1", note: "n", scheduler: .fsrs, answer: .fsrs(.good)
        )
        .ledgerEvent(device: "laptop", sequence: 8_000_000)
        let known = AnkiKnownReviews(
            log: CardEventLog(events: [rate]), featureEvents: [cram, reschedule, crammedHere], cards: ["c1"])
        #expect(known.knows(1_000_000, cards: []), "an event at the row's exact millisecond, on any card")
        #expect(known.knows(1_000_400, cards: ["c1"]), "the card's own event, a few hundred ms before")
        #expect(!known.knows(1_000_400, cards: ["c9"]))
        #expect(!known.knows(999_000, cards: ["c1"]), "an event after the row is not it")
        #expect(!known.knows(1_001_000, cards: ["c1"]), "a second later is another answer")
        #expect(known.knows(3_000_000, cards: []) && known.knows(6_000_000, cards: []))
        #expect(!known.knows(8_000_000, cards: []), "a cram of the vault's own device is no imported row")
    }

    @Test("only the last Set due date, after the last answer, carries the day")
    func dueOnlyAtTheEnd() throws {
        let rows = [
            AnkiReview(id: 1_000_000, card: 9, ease: 0, milliseconds: 0, kind: 4, factor: 2500),
            AnkiReview(id: 2_000_000, card: 9, ease: 3, milliseconds: 100, kind: 1, factor: 2500),
        ]
        let events = AnkiReviewEvents.events(
            rows, card: card, device: "ankix", due: Fixture.now, known: AnkiKnownReviews(), lineage: ["c1"],
            timeZone: Fixture.zone)
        #expect(try CardResetEvent(events[0]).due == nil)
    }
}

@Suite("Anki imports: identity and re-imports")
struct AnkiReimportTests {
    let files = MemoryFiles()
    let ledger = MemoryLedger(timeZone: Fixture.zone)
    let log = MemoryImportedLog()
    let trash = MemoryTrash()

    func importing(_ collection: AnkiCollection) -> AnkiImporting {
        let notes = Fixture.notes(
            files.all.filter { $0.key.hasSuffix(".md") }.mapValues { String(decoding: $0, as: UTF8.self) })
        trash.files = files
        let context = AppContext(
            notes: MemoryNotes(all: notes), ledger: ledger, ids: MemoryNoteIDs(), config: Fixture.config,
            now: Fixture.now,
            files: files, trash: trash)
        return AnkiImporting(context, packages: MemoryAnkiPackages(collection: collection), log: log)
    }

    /// One deck of a collection: `notes` Basic notes with one card and one review each, at `start` ms and on.
    static func deck(_ name: String, created: Int64, notes: Int, start: Int64) -> AnkiCollection {
        var collection = AnkiCollection(
            created: created, schema: 18, noteTypes: [1: AnkiImportingTests.basic], decks: [7: name], notes: [],
            cards: [],
            reviews: [], media: [])
        for i in 0..<notes {
            let id = start + Int64(i)
            collection.notes.append(
                AnkiNote(id: id, guid: "\(name)-\(i)", noteType: 1, tags: [], fields: ["\(name) q\(i)", "a\(i)"]))
            collection.cards.append(AnkiCard(id: id, note: id, deck: 7, ord: 0, queue: 2))
            collection.reviews.append(AnkiReview(id: id, card: id, ease: 3, milliseconds: 1000, kind: 1, factor: 2500))
        }
        return collection
    }

    @Test("two decks of one collection (the same col.crt), the older second: both decks' reviews come in")
    func sameCollectionTwoDecks() throws {
        let newer = Self.deck("Newer", created: 1_700_000_000, notes: 3, start: 1_780_000_000_000)
        let older = Self.deck("Older", created: 1_700_000_000, notes: 2, start: 1_760_000_000_000)
        try importing(newer).write(try importing(newer).plan(file: "newer.apkg", into: nil))
        ledger.receive(log.events)
        let plan = try importing(older).plan(file: "older.apkg", into: nil)
        #expect(plan.conversion.ratingCount == 2, "before, every review below the newer deck's was taken as known")
        #expect(Array(plan.conversion.events).map(\.sequence) == [1_760_000_000_000, 1_760_000_000_001])
    }

    @Test(
        "a re-import updates a note as written, keeps and names one the person edited, and --theirs replaces it (theirs to the trash)"
    )
    func editedNotesKept() throws {
        var collection = Self.deck("Deck", created: 1, notes: 2, start: 1_780_000_000_000)
        try importing(collection).write(try importing(collection).plan(file: "x.apkg", into: nil))
        ledger.receive(log.events)
        let edited = "Anki/Deck/Deck q0.md"
        let untouched = "Anki/Deck/Deck q1.md"
        let mine = String(decoding: files.all[edited]!, as: UTF8.self) + "\nA line of my own.\n"
        _ = try files.rewrite(edited) { _ in Data(mine.utf8) }
        // A newer export: both notes changed in Anki.
        collection.notes[0].fields[1] = "a0, changed in Anki"
        collection.notes[1].fields[1] = "a1, changed in Anki"
        let plan = try importing(collection).plan(file: "x.apkg", into: nil)
        #expect(plan.kept == [AnkiImporting.Kept(path: edited, isMedia: false)])
        #expect(plan.writes.map(\.path) == [untouched])
        try importing(collection).write(plan)
        #expect(String(decoding: files.all[edited]!, as: UTF8.self) == mine, "the person's version stays")
        #expect(String(decoding: files.all[untouched]!, as: UTF8.self).contains("a1, changed in Anki"))
        // Anki unchanged since: the person's edit stays, and nothing is said.
        let same = try importing(collection).plan(file: "x.apkg", into: nil)
        #expect(same.kept == [AnkiImporting.Kept(path: edited, isMedia: false)])
        collection.notes[0].fields[1] = "a0"
        let unchangedInAnki = try importing(Self.deck("Deck", created: 1, notes: 2, start: 1_780_000_000_000)).plan(
            file: "x.apkg", into: nil)
        #expect(
            unchangedInAnki.kept.isEmpty, "the note is as the first import wrote it in Anki: the person's edit stays")
        collection.notes[0].fields[1] = "a0, changed in Anki"
        let theirs = try importing(collection).plan(file: "x.apkg", into: nil, theirs: true)
        #expect(
            theirs.kept.isEmpty
                && theirs.writes == [
                    .replace(edited, theirs.conversion.files.first { $0.name == "Deck/Deck q0.md" }!.bytes)
                ])
        try importing(collection).write(theirs)
        #expect(String(decoding: files.all[edited]!, as: UTF8.self).contains("a0, changed in Anki"))
        #expect(trash.trashed.values.contains(Data(mine.utf8)))
    }
}
