/// How a command-line argument names a card: its id or an id prefix.
public enum CardReference {
    /// The one card `reference` names: an exact id, else an id prefix of at
    /// least 4 characters that matches one card only.
    /// - Throws: ``VaultCoreError/cardNotFound(_:)`` or ``VaultCoreError/ambiguousCard(_:candidates:)``.
    public static func resolve(_ reference: String, in cards: [Card]) throws -> Card {
        let lower = reference.lowercased()
        if let card = cards.first(where: { $0.id == lower }) { return card }
        if lower.count >= 4 {
            let matches = cards.filter { $0.id.hasPrefix(lower) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                throw VaultCoreError.ambiguousCard(reference, candidates: matches.map(\.id).sorted())
            }
        }
        throw VaultCoreError.cardNotFound(reference)
    }
}
