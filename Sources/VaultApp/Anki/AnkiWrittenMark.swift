import Foundation
import VaultCore

/// What tells a note `vault import anki` wrote from one the person has
/// edited since: the front matter key `anki_written`, 8 hex digits of the
/// note's text as written (without that line). A re-import rewrites a note
/// only when it is still as written; an edited one is kept and named.
public enum AnkiWrittenMark {
    public static let key = "anki_written"

    /// How a note in the import folder stands.
    public enum Status: Equatable, Sendable {
        /// As the last import wrote it.
        case asWritten(mark: String)
        /// Changed since (the mark is what was written).
        case edited(mark: String)
        /// No mark: written before marks were, or by the person.
        case unmarked
    }

    /// `text` (front matter, then body) with its mark as the front matter's last line.
    public static func marked(_ text: String) -> String {
        guard text.hasPrefix("---\n"),
            let close = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex)
        else { return text }
        let mark = fingerprint(text)
        return String(text[..<close.lowerBound]) + "\n\(key): \(mark)" + String(text[close.lowerBound...])
    }

    /// The mark of `text` as written (without a mark line).
    public static func fingerprint(_ text: String) -> String {
        let hex = String(StableHash.fnv1a(text), radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(8))
    }

    /// How the note `data` stands.
    public static func status(of data: Data) -> Status {
        let text = String(decoding: data, as: UTF8.self)
        guard let (mark, without) = split(text) else { return .unmarked }
        return fingerprint(without) == mark ? .asWritten(mark: mark) : .edited(mark: mark)
    }

    /// The mark a note holds and its text without the mark's line, nil when it has none.
    static func split(_ text: String) -> (mark: String, text: String)? {
        guard text.hasPrefix("---"),
            let end = text.range(of: "\n---", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex),
            let line = text.range(of: "\n\(key): ", range: text.startIndex..<end.lowerBound)
        else { return nil }
        let lineEnd = text[line.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        let mark = String(text[line.upperBound..<lineEnd]).trimmingCharacters(in: .whitespaces)
        return (mark, String(text[..<line.lowerBound]) + String(text[lineEnd...]))
    }

    /// The mark `text` would carry (the same text written twice carries the same).
    public static func mark(of text: String) -> String? { split(text)?.mark }
}
