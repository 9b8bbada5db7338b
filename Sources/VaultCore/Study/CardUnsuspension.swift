import Foundation

/// A suspended leech brought back into study (`unsuspend` events,
/// `vault cards --unsuspend CARD`): fields `card`, `note`. The card stays in
/// study until its next lapse.
public struct CardUnsuspension: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "unsuspend"

    public var time: Date
    public var card: String
    public var note: String

    public init(time: Date, card: String, note: String) {
        self.time = time
        self.card = card
        self.note = note
    }

    /// Reads an `unsuspend` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when it is another kind or names no card.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        self.init(time: event.time, card: try Self.required("card", in: event), note: event["note"] ?? "")
    }

    /// The fields, in the order written.
    public var fields: [(key: String, value: String)] { [("card", card), ("note", note)] }
}
