import Foundation

/// The id an answer, a decision or a capture was given with, made where it
/// was given (a browser's `crypto.randomUUID()`), written as the event's
/// first field, `id=…`.
///
/// The same answer may reach the ledger twice: a reply lost on the way back
/// and the answer sent again, two tabs sending one offline queue, two
/// servers that each got it and whose ledgers git then merges. Each copy is
/// a line of its own (another device, another sequence), so the identity
/// (device, sequence) cannot tell them apart; the given id does. The ledger
/// writer does not append an event whose id it already holds, and replay
/// keeps the first event with an id (in replay order) and ignores every
/// later one, so one answer is one event wherever its copies came from.
public enum GivenID {
    /// The field's key.
    public static let key = "id"

    /// The longest id read (a UUID is 36 characters); a longer value is no id.
    public static let maxLength = 64

    /// The id `event` was given with: its first field when that is `id`
    /// with a value (only the first field is looked at, so a replay of a
    /// million lines pays one comparison per event).
    public static func of(_ event: LedgerEvent) -> String? {
        guard let first = event.fields.first, first.key == key else { return nil }
        let value = TypedEventTrim.trimmed(first.value)
        return value.isEmpty || value.utf8.count > maxLength ? nil : value
    }

    /// The key replay remembers for `event`'s id (a UUID as its 128 bits), nil without one.
    public static func replayKey(of event: LedgerEvent) -> NoteKey? {
        of(event).map { NoteKey(id: $0) }
    }

    /// True when `text` may be given as an id: 1 to ``maxLength`` letters, digits and `-`
    /// (what a front end accepts from a client; a UUID is one).
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
    }

    /// `fields` with `id` first when `given`.
    public static func fields(_ fields: [(key: String, value: String)], given: String?) -> [(key: String, value: String)] {
        guard let given else { return fields }
        return [(key, given)] + fields.filter { $0.key != key }
    }
}

/// The trim every typed event's reader uses (``TypedEvent/trimmed(_:)``): `value`
/// without leading and trailing spaces and tabs; as it is (no copy, no
/// Foundation) in the usual case of none, which replaying hundreds of
/// thousands of events feels.
enum TypedEventTrim {
    static func trimmed(_ value: String) -> String {
        let utf8 = value.utf8
        guard let first = utf8.first, let last = utf8.last else { return value }
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        guard blank(first) || blank(last) else { return value }
        return value.trimmingCharacters(in: .whitespaces)
    }
}
