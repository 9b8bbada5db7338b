import Foundation

/// A `card-reset` event: `card`, `note`, `reset` — `forget` (Anki's
/// "Forget": the card starts over as new) or `reschedule` (a due date set by
/// hand, Anki's "Set due date", or a reschedule) — and, for a reschedule,
/// the `due` date it set when known. `vault import anki` writes one per
/// manual row of Anki's review log (types 4 and 5). The FSRS optimizer reads
/// them as Anki does: a `forget` cuts the card's older history, a
/// `reschedule` is no answer; card replay moves the card's due date to `due`.
public struct CardResetEvent: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "card-reset"

    public enum Reset: String, Hashable, Sendable {
        case forget, reschedule
    }

    public var time: Date
    public var card: String
    /// The note's id (its path when it has none).
    public var note: String
    public var reset: Reset
    /// The due date a `reschedule` set (nil: not known, the due date stays as replay computes it).
    public var due: Date?

    public init(time: Date, card: String, note: String, reset: Reset, due: Date? = nil) {
        self.time = time
        self.card = card
        self.note = note
        self.reset = reset
        self.due = due
    }

    public var fields: [(key: String, value: String)] {
        var fields = [("card", card), ("note", note), ("reset", reset.rawValue)]
        if let due, reset == .reschedule { fields.append(("due", VaultDate.isoString(due))) }
        return fields
    }

    /// Reads a `card-reset` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` for another kind, no card or an unknown reset.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let card = try Self.required("card", in: event)
        guard let reset = Reset(rawValue: try Self.required("reset", in: event)) else {
            throw Self.unreadable(event, "names no known reset ('\(event["reset"] ?? "")'): forget or reschedule")
        }
        var due: Date?
        if reset == .reschedule, let text = event["due"].map(Self.trimmed), !text.isEmpty {
            guard let date = VaultDate.parse(text, in: TimeZone(identifier: "UTC")!) else {
                throw Self.unreadable(
                    event, "has a 'due' that is no date ('\(text)'): write it as 2026-11-18T09:00:00Z")
            }
            due = date
        }
        self.init(time: event.time, card: card, note: event["note"] ?? "", reset: reset, due: due)
    }
}
