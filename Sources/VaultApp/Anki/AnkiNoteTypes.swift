import Foundation
import VaultCore

/// The note types `vault export anki` writes: Basic, Basic and reversed and
/// Cloze of its own (so Anki never mixes them with a person's stock types),
/// each with a `Vault` field holding where the card lives and a fingerprint
/// of the fields as exported. Their ids and modification time are fixed:
/// every export names the same types.
public enum AnkiNoteTypes {
    public static let basicID: Int64 = 1_767_225_600_101
    public static let reversedID: Int64 = 1_767_225_600_102
    public static let clozeID: Int64 = 1_767_225_600_103

    static let css = """
        .card {
            font-family: arial;
            font-size: 20px;
            line-height: 1.5;
            text-align: center;
            color: black;
            background-color: white;
        }
        table { border-collapse: collapse; margin: 0 auto; }
        th, td { border: 1px solid #888; padding: 2px 8px; }
        pre { text-align: left; }
        .cloze { font-weight: bold; color: blue; }
        .nightMode .cloze { color: lightblue; }

        """

    static let answer = "{{FrontSide}}\n\n<hr id=answer>\n\n"

    /// Front, Back, Vault; one card.
    public static let basic = AnkiNoteType(
        id: basicID, name: "Basic (vault)", isCloze: false, fields: ["Front", "Back", "Vault"],
        templates: [AnkiCardTemplate(name: "Card 1", question: "{{Front}}", answer: answer + "{{Back}}")], css: css)

    /// Front, Back, Vault; the card and its reverse.
    public static let reversed = AnkiNoteType(
        id: reversedID, name: "Basic and reversed (vault)", isCloze: false, fields: ["Front", "Back", "Vault"],
        templates: [
            AnkiCardTemplate(name: "Card 1", question: "{{Front}}", answer: answer + "{{Back}}"),
            AnkiCardTemplate(name: "Card 2", question: "{{Back}}", answer: answer + "{{Front}}"),
        ], css: css)

    /// Text, Back Extra, Vault; a card per cloze number.
    public static let cloze = AnkiNoteType(
        id: clozeID, name: "Cloze (vault)", isCloze: true, fields: ["Text", "Back Extra", "Vault"],
        templates: [
            AnkiCardTemplate(name: "Cloze", question: "{{cloze:Text}}", answer: "{{cloze:Text}}<br>\n{{Back Extra}}")
        ],
        css: css)

    /// The `Vault` field: the note's path and the fingerprint of `fields` (the others, as exported).
    public static func vaultField(path: String, fields: [String]) -> String {
        XMLText.escaped(path) + " · " + fingerprint(fields)
    }

    /// 8 hex digits of FNV-1a over the fields in Unicode's composed form
    /// (Anki stores field text composed), joined by U+001F.
    public static func fingerprint(_ fields: [String]) -> String {
        let hex = String(
            StableHash.fnv1a(fields.map(\.precomposedStringWithCanonicalMapping).joined(separator: "\u{1F}")), radix: 16
        )
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(8))
    }

    /// The fingerprint a `Vault` field holds, nil when there is none.
    public static func fingerprint(inVaultField field: String) -> String? {
        guard let mark = field.range(of: " · ", options: .backwards) else { return nil }
        let value = field[mark.upperBound...].trimmingCharacters(in: .whitespaces)
        return value.count == 8 && value.allSatisfy(\.isHexDigit) ? value : nil
    }
}
