import VaultCore

/// The notes a catalog holds, in path order: for each, the stat fields of
/// the file it was parsed from, the note as the catalog keeps it, what
/// `vault check` reads of it beyond that, its curation key, and its cards
/// (only a deck's notes have theirs read: ``cardsUnread``).
///
/// Kept as parallel arrays rather than an array of entries, so that an
/// unchanged catalog hands its `notes` and `cards` to the caller without
/// copying 100,000 notes once more.
struct CatalogEntries {
    var files: [ScannedFile] = []
    var notes: [NoteSummary] = []
    /// Each note's links and front-matter key lines, for `vault check`,
    /// kept encoded (decoded only when asked).
    var facts = StoredCheckFacts()
    /// Each note's ``NoteKey`` (nil: no id), worked out while its id is in
    /// the cache: the curation board looks 100,000 notes up by it.
    var keys: [NoteKey?] = []
    /// All cards, in note order then reading order.
    var cards: [Card] = []
    /// `cardEnds[i]` is the end of note `i`'s cards in ``cards``.
    var cardEnds: [Int] = []
    /// True for a note whose cards were not read (it was in no deck when it
    /// was parsed): it holds none here, and they are read when it joins a
    /// deck (``NoteCatalog``).
    var cardsUnread: [Bool] = []

    init() {}

    init(
        files: [ScannedFile], notes: [NoteSummary], facts: StoredCheckFacts, keys: [NoteKey?], cards: [Card],
        cardEnds: [Int], cardsUnread: [Bool]
    ) {
        self.files = files
        self.notes = notes
        self.facts = facts
        self.keys = keys
        self.cards = cards
        self.cardEnds = cardEnds
        self.cardsUnread = cardsUnread
    }

    init(reservingCapacity notes: Int, cards: Int, factBytes: Int = 0) {
        files.reserveCapacity(notes)
        self.notes.reserveCapacity(notes)
        facts.reserveCapacity(notes, bytes: factBytes)
        keys.reserveCapacity(notes)
        cardEnds.reserveCapacity(notes)
        cardsUnread.reserveCapacity(notes)
        self.cards.reserveCapacity(cards)
    }

    var count: Int { notes.count }

    /// The index of the note at `path`, found by halving (entries are in path order); nil when there is none.
    func position(of path: String) -> Int? {
        var low = 0
        var high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low < files.count && files[low].path == path ? low : nil
    }

    /// The cards of note `i`.
    func cards(at i: Int) -> ArraySlice<Card> {
        cards[(i == 0 ? 0 : cardEnds[i - 1])..<cardEnds[i]]
    }

    /// Appends an entry whose check facts are note `factsIndex`'s of `facts`.
    mutating func append<Cards: Sequence<Card>>(
        file: ScannedFile, note: NoteSummary, facts factsIndex: Int, of facts: StoredCheckFacts, key: NoteKey?,
        cards: Cards, cardsUnread: Bool
    ) {
        self.facts.append(factsIndex, of: facts)
        appendRest(file: file, note: note, key: key, cards: cards, cardsUnread: cardsUnread)
    }

    /// Appends entry `i` of `other`, its check facts' bytes as they are.
    mutating func append(_ i: Int, of other: CatalogEntries) {
        facts.append(i, of: other.facts)
        appendRest(
            file: other.files[i], note: other.notes[i], key: other.keys[i], cards: other.cards(at: i),
            cardsUnread: other.cardsUnread[i])
    }

    /// Appends an entry's columns but its facts'.
    private mutating func appendRest<Cards: Sequence<Card>>(
        file: ScannedFile, note: NoteSummary, key: NoteKey?, cards: Cards, cardsUnread: Bool
    ) {
        files.append(file)
        notes.append(note)
        keys.append(key)
        self.cards.append(contentsOf: cards)
        cardEnds.append(self.cards.count)
        self.cardsUnread.append(cardsUnread)
    }
}
