import Foundation

/// A `card-reset` event: `card`, `note` and `reset` — `forget` (Anki's
/// "Forget": the card starts over as new) or `reschedule` (a due date set by
/// hand). `vault import anki` writes one per manual row of Anki's review
/// log (types 4 and 5). The FSRS optimizer reads them as Anki does: a
/// `forget` cuts the card's older history, a `reschedule` is no answer.
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

    public init(time: Date, card: String, note: String, reset: Reset) {
        self.time = time
        self.card = card
        self.note = note
        self.reset = reset
    }

    public var fields: [(key: String, value: String)] { [("card", card), ("note", note), ("reset", reset.rawValue)] }

    /// Reads a `card-reset` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` for another kind, no card or an unknown reset.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let card = try Self.required("card", in: event)
        guard let reset = Reset(rawValue: try Self.required("reset", in: event)) else {
            throw Self.unreadable(event, "names no known reset ('\(event["reset"] ?? "")'): forget or reschedule")
        }
        self.init(time: event.time, card: card, note: event["note"] ?? "", reset: reset)
    }
}
