import Foundation

/// A card kept out of study: suspended until released, or buried for the
/// rest of the day it was buried on (it comes back the next day), as Anki does.
public enum CardHold: String, Hashable, Sendable {
    case suspended
    case buried
}

/// A `card-hold` event: `card`, `note` and `hold` (`suspend`, `bury` or
/// `release`). `vault import anki` writes them for Anki's suspended and
/// buried cards; the study queue leaves held cards out.
public struct CardHoldEvent: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "card-hold"

    /// What the event does to the card.
    public enum Action: String, Hashable, Sendable {
        case suspend, bury, release
    }

    public var time: Date
    public var card: String
    /// The note's id (its path when it has none).
    public var note: String
    public var action: Action

    public init(time: Date, card: String, note: String, action: Action) {
        self.time = time
        self.card = card
        self.note = note
        self.action = action
    }

    public var fields: [(key: String, value: String)] { [("card", card), ("note", note), ("hold", action.rawValue)] }

    /// Reads a `card-hold` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` for another kind, no card or an unknown hold.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let card = try Self.required("card", in: event)
        guard let action = Action(rawValue: try Self.required("hold", in: event)) else {
            throw Self.unreadable(event, "names no known hold ('\(event["hold"] ?? "")'): suspend, bury or release")
        }
        self.init(time: event.time, card: card, note: event["note"] ?? "", action: action)
    }

    /// The holds in force at `now`, by card id: the last event of each card
    /// decides; a bury lasts to the end of its day in `timeZone`.
    public static func holds(_ events: [CardHoldEvent], now: Date, timeZone: TimeZone) -> [String: CardHold] {
        var last: [String: CardHoldEvent] = [:]
        for event in events.sorted(by: { $0.time < $1.time }) where event.time <= now { last[event.card] = event }
        let today = VaultDate.dayNumber(of: now, in: timeZone)
        var holds: [String: CardHold] = [:]
        for (card, event) in last {
            switch event.action {
            case .suspend: holds[card] = .suspended
            case .bury: if VaultDate.dayNumber(of: event.time, in: timeZone) == today { holds[card] = .buried }
            case .release: break
            }
        }
        return holds
    }
}
