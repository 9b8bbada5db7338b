import VaultCore

/// How many notes are in a deck and how many cards they hold: what `vault
/// init` says of a vault it adopts, so a vault whose notes carry
/// `#flashcards` hears that they already count.
public struct DeckCount: Sendable {
    /// The notes in a deck (`#flashcards` or the configured tag, `cards: true`, a deck folder).
    public let notes: Int
    /// The cards those notes hold.
    public let cards: Int
    /// The deck tag, without `#`.
    public let tag: String

    /// Counts the notes of `context`'s vault (through its note source, the catalog).
    public init(_ context: AppContext) {
        let summaries = context.notes.summaries()
        let decks = context.config.decks
        notes = summaries.notes.reduce(0) { $0 + (decks.contains($1) ? 1 : 0) }
        cards = summaries.cards.count
        tag = decks.tag
    }
}
