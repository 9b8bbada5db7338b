import VaultCore

/// The notes a catalog holds, in path order: for each, the stat fields of
/// the file it was parsed from, the note as the catalog keeps it, and its
/// cards.
///
/// Kept as parallel arrays rather than an array of entries, so that an
/// unchanged catalog hands its `notes` and `cards` to the caller without
/// copying 100,000 notes once more.
struct CatalogEntries {
    var files: [ScannedFile] = []
    var notes: [Note] = []
    /// All cards, in note order then reading order.
    var cards: [Card] = []
    /// `cardEnds[i]` is the end of note `i`'s cards in ``cards``.
    var cardEnds: [Int] = []

    init() {}

    init(files: [ScannedFile], notes: [Note], cards: [Card], cardEnds: [Int]) {
        self.files = files
        self.notes = notes
        self.cards = cards
        self.cardEnds = cardEnds
    }

    init(reservingCapacity notes: Int, cards: Int) {
        files.reserveCapacity(notes)
        self.notes.reserveCapacity(notes)
        cardEnds.reserveCapacity(notes)
        self.cards.reserveCapacity(cards)
    }

    var count: Int { notes.count }

    /// The cards of note `i`.
    func cards(at i: Int) -> ArraySlice<Card> {
        cards[(i == 0 ? 0 : cardEnds[i - 1])..<cardEnds[i]]
    }

    mutating func append<Cards: Sequence<Card>>(file: ScannedFile, note: Note, cards: Cards) {
        files.append(file)
        notes.append(note)
        self.cards.append(contentsOf: cards)
        cardEnds.append(self.cards.count)
    }

    /// Appends entry `i` of `other`.
    mutating func append(_ i: Int, of other: CatalogEntries) {
        append(file: other.files[i], note: other.notes[i], cards: other.cards(at: i))
    }
}
