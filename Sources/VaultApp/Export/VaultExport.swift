import Foundation
import VaultCore

/// `vault export json`: every note with its derived state, cards and full
/// text, the ledger's events and the config, the vault's own files
/// (``VaultRecords``: the config file and the ledger byte for byte) and the
/// attachments' names, read through the ports. `vault import json` rebuilds
/// a vault from it (``JSONImporting``).
public struct VaultExport {
    public struct ExportedNote {
        public var note: Note
        public var cycle: CurationCycle?
        public var archived: Bool
        public var cards: [(Card, CardSchedule)]
        /// The file's bytes as they are on disk; nil when it could not be read.
        public var bytes: Data?
    }

    /// A record of the vault (`.vault/config.yml`, a ledger file…) and its bytes.
    public struct Record {
        public var path: String
        public var bytes: Data
    }

    public let notes: [ExportedNote]
    public let events: [LedgerEvent]
    public let config: VaultConfig
    /// The vault's own files, in path order.
    public let records: [Record]
    /// Every attachment's vault-relative path (pictures, PDFs…): named, not carried.
    public let attachments: [String]

    public static func load(_ context: AppContext, records: any VaultRecords) -> VaultExport {
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
                cards: (cards[note.path] ?? []).compactMap { card in schedules[card.id].map { (card, $0) } },
                bytes: try? context.files.read(note.path))
        }
        return VaultExport(
            notes: notes, events: context.ledger.history().events, config: context.config,
            records: records.recordFiles().compactMap { path in
                (try? context.files.read(path)).map { Record(path: path, bytes: $0) }
            }, attachments: context.files.attachments().sorted())
    }
}
