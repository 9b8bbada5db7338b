import Foundation
import VaultCore
import VaultProcess
import VaultStore

/// The note port over the vault's files: summaries from the note catalog
/// (`notes.bin`), vouched for by a running watcher when there is one, so no
/// scan is made; full notes parsed on demand. The catalog, the watcher's
/// vouching and when a watcher is started are this adapter's business.
public struct VaultNotes: NoteSource {
    public let vault: Vault
    /// Where loading the catalog reports its steps.
    let tracer: any Tracer
    /// Where a process that runs on (`vault serve`) keeps the catalog it last
    /// read or wrote, so that its next load need not decode `notes.bin` again.
    let kept: KeptCatalog?

    /// The notes of `vault`; loading the catalog reports its steps to `tracer`.
    public init(vault: Vault, tracer: any Tracer = NoTracer(), kept: KeptCatalog? = nil) {
        self.vault = vault
        self.tracer = tracer
        self.kept = kept
    }

    /// The catalog as loaded (a watcher vouching for it, or a scan), keeping
    /// it until exit and starting a watcher when the policy says so.
    func catalog() -> NoteCatalog.Loaded {
        let layout = vault.layout
        let loaded = vault.loadCatalog(
            vouched: WatchSocket.catalog(layout, timeZone: vault.config.timeZone), kept: kept, tracer: tracer)
        if !loaded.report.vouched {
            WatchSocket.startWatcherIfWanted(layout, mode: vault.config.watcher, noteCount: loaded.notes.count)
        }
        KeptUntilExit.keep(loaded)  // 100,000 notes are not freed one by one at exit
        return loaded
    }

    /// The notes' summaries, and the cards of the notes in a deck (the
    /// catalog reads only those, and may keep the cards of a note that left
    /// a deck; editing `decks:` reads the new deck notes' cards, no note is parsed again).
    public func summaries() -> NoteSummaries {
        let loaded = catalog()
        return NoteSummaries(
            notes: loaded.notes, keys: loaded.keys,
            cards: Self.inDecks(loaded.cards, notes: loaded.notes, decks: vault.config.decks), problems: loaded.problems
        )
    }

    /// The cards of `cards` whose notes (among `notes`) are in a deck.
    /// The catalog keeps both in path order, so they are walked together
    /// (at 100,000 notes a dictionary of their paths was a tenth of `vault status`);
    /// cards in another order are looked up by path.
    /// When every card is in a deck (the usual case), `cards` itself is
    /// returned: a server keeps them, and a copy was 5 MB at 100,000 notes.
    static func inDecks(_ cards: [Card], notes: [NoteSummary], decks: Decks) -> [Card] {
        guard !cards.isEmpty else { return cards }
        var kept: [Card]?  // made at the first card left out
        var next = 0
        var path: String?
        var keeping = false
        for (i, card) in cards.enumerated() {
            if card.notePath != path {
                while next < notes.count, notes[next].path != card.notePath { next += 1 }
                guard next < notes.count else { return inDecksByPath(cards, notes: notes, decks: decks) }
                path = card.notePath
                keeping = decks.contains(notes[next])
                next += 1
            }
            if keeping {
                kept?.append(card)
            } else if kept == nil {
                kept = Array(cards[..<i])
                kept!.reserveCapacity(cards.count)
            }
        }
        return kept ?? cards
    }

    private static func inDecksByPath(_ cards: [Card], notes: [NoteSummary], decks: Decks) -> [Card] {
        var inDeck = Dictionary(cards.map { ($0.notePath, false) }, uniquingKeysWith: { a, _ in a })
        for note in notes where inDeck[note.path] != nil { inDeck[note.path] = decks.contains(note) }
        return cards.filter { inDeck[$0.notePath] == true }
    }

    public func notes() -> (notes: [Note], problems: [Diagnostic]) {
        let loaded = vault.loadNotes()
        KeptUntilExit.keep(loaded.notes)
        return loaded
    }

    public func note(at path: String) throws -> Note {
        try NoteLoader(layout: vault.layout, timeZone: vault.config.timeZone).load(path: path)
    }
}
