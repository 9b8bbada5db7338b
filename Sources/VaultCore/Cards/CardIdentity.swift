import Foundation

/// How a card is named, so that a typo fix does not reset its history.
///
/// The id is the first 12 hex digits of FNV-1a-64 over
/// `note key ␟ kind ␟ identity text`, where the note key is the note's id
/// (its path when it has none), and the identity text is the normalised
/// question (lowercased, punctuation and symbols dropped, white space
/// collapsed). For cloze cards it is the normalised paragraph, ` | `, the
/// normalised deletion. When two cards of one note have the same identity
/// text, the second and later get `␟2`, `␟3`… appended.
///
/// Edits that change the normalised text (a typo fix) give a new id; the
/// re-link step (``CardRelinker``) then matches it to the vanished old card
/// by position and similarity. Formatting, case and punctuation edits keep
/// the id as it is. The rule is documented in docs/FORMAT.md (Flashcards).
public enum CardIdentity {
    /// Gives each draft of one note its identity, position and ``Card`` form.
    public static func cards(from drafts: [CardDraft], notePath: String, noteID: String?) -> [Card] {
        let key = noteID ?? notePath
        var seen: [String: Int] = [:]
        return drafts.enumerated().map { position, written in
            // A `%%hint: …%%` leaves the question (and the identity: a hint edit keeps the id).
            var draft = written
            let (question, hint) = CardHint.split(written.question)
            draft.question = question
            draft.answer = CardHint.split(written.answer).text
            if let context = written.clozeContext { draft.clozeContext = CardHint.split(context).text }
            let text: String
            if draft.kind == .cloze {
                text = normalise(draft.clozeContext ?? draft.question) + " | " + normalise(draft.answer)
            } else {
                text = normalise(draft.question)
            }
            let slot = draft.kind.rawValue + "\u{1F}" + text
            let occurrence = (seen[slot] ?? 0) + 1
            seen[slot] = occurrence
            let hashed = occurrence == 1 ? slot : slot + "\u{1F}\(occurrence)"
            return Card(
                id: id(noteKey: key, text: hashed), notePath: notePath, noteID: noteID, kind: draft.kind,
                question: shown(draft.question), answer: shown(draft.answer), line: draft.line, position: position,
                identityText: text, hint: hint, deck: draft.deck, stored: draft.stored)
        }
    }

    /// A card's text as shown: a `<br>` written in it (`<br>`, `<br/>`, `<br />`, any case) is a line
    /// break, as Obsidian shows it. The identity is read from the text as written, so the id stays.
    public static func shown(_ text: String) -> String {
        // A scan with memchr: a cloze card's text is its whole paragraph, 50 cards of one 200 kB paragraph each.
        let hasTag =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.baseAddress.map { memchr($0, Int32(UInt8(ascii: "<")), bytes.count) != nil } ?? false
            } ?? text.utf8.contains(UInt8(ascii: "<"))
        guard hasTag else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            var i = rest.index(after: open)
            let tag = rest[i...].prefix(2).lowercased()
            if tag == "br" {
                i = rest.index(i, offsetBy: 2)
                while i < rest.endIndex, rest[i] == " " { i = rest.index(after: i) }
                if i < rest.endIndex, rest[i] == "/" { i = rest.index(after: i) }
                if i < rest.endIndex, rest[i] == ">" {
                    out += "\n"
                    rest = rest[rest.index(after: i)...]
                    continue
                }
            }
            out += "<"
            rest = rest[rest.index(after: open)...]
        }
        return out + rest
    }

    /// The 12-hex-digit id of `text` (kind and identity text) in the note keyed `noteKey`.
    public static func id(noteKey: String, text: String) -> String {
        let hash = StableHash.fnv1a(noteKey + "\u{1F}" + text)
        let hex = String(hash, radix: 16)
        let padded = String(repeating: "0", count: 16 - hex.count) + hex
        return String(padded.prefix(12))
    }

    /// Lowercased, letters/digits/marks kept, everything else a space, runs
    /// of spaces collapsed, trimmed: `"What's  the *capital*?"` → `"what s the capital"`.
    public static func normalise(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            let p = scalar.properties
            if p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark {
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return String(out)
    }
}
