import Foundation

/// A recorded re-link (`card-link` events): the card `to` continues the
/// history of the card `from`, after an edit changed its text a little.
/// Fields: `note`, `from`, `to`, `similarity`. Written when a re-link found
/// by ``CardRelinker`` is first acted on (the first rating of the new id).
public struct CardLink: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "card-link"

    public var time: Date
    public var note: String
    public var from: String
    public var to: String
    public var similarity: Double?

    public init(time: Date, note: String, from: String, to: String, similarity: Double? = nil) {
        self.time = time
        self.note = note
        self.from = from
        self.to = to
        self.similarity = similarity
    }

    /// Reads a `card-link` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when it is another kind or lacks `from`/`to`.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        self.init(
            time: event.time, note: event["note"] ?? "", from: try Self.required("from", in: event),
            to: try Self.required("to", in: event), similarity: event["similarity"].flatMap { Double($0) })
    }

    /// The fields, in the order written.
    public var fields: [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = [("note", note), ("from", from), ("to", to)]
        if let similarity { fields.append(("similarity", String(format: "%.3f", similarity))) }
        return fields
    }
}

/// A manual tier move under the tiers scheduler (`tier` events): fields
/// `card`, `note`, `tier` (learning, reviewing, mastered, inactive).
public struct TierChange: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "tier"

    public var time: Date
    public var card: String
    public var note: String
    public var tier: StudyTier

    public init(time: Date, card: String, note: String, tier: StudyTier) {
        self.time = time
        self.card = card
        self.note = note
        self.tier = tier
    }

    /// Reads a `tier` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when it is another kind or names no known tier.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let card = try Self.required("card", in: event)
        guard let tier = StudyTier(rawValue: try Self.required("tier", in: event)) else {
            throw Self.unreadable(event, "names no known tier ('\(event["tier"] ?? "")')")
        }
        self.init(time: event.time, card: card, note: event["note"] ?? "", tier: tier)
    }

    /// The fields, in the order written.
    public var fields: [(key: String, value: String)] {
        [("card", card), ("note", note), ("tier", tier.rawValue)]
    }
}
