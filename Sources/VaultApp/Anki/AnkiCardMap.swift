import VaultCore

/// The vault card each Anki card became, by Anki card id: the cards in one
/// array, a map from Anki card id to their place beside it.
///
/// A `[Int64: Card]` held 16 MB for the 40,000 cards of a large package
/// (a `Card` is some 240 bytes, and a dictionary keeps a third of its room
/// free), and each rated card was copied once more beside its ratings
/// (10 MB): ratings now name a card by its place here.
public struct AnkiCardMap: Sendable {
    /// The cards, in the order they were first set.
    public private(set) var values: [Card] = []
    private var places: [Int64: Int32] = [:]

    /// An empty map with room for `capacity` cards.
    public init(minimumCapacity capacity: Int = 0) {
        values.reserveCapacity(capacity)
        places.reserveCapacity(capacity)
    }

    /// How many Anki cards have a vault card.
    public var count: Int { values.count }

    /// The vault card of the Anki card `ankiCard`, or nil.
    public subscript(ankiCard: Int64) -> Card? {
        places[ankiCard].map { values[Int($0)] }
    }

    /// The place in ``values`` of the vault card of `ankiCard`, or nil.
    func place(of ankiCard: Int64) -> Int32? { places[ankiCard] }

    /// Sets the vault card of `ankiCard` (replacing the one it had).
    public mutating func set(_ card: Card, for ankiCard: Int64) {
        if let place = places[ankiCard] {
            values[Int(place)] = card
        } else {
            places[ankiCard] = Int32(values.count)
            values.append(card)
        }
    }
}
