import Foundation
import VaultCore
import VaultMarkdown

/// An Anki collection as the vault's files and events, computed without
/// I/O: a note per Anki note in a folder per deck, the media beside the
/// notes that show them, and a `rate` event per review with a rating.
///
/// Each Anki card is matched with the card `vault` reads from the written
/// note (the card extractor runs on the very text written), so the events
/// land on the cards `vault cards` lists.
public struct AnkiConversion {
    /// What goes into one deck's folder.
    public struct DeckCount: Equatable, Sendable {
        /// Anki's deck name (`Languages::French`).
        public var name: String
        /// The folder, relative to the import folder.
        public var folder: String
        public var notes = 0
        public var cards = 0
        public var events = 0
        public var media = 0
    }

    /// A note written from an Anki note: what the import needs to place it
    /// and to find its cards again in whatever text the vault keeps.
    public struct WrittenNote: Sendable {
        /// The file, relative to the import folder.
        public var name: String
        public var bytes: Data
        public var guid: String
        /// The vault note id (from the guid).
        public var id: String
        /// The note's Anki cards, by ordinal.
        var ankiCards: [AnkiCard]
        var plan: MatchPlan
        /// The deck it is counted in.
        var deck: String
    }

    /// The files, relative to the import folder (notes and media).
    public var files: [VaultFile] = []
    /// The notes among ``files``.
    public var notes: [WrittenNote] = []
    /// The vault card each Anki card became, by Anki card id.
    public var cards = AnkiCardMap()
    /// Per deck, in name order.
    public var decks: [DeckCount] = []
    /// Anki cards no vault card was found for (their reviews are not imported).
    public var unmatchedCards = 0
    /// The written notes (import-folder relative) that hold such cards.
    public var unmatchedNotes: [String] = []
    /// A review to write as a `rate` event, kept small (500,000 of them as
    /// ledger events would be 250 MB; they are made one run at a time): 16
    /// bytes, the rated card's place and the rating in one word.
    public struct PendingRating: Sendable {
        /// The review's id: its moment in milliseconds, the event's sequence.
        var id: Int64
        var milliseconds: Int32
        /// The card's place in ``ratedCards`` times 8, plus the rating (1-4).
        private var cardAndRating: UInt32

        init(id: Int64, card: Int32, rating: UInt8, milliseconds: Int32) {
            precondition(card >= 0 && card < 1 << 29 && rating < 8, "a pending rating's card or rating is out of range")
            self.id = id
            self.milliseconds = milliseconds
            cardAndRating = UInt32(card) << 3 | UInt32(rating)
        }

        /// The card, an index into ``ratedCards``.
        var card: Int32 { Int32(cardAndRating >> 3) }
        var rating: UInt8 { UInt8(cardAndRating & 7) }
    }

    /// The cards the pending ratings name (their places in ``cards``), and
    /// the device of each (its Anki note's).
    var ratedCards: [(card: Int32, device: String)] = []
    /// The reviews to write as `rate` events, in time order.
    var ratings: [PendingRating] = []
    /// How many `rate` events ``events`` gives.
    public var ratingCount: Int { ratings.count }
    let timeZone: TimeZone

    /// The `rate` events not yet in the ledger, in time order, made as they are read.
    public var events: LazyMapSequence<[PendingRating], LedgerEvent> {
        let (rated, cards, timeZone) = (ratedCards, cards.values, timeZone)
        return ratings.lazy.map { pending in
            let (place, device) = rated[Int(pending.card)]
            let card = cards[Int(place)]
            let time = Date(timeIntervalSince1970: Double(pending.id) / 1000)
            let event = RatingEvent(
                time: time, card: card.id, note: card.noteKey, scheduler: .fsrs,
                answer: .fsrs(FSRSRating(rawValue: Int(pending.rating)) ?? .good),
                responseMilliseconds: pending.milliseconds > 0 ? Int(pending.milliseconds) : nil, position: card.position,
                text: card.identityText, cardKind: card.kind)
            return event.ledgerEvent(device: device, sequence: Int(pending.id), utcOffset: timeZone.secondsFromGMT(for: time))
        }
    }

    /// Reviews with a rating whose card was not matched.
    public var skippedReviews = 0
    /// The `card-reset` events of Anki's manual rows (a reset, "Set due date", a reschedule) not yet in the ledger.
    public var resetEvents: [LedgerEvent] = []
    /// The `cram` events of Anki's cramming rows (filtered decks that do not reschedule) not yet in the ledger.
    public var cramEvents: [LedgerEvent] = []
    /// The `card-hold` events of Anki's suspended and buried cards not yet in the ledger.
    public var holdEvents: [LedgerEvent] = []
    /// Notes left out: their note type is missing from the collection, or they have no card.
    public var skippedNotes = 0
    /// Media files not written, by name: no note shows them, or their name
    /// could not be one file beside the notes (``isWritableMediaName(_:)``:
    /// hidden, a note's `.md`, past 255 bytes) or is taken by a note or a deck's folder.
    public var leftOutMedia: [String] = []
    /// Anki's suspended and buried cards (whether or not their event is new).
    public var suspended = 0
    public var buried = 0

    /// The device of the events of the Anki note with `guid`: `anki` and 8
    /// hex digits of the guid, the same in every export of any collection
    /// holding the note (never the collection's creation time, which Anki
    /// copies into every export). With the review's id as the sequence, the
    /// same review is one event however often it is imported.
    public static func device(ofNote guid: String) -> String {
        let hex = String(StableHash.fnv1a("anki note " + guid), radix: 16)
        return "anki" + String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(8))
    }

    /// The device of the note's `card-hold` events (their sequence is Anki's card id).
    public static func holdDevice(ofNote guid: String) -> String { device(ofNote: guid) + "-hold" }

    /// The vault's note id of the Anki note with `guid`: UUID-shaped, derived from the guid alone.
    public static func noteID(guid: String) -> String {
        func hex(_ value: UInt64) -> String {
            let h = String(value, radix: 16)
            return String(repeating: "0", count: 16 - h.count) + h
        }
        let all = hex(StableHash.fnv1a("anki note \(guid)")) + hex(StableHash.fnv1a("\(guid) anki note"))
        let c = Array(all)
        return "\(String(c[0..<8]))-\(String(c[8..<12]))-5\(String(c[13..<16]))-8\(String(c[17..<20]))-\(String(c[20..<32]))"
    }

    /// Converts `collection` into files under `folder` (vault-relative), each
    /// Anki card matched with the card the written note gives, and the events
    /// of its reviews that `known` does not hold; `card-hold` events dated
    /// `now` for suspended and buried cards whose hold is not in `knownHolds`
    /// (Anki card ids an earlier import held).
    public init(
        _ collection: AnkiCollection, folder: String, timeZone: TimeZone, known: AnkiKnownReviews = AnkiKnownReviews(),
        now: Date = Date(timeIntervalSince1970: 0), knownHolds: Set<Int64> = []
    ) {
        self.init(notesOf: collection, folder: folder, timeZone: timeZone)
        var cards = AnkiCardMap(minimumCapacity: collection.cards.count)
        for note in notes {
            let vaultCards = CardExtractor.cards(in: note.bytes, notePath: folder + "/" + note.name, noteID: note.id)
            for (ankiCard, card) in Self.match(note.ankiCards, vaultCards, plan: note.plan) {
                if let card { cards.set(card, for: ankiCard.id) }
            }
        }
        addEvents(collection, cards: cards, known: known, now: now, knownHolds: knownHolds)
    }

    /// The notes and media of `collection` under `folder`, no event yet (``addEvents(_:cards:known:now:knownHolds:)``).
    public init(notesOf collection: AnkiCollection, folder: String, timeZone: TimeZone) {
        self.timeZone = timeZone
        let mediaBytes = Dictionary(collection.media.map { ($0.name, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        var cardsByNote: [Int64: [AnkiCard]] = [:]
        for card in collection.cards { cardsByNote[card.note, default: []].append(card) }
        var deckCounts: [String: DeckCount] = [:]
        var usedNames: Set<String> = []
        var mediaPlaced: Set<String> = []
        var mediaUsed: Set<String> = []
        // Every deck folder and the folders above it, lowercased: a media file may not take a folder's name.
        var folders: Set<String> = []
        for name in collection.decks.values {
            var parts = Self.folder(ofDeck: name).lowercased().split(separator: "/").map(String.init)
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts.removeLast()
            }
        }
        for note in collection.notes {
            let noteCards = (cardsByNote[note.id] ?? []).sorted { $0.ord < $1.ord }
            guard let type = collection.noteTypes[note.noteType], let first = noteCards.first else {
                skippedNotes += 1
                continue
            }
            let deckName = collection.decks[first.deck] ?? "Default"
            let deckFolder = Self.folder(ofDeck: deckName)
            let rendered = Self.body(of: note, type: type, cards: noteCards, deck: deckName)
            let stem = Self.fileStem(type.isCloze ? AnkiTemplate.cloze(note.fields.first ?? "", number: 0, answer: true) : note.fields.first ?? "")
            var name = (deckFolder.isEmpty ? "" : deckFolder + "/") + stem + ".md"
            var n = 2
            while usedNames.contains(name.lowercased()) {
                name = (deckFolder.isEmpty ? "" : deckFolder + "/") + stem + " \(n).md"
                n += 1
            }
            usedNames.insert(name.lowercased())
            let id = Self.noteID(guid: note.guid)
            let text = AnkiWrittenMark.marked(
                Self.frontMatter(note, id: id, type: type, timeZone: timeZone) + rendered.body)
            let data = Data(text.utf8)
            files.append(VaultFile(name: name, bytes: data))
            notes.append(
                WrittenNote(
                    name: name, bytes: data, guid: note.guid, id: id, ankiCards: noteCards, plan: rendered.plan,
                    deck: deckName))
            var count = deckCounts[deckName] ?? DeckCount(name: deckName, folder: deckFolder)
            count.notes += 1
            count.cards += noteCards.count
            // The media this note shows, beside it (never over a note or a deck's folder).
            for media in rendered.media where mediaBytes[media] != nil && Self.isWritableMediaName(media) {
                let path = (deckFolder.isEmpty ? "" : deckFolder + "/") + media
                if usedNames.contains(path.lowercased()) || folders.contains(path.lowercased()) { continue }
                mediaUsed.insert(media)
                if mediaPlaced.insert(path).inserted {
                    files.append(VaultFile(name: path, bytes: mediaBytes[media]!))
                    count.media += 1
                }
            }
            deckCounts[deckName] = count
        }
        // Media no note shows are not written (a `.gitignore` of `*` among them would hide the
        // whole deck from git); they are named in the summary instead.
        var leftOut: Set<String> = []
        for media in collection.media where !mediaUsed.contains(media.name) && leftOut.insert(media.name).inserted {
            leftOutMedia.append(media.name)
        }
        decks = deckCounts.values.sorted { $0.name < $1.name }
    }

    /// The vault cards of `note`'s Anki cards, read from `data` (the text
    /// the vault holds for it at `path`, vault-relative): in order, by kind,
    /// or by cloze number, as the note was written.
    public func cards(of note: WrittenNote, in data: Data, at path: String) -> [(AnkiCard, Card?)] {
        Self.match(note.ankiCards, CardExtractor.cards(in: data, notePath: path, noteID: note.id), plan: note.plan)
    }

    /// The review log's rows card by card, each card's in time order: the
    /// rows' indices sorted by card and id (32 bits each: the budget allows
    /// 10 million rows), and each card's range of them. (A dictionary of
    /// arrays held every row a second time: 45 MB of the import's peak for
    /// 500,000 reviews.)
    static func rowsByCard(_ reviews: [AnkiReview]) -> (order: [Int32], ranges: [Int64: Range<Int>]) {
        precondition(reviews.count <= Int(Int32.max), "more review rows than 32-bit indices reach")
        var order = Array(0..<Int32(reviews.count))
        order.sort {
            (reviews[Int($0)].card, reviews[Int($0)].id) < (reviews[Int($1)].card, reviews[Int($1)].id)
        }
        var ranges: [Int64: Range<Int>] = [:]
        var start = 0
        while start < order.count {
            let card = reviews[Int(order[start])].card
            var end = start + 1
            while end < order.count, reviews[Int(order[end])].card == card { end += 1 }
            ranges[card] = start..<end
            start = end
        }
        return (order, ranges)
    }

    /// Adds the events of `collection`'s review log and holds for the Anki
    /// cards `cards` maps (Anki card id → vault card); counts the others.
    public mutating func addEvents(
        _ collection: AnkiCollection, cards: AnkiCardMap, known: AnkiKnownReviews, now: Date, knownHolds: Set<Int64>
    ) {
        self.cards = cards
        let guidOf = Dictionary(collection.notes.map { ($0.id, $0.guid) }, uniquingKeysWith: { a, _ in a })
        let deckOfNote = Dictionary(notes.map { ($0.guid, $0.deck) }, uniquingKeysWith: { a, _ in a })
        let writtenOf = Dictionary(notes.map { ($0.guid, $0.name) }, uniquingKeysWith: { a, _ in a })
        var unmatched: Set<String> = []
        for note in notes {
            for ankiCard in note.ankiCards where cards.place(of: ankiCard.id) == nil {
                unmatchedCards += 1
                unmatched.insert(note.name)
            }
        }
        unmatchedNotes = unmatched.sorted()
        let reviews = collection.reviews
        let rowsOf = Self.rowsByCard(reviews)
        // At most a rating a row and a rated card a card: room made once, not by
        // doubling (a copy of every element at each step).
        ratings.reserveCapacity(ratings.count + reviews.count)
        ratedCards.reserveCapacity(ratedCards.count + collection.cards.count)
        var deckEvents: [String: Int] = [:]
        var known = known
        for ankiCard in collection.cards {
            guard let guid = guidOf[ankiCard.note], writtenOf[guid] != nil, let range = rowsOf.ranges[ankiCard.id] else {
                continue
            }
            let rows = rowsOf.order[range].map { reviews[Int($0)] }
            guard let place = cards.place(of: ankiCard.id) else {
                skippedReviews += rows.filter { (1...4).contains($0.ease) }.count
                continue
            }
            let card = cards.values[Int(place)]
            let device = Self.device(ofNote: guid)
            let due = AnkiReviewEvents.dueDay(of: ankiCard, in: collection, zone: timeZone)
            var index: Int32?
            let others = AnkiReviewEvents.events(
                rows, card: card, device: device, due: due, known: known, lineage: [card.id],
                timeZone: timeZone
            ) { row, rating in
                if index == nil {
                    index = Int32(ratedCards.count)
                    ratedCards.append((place, device))
                }
                ratings.append(
                    PendingRating(
                        id: row.id, card: index!, rating: UInt8(rating.rawValue),
                        milliseconds: Int32(clamping: max(0, row.milliseconds))))
                if let deck = deckOfNote[guid] { deckEvents[deck, default: 0] += 1 }
            }
            for event in others {
                known.insert(Int64(event.sequence))
                if event.kind == CramAnswer.kind { cramEvents.append(event) } else { resetEvents.append(event) }
            }
        }
        ratings.sort { $0.id < $1.id }
        resetEvents.sort(by: LedgerEvent.replayOrder)
        cramEvents.sort(by: LedgerEvent.replayOrder)
        for i in decks.indices { decks[i].events = deckEvents[decks[i].name] ?? 0 }
        // Suspended cards stay out of study; buried ones come back the next day (counted from the import).
        for ankiCard in collection.cards where ankiCard.queue == -1 || ankiCard.queue == -2 || ankiCard.queue == -3 {
            guard let guid = guidOf[ankiCard.note], writtenOf[guid] != nil else { continue }
            if ankiCard.queue == -1 { suspended += 1 } else { buried += 1 }
            let holdDevice = Self.holdDevice(ofNote: guid)
            guard let vaultCard = cards[ankiCard.id], !knownHolds.contains(ankiCard.id) else { continue }
            let event = CardHoldEvent(
                time: now, card: vaultCard.id, note: vaultCard.noteKey, action: ankiCard.queue == -1 ? .suspend : .bury)
            holdEvents.append(
                event.ledgerEvent(
                    device: holdDevice, sequence: Int(ankiCard.id), utcOffset: timeZone.secondsFromGMT(for: now)))
        }
    }

    // MARK: - Notes

    /// How a note's Anki cards meet the cards written: by order, by kind, or by cloze number.
    enum MatchPlan {
        case inOrder
        case basicAndReverse
        /// The cloze numbers of the written paragraph, in increasing order (the extractor's card order).
        case clozeNumbers([Int])
    }

    static func match(_ anki: [AnkiCard], _ vault: [Card], plan: MatchPlan) -> [(AnkiCard, Card?)] {
        switch plan {
        case .inOrder:
            return anki.enumerated().map { i, card in (card, i < vault.count ? vault[i] : nil) }
        case .basicAndReverse:
            return anki.map { card in (card, vault.first { $0.kind == (card.ord == 0 ? .basic : .reverse) }) }
        case .clozeNumbers(let numbers):
            // The extractor gives one card per number, in increasing order.
            let clozes = vault.filter { $0.kind == .cloze }
            return anki.map { card in
                guard let i = numbers.firstIndex(of: card.ord + 1), i < clozes.count else { return (card, nil) }
                return (card, clozes[i])
            }
        }
    }

    /// The numbers of `{{cN::text}}` deletions with text in `paragraph`, each once, increasing.
    static func clozeNumbers(in paragraph: String) -> [Int] {
        var numbers: Set<Int> = []
        var rest = Substring(paragraph)
        var closer = AnkiTemplate.Closer()
        while let open = rest.range(of: "{{c") {
            let digits = rest[open.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let after = rest.index(open.upperBound, offsetBy: digits.count)
            guard let n = Int(digits), n > 0, rest[after...].hasPrefix("::"),
                let close = closer.next("}}", in: rest, from: after)
            else {
                rest = rest[open.upperBound...]
                continue
            }
            let inside = rest[rest.index(after, offsetBy: 2)..<close.lowerBound]
            let text = inside.components(separatedBy: "::")[0].trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { numbers.insert(n) }
            rest = rest[close.upperBound...]
        }
        return numbers.sorted()
    }

    struct Rendered {
        var body: String
        var media: [String]
        var plan: MatchPlan
    }

    /// The note's body: its cards in the vault's syntax, from its note type.
    static func body(of note: AnkiNote, type: AnkiNoteType, cards: [AnkiCard], deck: String) -> Rendered {
        var media: [String] = []
        func md(_ html: String) -> String {
            let converted = AnkiHTML.markdown(html)
            media += converted.media
            return converted.markdown
        }
        func field(_ i: Int) -> String { i < note.fields.count ? note.fields[i] : "" }
        if type.isCloze {
            // The field the question template names with `cloze:` (the first one when none does).
            let question = type.templates.first?.question ?? ""
            let clozeField =
                type.fields.firstIndex { question.contains("{{cloze:\($0)}}") } ?? 0
            let paragraph = AnkiHTML.paragraphLines(md(field(clozeField))).joined(separator: "\n")
            var blocks = [paragraph]
            for i in type.fields.indices where i != clozeField {
                let text = md(field(i))
                if !text.isEmpty { blocks.append(text) }
            }
            return Rendered(
                body: blocks.joined(separator: "\n\n") + "\n", media: media, plan: .clozeNumbers(clozeNumbers(in: paragraph)))
        }
        if let reverse = standardBasic(type) {
            var question = AnkiHTML.paragraphLines(md(field(0)))
            var answer = AnkiHTML.paragraphLines(md(field(1)))
            if question.isEmpty { question = ["(empty)"] }
            if answer.isEmpty { answer = ["(empty)"] }
            let both = reverse && cards.contains { $0.ord == 1 }
            if both {
                let line = question.joined(separator: "<br>") + " ::: " + answer.joined(separator: "<br>")
                return Rendered(body: line + "\n", media: media, plan: .basicAndReverse)
            }
            if question.count == 1, answer.count == 1 {
                return Rendered(body: question[0] + " :: " + answer[0] + "\n", media: media, plan: .inOrder)
            }
            return Rendered(body: (question + ["?"] + answer).joined(separator: "\n") + "\n", media: media, plan: .inOrder)
        }
        // Any other note type: each card from its templates, as a `?` card.
        var values: [String: String] = [:]
        for (i, name) in type.fields.enumerated() { values[name] = field(i) }
        values["Tags"] = note.tags.joined(separator: " ")
        values["Deck"] = deck
        values["Subdeck"] = deck.components(separatedBy: "::").last ?? deck
        values["Type"] = type.name
        var blocks: [String] = []
        for card in cards {
            guard card.ord < type.templates.count else { continue }
            let template = type.templates[card.ord]
            values["Card"] = template.name
            let front = AnkiTemplate.render(template.question, .init(fields: values, frontSide: nil, ord: card.ord))
            var back = AnkiTemplate.render(template.answer, .init(fields: values, frontSide: front, ord: card.ord))
            if let hr = back.range(of: #"<hr[^>]*id\s*=\s*["']?answer["']?[^>]*>"#, options: [.regularExpression, .caseInsensitive]) {
                back = String(back[hr.upperBound...])
            }
            var question = AnkiHTML.paragraphLines(md(front))
            var answer = AnkiHTML.paragraphLines(md(back))
            if question.isEmpty { question = [template.name] }
            if answer.isEmpty { answer = ["(empty)"] }
            blocks.append((question + ["?"] + answer).joined(separator: "\n"))
        }
        return Rendered(body: blocks.joined(separator: "\n\n") + "\n", media: media, plan: .inOrder)
    }

    /// Nil unless `type` is Anki's Basic (false) or Basic and reversed (true):
    /// two fields, the first template asking `{{Front}}`, the second (if any)
    /// `{{Back}}`. Basic (type in the answer) counts as Basic: its answer is
    /// the text typed, `{{type:Back}}`.
    static func standardBasic(_ type: AnkiNoteType) -> Bool? {
        guard type.fields.count == 2, let first = type.templates.first else { return nil }
        let front = "{{\(type.fields[0])}}"
        let back = "{{\(type.fields[1])}}"
        let typed = "{{type:\(type.fields[1])}}"
        func plain(_ s: String) -> String { s.trimmingCharacters(in: .whitespacesAndNewlines) }
        let question = plain(first.question)
        let asksFront =
            question == front || (question.hasPrefix(front) && plain(String(question.dropFirst(front.count))) == typed)
        guard asksFront, plain(first.answer).hasSuffix(back) || plain(first.answer).hasSuffix(typed) else { return nil }
        if type.templates.count == 1 { return false }
        guard type.templates.count == 2, plain(type.templates[1].question) == back,
            plain(type.templates[1].answer).hasSuffix(front)
        else { return nil }
        return true
    }

    /// The front matter: id, created (from the note id), tags (`a::b` as `a/b`), Anki's guid and note type.
    static func frontMatter(_ note: AnkiNote, id: String, type: AnkiNoteType, timeZone: TimeZone) -> String {
        var lines = ["---", "id: \(id)"]
        lines.append("created: \(VaultDate.isoString(Date(timeIntervalSince1970: Double(note.id) / 1000), in: timeZone))")
        let tags = note.tags.map { $0.replacingOccurrences(of: "::", with: "/") }.filter { !$0.isEmpty }
        if !tags.isEmpty { lines.append("tags: [\(tags.map(YAMLText.scalar).joined(separator: ", "))]") }
        lines.append("anki_guid: \(YAMLText.scalar(note.guid))")
        lines.append("anki_note_type: \(YAMLText.scalar(type.name))")
        lines += ["---", ""]
        return lines.joined(separator: "\n")
    }

    // MARK: - Names

    /// The folder of a deck: `Languages::French` → `Languages/French`; each
    /// level made a folder name (no `/`, no leading `.`, no control characters).
    public static func folder(ofDeck name: String) -> String {
        name.components(separatedBy: "::").map { fileName($0, fallback: "Deck") }.joined(separator: "/")
    }

    /// The most bytes of a file stem or a deck's folder name: with a number
    /// (` 12`) and `.md` after it, a name stays within the 255 bytes file
    /// systems allow (60 characters of Thai or Hindi run past them).
    static let maximumNameBytes = 240

    /// A note's file stem: its first field's text on one line, at most 60 characters and ``maximumNameBytes``.
    static func fileStem(_ html: String) -> String {
        fileName(AnkiTemplate.stripHTML(html.replacingOccurrences(of: "<", with: " <")), fallback: "Note")
    }

    static func fileName(_ text: String, fallback: String) -> String {
        var out = ""
        var space = false
        for scalar in text.unicodeScalars {
            let bad = "/\\:*?\"<>|#^[]{}".unicodeScalars.contains(scalar) || scalar.properties.generalCategory == .control
                || scalar.properties.isWhitespace
            if bad {
                space = !out.isEmpty
                continue
            }
            if space { out += " " }
            space = false
            out.unicodeScalars.append(scalar)
            if out.utf8.count > maximumNameBytes + 32 || out.count >= 60 { break }
        }
        // Cut at a character's end, never inside one (a Thai vowel sign stays with its consonant).
        if out.utf8.count > maximumNameBytes {
            var bytes = 0
            out = String(out.prefix { character in
                bytes += character.utf8.count
                return bytes <= maximumNameBytes
            })
        }
        while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
        while out.hasSuffix(".") || out.hasSuffix(" ") { out.removeLast() }
        return out.isEmpty ? fallback : out
    }

    /// A media name written beside the notes: one plain file name (the
    /// reader refused `/`, `\\`, `..` and control characters already), not
    /// hidden (`.gitignore`), not a note (`*.md`), at most 255 bytes.
    static func isWritableMediaName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.lowercased().hasSuffix(".md") && name.utf8.count <= 255
    }
}
