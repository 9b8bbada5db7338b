import Foundation

/// A recorded re-link (`card-link` events): the card `to` continues the
/// history of the card `from`, after an edit changed its text a little.
/// Fields: `note`, `from`, `to`, `similarity`. Written when a re-link found
/// by ``CardRelinker`` is first acted on (the first rating of the new id).
public struct CardLink: Hashable, Sendable {
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

    /// Reads a `card-link` event; nil when it is another kind or lacks `from`/`to`.
    public init?(_ event: LedgerEvent) {
        guard event.kind == Self.kind, let from = event["from"], let to = event["to"], !from.isEmpty, !to.isEmpty
        else { return nil }
        self.init(
            time: event.time, note: event["note"] ?? "", from: from, to: to,
            similarity: event["similarity"].flatMap { Double($0) })
    }

    /// The ledger event, for the given writer identity.
    public func ledgerEvent(device: String, sequence: Int, utcOffset: Int = 0) -> LedgerEvent {
        var fields: [(key: String, value: String)] = [("note", note), ("from", from), ("to", to)]
        if let similarity { fields.append(("similarity", String(format: "%.3f", similarity))) }
        return LedgerEvent(
            time: time, utcOffset: utcOffset, device: device, sequence: sequence, kind: Self.kind, fields: fields)
    }
}

/// A manual tier move under the tiers scheduler (`tier` events): fields
/// `card`, `note`, `tier` (learning, reviewing, mastered, inactive).
public struct TierChange: Hashable, Sendable {
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

    /// Reads a `tier` event; nil when it is another kind or names no known tier.
    public init?(_ event: LedgerEvent) {
        guard event.kind == Self.kind, let card = event["card"],
            let tier = event["tier"].flatMap(StudyTier.init(rawValue:))
        else { return nil }
        self.init(time: event.time, card: card, note: event["note"] ?? "", tier: tier)
    }

    /// The ledger event, for the given writer identity.
    public func ledgerEvent(device: String, sequence: Int, utcOffset: Int = 0) -> LedgerEvent {
        LedgerEvent(
            time: time, utcOffset: utcOffset, device: device, sequence: sequence, kind: Self.kind,
            fields: [("card", card), ("note", note), ("tier", tier.rawValue)])
    }
}
