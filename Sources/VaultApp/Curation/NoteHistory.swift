import Foundation
import VaultCore
import VaultStore

/// `vault history NOTE`: every ledger event that names a note, oldest first.
public struct NoteHistory {
    public let note: NoteSummary
    public let events: [LedgerEvent]

    /// The history of the note `reference` names (id, id prefix or path).
    /// - Throws: ``AppError`` when no single note is named.
    public static func load(_ context: AppContext, note reference: String) throws -> NoteHistory {
        let notes = context.notes.summaries().notes
        let note = try NoteLookup.find(reference, in: notes)
        guard let id = note.id?.lowercased() else { return NoteHistory(note: note, events: []) }
        let events = context.ledger.history().events.filter { $0["note"]?.lowercased() == id }
        return NoteHistory(note: note, events: events)
    }
}
