import Foundation
import VaultCore
import VaultMarkdown

/// Reviews coming home: the notes of a package that `vault export anki`
/// wrote (their GUID names a card group of the vault), matched by GUID, their
/// cards by ordinal, and the rows of their review log not yet in the ledger
/// as events on the vault's cards (``AnkiReviewEvents``). The vault's
/// Markdown stays as it is; a note whose text was changed in Anki (its
/// fields no longer match the fingerprint the export wrote in its `Vault`
/// field, nor the vault's text now) is named, and only replaced when the
/// person asks (`--theirs`).
public struct AnkiReturn: Sendable {
    /// A card group whose text was changed in Anki.
    public struct Change: Sendable {
        /// The vault note holding the cards.
        public var notePath: String
        /// The first card's question, as the vault shows it.
        public var question: String
        /// Anki's fields as Markdown (front and back, or the cloze text).
        public var ankiMarkdown: [String]
        /// The file lines of the cards' paragraph in the vault's note.
        public var lines: ClosedRange<Int>
        var group: AnkiCardGroup
    }

    /// Notes of the package that came from the vault and were matched.
    public var matchedNotes = 0
    /// Their cards matched with vault cards.
    public var matchedCards = 0
    /// The new events (`rate`, `card-reset`, `cram`), in replay order.
    public var events: [LedgerEvent] = []
    /// Groups whose text Anki changed (the vault keeps its own unless told otherwise).
    public var changes: [Change] = []
    /// Notes the vault wrote whose cards are no longer in the vault: their
    /// `Vault` field (the note they came from), with the number of new reviews left out.
    public var missing: [(note: String, reviews: Int)] = []

    /// The vault notes among `collection`'s (GUIDs ``AnkiCardGroup/guidPrefix``),
    /// returned against `groups` (the vault's card groups now, by GUID).
    /// `render` gives the fields the vault's text has now (to tell an edit in
    /// Anki from one in the vault); `lineage` each card's id and those it continues.
    public init(
        _ collection: AnkiCollection, groups: [String: AnkiCardGroup], known: AnkiKnownReviews,
        lineage: [String: [String]], timeZone: TimeZone, render: (AnkiCardGroup) -> [String]
    ) {
        var cardsByNote: [Int64: [AnkiCard]] = [:]
        for card in collection.cards { cardsByNote[card.note, default: []].append(card) }
        var rowsOf: [Int64: [AnkiReview]] = [:]
        for review in collection.reviews { rowsOf[review.card, default: []].append(review) }
        for note in collection.notes where Self.isVaultNote(note) {
            let noteCards = cardsByNote[note.id] ?? []
            guard let group = groups[note.guid] else {
                let reviews = noteCards.reduce(0) { total, card in
                    total
                        + (rowsOf[card.id] ?? []).filter { (1...4).contains($0.ease) && !known.knows($0.id, cards: []) }
                        .count
                }
                missing.append((Self.source(of: note), reviews))
                continue
            }
            matchedNotes += 1
            let device = AnkiConversion.device(ofNote: note.guid)
            for ankiCard in noteCards {
                guard let card = group.cards.first(where: { $0.ord == ankiCard.ord })?.card else { continue }
                matchedCards += 1
                let rows = (rowsOf[ankiCard.id] ?? []).sorted { $0.id < $1.id }
                events += AnkiReviewEvents.events(
                    rows, card: card, device: device,
                    due: AnkiReviewEvents.dueDay(of: ankiCard, in: collection, zone: timeZone),
                    known: known, lineage: lineage[card.id] ?? [card.id], timeZone: timeZone)
            }
            // Anki's text: changed when its fields no longer give the fingerprint the export wrote.
            let ankiFields = Array(note.fields.prefix(2))
            let written = note.fields.count > 2 ? AnkiNoteTypes.fingerprint(inVaultField: note.fields[2]) : nil
            guard written != AnkiNoteTypes.fingerprint(ankiFields) else { continue }
            let vaultFields = render(group)
            guard
                ankiFields.map(\.precomposedStringWithCanonicalMapping)
                    != vaultFields.map(\.precomposedStringWithCanonicalMapping)
            else { continue }
            changes.append(
                Change(
                    notePath: group.notePath, question: group.cards.first?.card.question ?? "",
                    ankiMarkdown: ankiFields.map { AnkiHTML.markdown($0).markdown }, lines: group.paragraphLines,
                    group: group))
        }
        events.sort(by: LedgerEvent.replayOrder)
        missing.sort { $0.note < $1.note }
    }

    /// True for a note `vault export anki` wrote.
    public static func isVaultNote(_ note: AnkiNote) -> Bool {
        note.guid.hasPrefix(AnkiCardGroup.guidPrefix) && note.guid.count == AnkiCardGroup.guidPrefix.count + 12
            && note.guid.dropFirst(AnkiCardGroup.guidPrefix.count).allSatisfy(\.isHexDigit)
    }

    /// The note a vault note came from, as its `Vault` field says.
    static func source(of note: AnkiNote) -> String {
        guard note.fields.count > 2 else { return note.guid }
        let field = AnkiHTML.decodeEntities(note.fields[2])
        guard let mark = field.range(of: " · ", options: .backwards) else { return field }
        return String(field[..<mark.lowerBound])
    }

    /// The note `data` (at the change's path) with Anki's text in place of the cards' paragraph.
    public static func applying(_ change: Change, to data: Data) -> Data {
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        let first = change.lines.lowerBound - 1
        let last = min(change.lines.upperBound - 1, lines.count - 1)
        guard first >= 0, first <= last else { return data }
        let old = Array(lines[first...last])
        let prefix = Self.prefix(of: old[0])
        let continuation =
            old.count > 1
            ? Self.prefix(of: old[1])
            : String(repeating: " ", count: prefix.count).replacingOccurrences(of: "- ", with: "  ")
        let anki = change.ankiMarkdown.map { AnkiHTML.paragraphLines($0) }
        var replaced: [String]
        switch change.group.shape {
        case .cloze:
            var text = anki[0]
            if AnkiCardGroup.clozeNumbers(in: change.group.markdown[0]).isEmpty == false,
                !old.joined(separator: "\n").contains("{{c")
            {
                text = text.map(Self.highlights)
            }
            replaced = text
        case .basic, .reversed:
            let separator = change.group.shape == .reversed ? " ::: " : " :: "
            let question = anki[0].isEmpty ? ["(empty)"] : anki[0]
            let answer = anki[1].isEmpty ? ["(empty)"] : anki[1]
            if question.count == 1, answer.count == 1 || change.group.shape == .reversed {
                // A one-line card stays one line, on the card's own line of the paragraph.
                let line = question[0] + separator + answer.joined(separator: "<br>")
                let index = (change.group.cards.first?.card.line ?? change.lines.lowerBound) - change.lines.lowerBound
                var kept = old.map { String($0.dropFirst(Self.prefix(of: $0).count)) }
                if index < kept.count { kept[index] = line } else { kept.append(line) }
                replaced = kept
            } else {
                replaced = question + ["?"] + answer
            }
        }
        let prefixed = replaced.enumerated().map { i, line in (i == 0 ? prefix : continuation) + line }
        lines.replaceSubrange(first...last, with: prefixed)
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// What a container puts before a paragraph's line: spaces, `>` marks, a list marker.
    static func prefix(of line: String) -> String {
        let content = CardMarkdown.stripped(line, first: true)
        return String(line.prefix(line.count - content.count))
    }

    /// Anki's clozes `{{cN::text}}` back as the `==text==` the note was written with.
    static func highlights(_ line: String) -> String {
        var out = ""
        var rest = Substring(line)
        while let open = rest.range(of: "{{c") {
            out += rest[..<open.lowerBound]
            let digits = rest[open.upperBound...].prefix { $0.isNumber }
            let after = rest.index(open.upperBound, offsetBy: digits.count)
            guard !digits.isEmpty, rest[after...].hasPrefix("::"),
                let close = rest.range(of: "}}", range: after..<rest.endIndex)
            else {
                out += "{{c"
                rest = rest[open.upperBound...]
                continue
            }
            let inside = rest[rest.index(after, offsetBy: 2)..<close.lowerBound]
            out += "==" + (inside.components(separatedBy: "::").first ?? "") + "=="
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
