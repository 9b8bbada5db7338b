import Foundation
import Testing
import VaultCore
import VaultMarkdown

@testable import VaultApp

@Suite("Anki importing")
struct AnkiImportingTests {
    static let basic = AnkiNoteType(
        id: 1, name: "Basic", isCloze: false, fields: ["Front", "Back"],
        templates: [.init(name: "Card 1", question: "{{Front}}", answer: "{{FrontSide}}<hr id=answer>{{Back}}")])
    static let reversed = AnkiNoteType(
        id: 2, name: "Basic (and reversed card)", isCloze: false, fields: ["Front", "Back"],
        templates: [
            .init(name: "Card 1", question: "{{Front}}", answer: "{{FrontSide}}<hr id=answer>{{Back}}"),
            .init(name: "Card 2", question: "{{Back}}", answer: "{{FrontSide}}<hr id=answer>{{Front}}"),
        ])
    static let cloze = AnkiNoteType(
        id: 3, name: "Cloze", isCloze: true, fields: ["Text", "Back Extra"],
        templates: [.init(name: "Cloze", question: "{{cloze:Text}}", answer: "{{cloze:Text}}<br>{{Back Extra}}")])
    static let vocab = AnkiNoteType(
        id: 4, name: "Vocab", isCloze: false, fields: ["Word", "Meaning", "Example"],
        templates: [
            .init(name: "Recognise", question: "{{Word}}", answer: "{{FrontSide}}<hr id=answer>{{Meaning}}"),
            .init(name: "Produce", question: "{{Meaning}}{{^Example}} (no example){{/Example}}", answer: "{{FrontSide}}<hr id=answer>{{Word}}"),
        ])

    static func collection() -> AnkiCollection {
        AnkiCollection(
            created: 1_700_000_000, schema: 18,
            noteTypes: [1: basic, 2: reversed, 3: cloze, 4: vocab],
            decks: [10: "Geography", 11: "Languages::French"],
            notes: [
                AnkiNote(id: 1_767_225_600_000, guid: "g-basic", noteType: 1, tags: ["geo::europe"], fields: ["Capital of <b>France</b>?", "Paris <img src=\"paris.png\">"]),
                AnkiNote(id: 1_767_225_600_001, guid: "g-rev", noteType: 2, tags: [], fields: ["chien", "dog"]),
                AnkiNote(id: 1_767_225_600_002, guid: "g-cloze", noteType: 3, tags: [], fields: ["{{c1::Paris}} and {{c2::Lyon::city}}", ""]),
                AnkiNote(id: 1_767_225_600_003, guid: "g-vocab", noteType: 4, tags: [], fields: ["chat", "cat", ""]),
            ],
            cards: [
                AnkiCard(id: 100, note: 1_767_225_600_000, deck: 10, ord: 0, queue: 2),
                AnkiCard(id: 101, note: 1_767_225_600_001, deck: 11, ord: 0, queue: 0),
                AnkiCard(id: 102, note: 1_767_225_600_001, deck: 11, ord: 1, queue: -1),
                AnkiCard(id: 103, note: 1_767_225_600_002, deck: 11, ord: 0, queue: 0),
                AnkiCard(id: 104, note: 1_767_225_600_002, deck: 11, ord: 1, queue: 0),
                AnkiCard(id: 105, note: 1_767_225_600_003, deck: 11, ord: 0, queue: 0),
                AnkiCard(id: 106, note: 1_767_225_600_003, deck: 11, ord: 1, queue: 0),
            ],
            reviews: [
                AnkiReview(id: 1_767_300_000_000, card: 100, ease: 3, milliseconds: 4000, kind: 0),
                AnkiReview(id: 1_767_400_000_000, card: 100, ease: 1, milliseconds: 6000, kind: 1),
                AnkiReview(id: 1_767_500_000_000, card: 100, ease: 0, milliseconds: 0, kind: 4),
                AnkiReview(id: 1_767_600_000_000, card: 104, ease: 4, milliseconds: 2000, kind: 0),
                AnkiReview(id: 1_767_700_000_000, card: 102, ease: 2, milliseconds: 3000, kind: 0),
            ],
            media: [AnkiMedia(name: "paris.png", bytes: Data([0x89, 0x50, 0x4E, 0x47]))])
    }

    let files = MemoryFiles()
    let ledger = MemoryLedger(timeZone: Fixture.zone)
    let log = MemoryImportedLog()
    let configStore = MemoryConfigStore()

    func importing(_ packages: MemoryAnkiPackages = MemoryAnkiPackages(collection: collection())) -> AnkiImporting {
        let notes = Fixture.notes(files.all.filter { $0.key.hasSuffix(".md") }.mapValues { String(decoding: $0, as: UTF8.self) })
        let context = AppContext(
            notes: MemoryNotes(all: notes), ledger: ledger, ids: MemoryNoteIDs(), config: Fixture.config, now: Fixture.now,
            configStore: configStore, files: files)
        return AnkiImporting(context, packages: packages, log: log)
    }

    func text(_ path: String) -> String { String(decoding: files.all[path] ?? Data(), as: UTF8.self) }

    @Test("notes go into a folder per deck, with id from the guid, tags, and their cards in the vault's syntax")
    func notesPerDeck() throws {
        let plan = try importing().plan(file: "x.apkg", into: nil)
        #expect(files.all.isEmpty, "planning writes nothing")
        try importing().write(plan)
        let basic = text("Anki/Geography/Capital of France.md")
        #expect(basic.contains("id: \(AnkiConversion.noteID(guid: "g-basic"))\n"))
        #expect(basic.contains("tags: [geo/europe]\n"))
        #expect(basic.contains("anki_guid: g-basic\n"))
        #expect(basic.hasSuffix("---\nCapital of **France**? :: Paris ![](<paris.png>)\n"))
        #expect(files.all["Anki/Geography/paris.png"] == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(text("Anki/Languages/French/chien.md").hasSuffix("---\nchien ::: dog\n"))
        #expect(text("Anki/Languages/French/Paris and Lyon.md").hasSuffix("---\n{{c1::Paris}} and {{c2::Lyon::city}}\n"))
        #expect(text("Anki/Languages/French/chat.md").hasSuffix("---\nchat\n?\ncat\n\ncat (no example)\n?\nchat\n"))
        #expect(plan.conversion.decks.map(\.name) == ["Geography", "Languages::French"])
        #expect(plan.conversion.decks.map(\.cards) == [1, 6])
        #expect(plan.conversion.cards.count == 7, "every Anki card found its vault card")
        #expect(configStore.saved.last?.decks.folders == ["Anki/"])
    }

    @Test("reviews with a rating become rate events on the written cards, under their note's device and the review's id")
    func reviewsAsEvents() throws {
        let importing = importing()
        let plan = try importing.plan(file: "x.apkg", into: "Flash")
        try importing.write(plan)
        let rates = log.events.filter { $0.kind == RatingEvent.kind }
        #expect(rates.map(\.sequence) == [1_767_300_000_000, 1_767_400_000_000, 1_767_600_000_000, 1_767_700_000_000])
        // The device comes from the note's GUID, never the collection's creation time (which Anki copies into every export).
        #expect(Set(rates.map(\.device)) == Set(["g-basic", "g-cloze", "g-rev"].map(AnkiConversion.device(ofNote:))))
        let ratings = try rates.map { try RatingEvent($0) }
        #expect(ratings.map(\.answer) == [.fsrs(.good), .fsrs(.again), .fsrs(.easy), .fsrs(.hard)])
        #expect(ratings[0].responseMilliseconds == 4000)
        let resets = try log.events.filter { $0.kind == CardResetEvent.kind }.map { try CardResetEvent($0) }
        #expect(resets.map(\.reset) == [.forget])
        #expect(resets.first?.card == ratings[0].card, "the forget is on the card its row names")
        // The events' cards are the cards the written notes hold.
        let cloze = CardExtractor.cards(
            in: files.all["Flash/Languages/French/Paris and Lyon.md"]!, notePath: "Flash/Languages/French/Paris and Lyon.md",
            noteID: AnkiConversion.noteID(guid: "g-cloze"))
        #expect(ratings[2].card == cloze[1].id, "card ord 1 is cloze number 2")
        let reversed = CardExtractor.cards(
            in: files.all["Flash/Languages/French/chien.md"]!, notePath: "Flash/Languages/French/chien.md",
            noteID: AnkiConversion.noteID(guid: "g-rev"))
        #expect(ratings[3].card == reversed.first { $0.kind == .reverse }!.id)
    }

    @Test("a second import writes nothing: the same bytes, and no event the ledger holds")
    func secondImport() throws {
        try importing().write(try importing().plan(file: "x.apkg", into: nil))
        ledger.receive(log.events)
        let again = try importing().plan(file: "x.apkg", into: nil)
        #expect(again.replacing && again.unchanged)
        #expect(again.conversion.events.isEmpty)
    }

    @Test("a folder holding a note this package does not write keeps it: the import writes its own notes beside it")
    func strangerInFolder() throws {
        try files.writeFolder([VaultFile(name: "mine.md", bytes: Data("# Mine\n".utf8))], at: "Anki", replacing: false)
        let plan = try importing().plan(file: "x.apkg", into: nil)
        #expect(plan.replacing)
        try importing().write(plan)
        #expect(files.all["Anki/mine.md"] == Data("# Mine\n".utf8))
        #expect(text("Anki/Languages/French/chien.md").hasSuffix("---\nchien ::: dog\n"))
    }

    @Test("built from a context alone, the import reads through the context's package reader and appends through its imported-event log")
    func contextPorts() throws {
        let context = AppContext(
            notes: MemoryNotes(all: []), ledger: ledger, ids: MemoryNoteIDs(), config: Fixture.config, now: Fixture.now,
            configStore: configStore, files: files, ankiPackages: MemoryAnkiPackages(collection: Self.collection()),
            importedLog: log)
        let importing = AnkiImporting(context)
        try importing.write(try importing.plan(file: "x.apkg", into: nil))
        #expect(files.all["Anki/Geography/Capital of France.md"] != nil)
        #expect(!log.events.isEmpty && log.events.allSatisfy { $0.kind == RatingEvent.kind || $0.kind == CardResetEvent.kind || $0.kind == CardHoldEvent.kind })
    }

    @Test("a refused package writes nothing")
    func refusal() throws {
        let refusing = MemoryAnkiPackages(refusal: .notZip(file: "x.apkg"))
        #expect(throws: AnkiImportError.notZip(file: "x.apkg")) { try importing(refusing).plan(file: "x.apkg", into: nil) }
        #expect(files.all.isEmpty && log.events.isEmpty && configStore.saved.isEmpty)
    }
}

@Suite("Anki importing: held cards")
struct AnkiHeldCardsTests {
    @Test("Anki's suspended and buried cards become card-hold events once, and study leaves them out")
    func heldCards() throws {
        let files = MemoryFiles()
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let log = MemoryImportedLog()
        var collection = AnkiImportingTests.collection()
        collection.cards[4].queue = -2  // the cloze's second card buried
        let context = AppContext(
            notes: MemoryNotes(all: []), ledger: ledger, ids: MemoryNoteIDs(), config: Fixture.config, now: Fixture.now, files: files)
        let importing = AnkiImporting(context, packages: MemoryAnkiPackages(collection: collection), log: log)
        let plan = try importing.plan(file: "x.apkg", into: nil)
        #expect(plan.conversion.suspended == 1 && plan.conversion.buried == 1)
        try importing.write(plan)
        let holds = log.events.filter { $0.kind == CardHoldEvent.kind }
        #expect(holds.map { try? CardHoldEvent($0).action } == [.suspend, .bury])
        ledger.receive(log.events)
        #expect(try importing.plan(file: "x.apkg", into: nil).conversion.holdEvents.isEmpty, "a second import adds no hold")
        // Study: the two held cards are out of today's queue, and back tomorrow for the buried one.
        let notes = Fixture.notes(files.all.filter { $0.key.hasSuffix(".md") }.mapValues { String(decoding: $0, as: UTF8.self) })
        let held = Set(plan.conversion.holdEvents.compactMap { try? CardHoldEvent($0).card })
        let studying = Studying(
            AppContext(
                notes: MemoryNotes(all: notes, cards: Array(plan.conversion.cards.values)), ledger: ledger, ids: MemoryNoteIDs(),
                config: Fixture.config, now: Fixture.now))
        #expect(Set(studying.holds().keys) == held)
        #expect(studying.studiable().count == plan.conversion.cards.count - 2)
        let tomorrow = Studying(
            AppContext(
                notes: MemoryNotes(all: notes, cards: Array(plan.conversion.cards.values)), ledger: ledger, ids: MemoryNoteIDs(),
                config: Fixture.config, now: Fixture.now.addingTimeInterval(86_400)))
        #expect(tomorrow.studiable().count == plan.conversion.cards.count - 1)
    }
}

@Suite("Anki conversion: note types")
struct AnkiConversionTests {
    @Test("a cloze type whose cloze field is not the first writes that field as the cloze paragraph")
    func clozeFieldFromTemplate() {
        let type = AnkiNoteType(
            id: 9, name: "Cloze+", isCloze: true, fields: ["Source", "Sentence"],
            templates: [.init(name: "Cloze", question: "{{cloze:Sentence}}", answer: "{{cloze:Sentence}}")])
        let collection = AnkiCollection(
            created: 1, schema: 11, noteTypes: [9: type], decks: [1: "Default"],
            notes: [AnkiNote(id: 1, guid: "g", noteType: 9, tags: [], fields: ["a book", "{{c1::x}} and {{c2::y}}"])],
            cards: [AnkiCard(id: 10, note: 1, deck: 1, ord: 0, queue: 0), AnkiCard(id: 11, note: 1, deck: 1, ord: 1, queue: 0)],
            reviews: [], media: [])
        let conversion = AnkiConversion(collection, folder: "Anki", timeZone: Fixture.zone)
        let text = String(decoding: conversion.files[0].bytes, as: UTF8.self)
        #expect(text.hasSuffix("---\n{{c1::x}} and {{c2::y}}\n\na book\n"))
        #expect(conversion.cards.count == 2 && conversion.unmatchedCards == 0)
    }

    @Test("a note whose note type is missing is counted as left out, not dropped silently")
    func missingNoteType() {
        let collection = AnkiCollection(
            created: 1, schema: 11, noteTypes: [:], decks: [1: "Default"],
            notes: [AnkiNote(id: 1, guid: "g", noteType: 5, tags: [], fields: ["a", "b"])],
            cards: [AnkiCard(id: 10, note: 1, deck: 1, ord: 0, queue: 0)], reviews: [], media: [])
        let conversion = AnkiConversion(collection, folder: "Anki", timeZone: Fixture.zone)
        #expect(conversion.files.isEmpty)
        #expect(conversion.skippedNotes == 1)
    }

    @Test("names: deck levels as folders, a first field as the file stem without trailing dots")
    func names() {
        #expect(AnkiConversion.folder(ofDeck: "Languages::French/Belgian::.hidden") == "Languages/French Belgian/hidden")
        #expect(AnkiConversion.fileStem("Is <b>it</b> so?..") == "Is it so")
    }
}

@Suite("Anki conversion: fields that look like card syntax")
struct AnkiCardSyntaxTests {
    @Test("a Basic note whose front holds ' :: ' still gives exactly one card")
    func spacedSeparatorInField() {
        let collection = AnkiCollection(
            created: 1, schema: 11, noteTypes: [1: AnkiImportingTests.basic], decks: [1: "Default"],
            notes: [AnkiNote(id: 1, guid: "g", noteType: 1, tags: [], fields: ["What is std :: vector?", "A C++ array"])],
            cards: [AnkiCard(id: 10, note: 1, deck: 1, ord: 0, queue: 0)], reviews: [], media: [])
        let conversion = AnkiConversion(collection, folder: "Anki", timeZone: Fixture.zone)
        let note = conversion.files.first { $0.name.hasSuffix(".md") }!
        let cards = CardExtractor.cards(in: note.bytes, notePath: "Anki/" + note.name, noteID: "n")
        #expect(cards.count == 1)
        #expect(cards.first?.answer == "A C++ array")
        #expect(conversion.unmatchedCards == 0)
    }
}

/// Issue 48, items 18 and 19 and the media named like notes: what the
/// importer writes from a hostile collection.
@Suite("Anki conversion: hostile names and media")
struct AnkiHostileNamesTests {
    func collection(front: String, media: [AnkiMedia], deck: String = "Default") -> AnkiCollection {
        AnkiCollection(
            created: 1, schema: 11, noteTypes: [1: AnkiImportingTests.basic], decks: [1: deck],
            notes: [AnkiNote(id: 1, guid: "g", noteType: 1, tags: [], fields: [front, "back"])],
            cards: [AnkiCard(id: 10, note: 1, deck: 1, ord: 0, queue: 0)], reviews: [], media: media)
    }

    @Test("a long Thai or Hindi front is cut within 255 bytes, at a character's end (item 18)", arguments: [
        String(repeating: "ภาษาไทยที่ยาวมาก ", count: 40), String(repeating: "हिन्दी में एक लंबा वाक्य ", count: 40),
        String(repeating: "👩‍👩‍👧‍👦", count: 100),
    ])
    func longNames(front: String) {
        let conversion = AnkiConversion(
            collection(front: front, media: [], deck: front), folder: "Anki", timeZone: Fixture.zone)
        let note = conversion.files.first { $0.name.hasSuffix(".md") }!
        for part in note.name.split(separator: "/") {
            #expect(part.utf8.count <= 255, "\(part.utf8.count) bytes")
            // Whole characters only: the part is a prefix of the text it came from, grapheme for grapheme.
            let text = String(part.hasSuffix(".md") ? part.dropLast(3) : part)
            #expect(front.hasPrefix(text.trimmingCharacters(in: .whitespaces)) || text == "Note", "\(text)")
        }
    }

    @Test("hidden, unused and note-named media are not written, and are named (item 19)")
    func mediaLeftOut() {
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        let front = "Q <img src=\".x.png\"> <img src=\"x.md\"> <img src=\"Q.md\"> <img src=\"ok.png\">"
        let conversion = AnkiConversion(
            collection(
                front: front,
                media: [
                    AnkiMedia(name: ".gitignore", bytes: Data("*\n".utf8)), AnkiMedia(name: ".x.png", bytes: png),
                    AnkiMedia(name: "x.md", bytes: Data("# not a note\n".utf8)), AnkiMedia(name: "unused.png", bytes: png),
                    AnkiMedia(name: "ok.png", bytes: png),
                ]),
            folder: "Anki", timeZone: Fixture.zone)
        let names = conversion.files.map(\.name)
        #expect(names.filter { !$0.hasSuffix(".md") } == ["Default/ok.png"], "\(names)")
        #expect(names.filter { $0.hasSuffix(".md") }.count == 1, "\(names)")
        #expect(Set(conversion.leftOutMedia) == [".gitignore", ".x.png", "x.md", "unused.png"])
    }
}
