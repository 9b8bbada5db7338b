import Foundation
import VaultCore

/// `vault export json`: every note with its derived state and cards, the
/// ledger's events and the config, read through the ports.
public struct VaultExport {
    public struct ExportedNote {
        public var note: Note
        public var cycle: CurationCycle?
        public var archived: Bool
        public var cards: [(Card, CardSchedule)]
    }

    public let notes: [ExportedNote]
    public let events: [LedgerEvent]
    public let config: VaultConfig

    public static func load(_ context: AppContext) -> VaultExport {
        let full = context.notes.notes().notes
        // The summaries' load carries the cards of the notes in a deck.
        let snapshot = CurationSnapshot.load(context)
        var items: [String: CurationBoard.Item] = [:]
        for item in snapshot.board.items { items[item.note.path] = item }
        let schedules = context.ledger.cardSchedules(cards: snapshot.cards, config: context.config.schedulers)
        let cards = Dictionary(grouping: snapshot.cards, by: \.notePath)
        let notes = full.map { note in
            ExportedNote(
                note: note, cycle: items[note.path]?.cycle, archived: items[note.path]?.archived ?? false,
                cards: (cards[note.path] ?? []).compactMap { card in schedules[card.id].map { (card, $0) } })
        }
        return VaultExport(notes: notes, events: context.ledger.history().events, config: context.config)
    }
}
