import Foundation
import VaultCore

/// `vault history NOTE`: every ledger event that names a note, oldest first:
/// as `note=` (curation, cards, sessions) or, for a memory palace's
/// location, as `location=` (its `loci-rate` answers, which name the
/// location by its id, or by its path while it has none).
public struct NoteHistory {
    public let note: NoteSummary
    public let events: [LedgerEvent]

    /// The history of the note `reference` names (id, id prefix or path).
    /// - Throws: ``AppError`` when no single note is named.
    public static func load(_ context: AppContext, note reference: String) throws -> NoteHistory {
        let notes = context.notes.summaries().notes
        let note = try NoteLookup.find(reference, in: notes)
        let id = note.id?.lowercased()
        let events = context.ledger.history().events.filter { event in
            if let id, event["note"]?.lowercased() == id { return true }
            guard event.kind == LociRating.kind, let location = event["location"] else { return false }
            return location.lowercased() == id || location == note.path
        }
        return NoteHistory(note: note, events: events)
    }
}
