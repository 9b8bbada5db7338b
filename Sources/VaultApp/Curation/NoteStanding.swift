import Foundation
import VaultCore

/// Where a note stands in the curation reviews, as `vault show` prints it:
/// its cycle (daily, weekly, monthly, yearly), whether a weekly review
/// archived it, and its last review.
public struct NoteStanding: Sendable {
    public var cycle: CurationCycle
    public var archived: Bool
    /// The latest keep or archive in force, nil before the note's first review.
    public var lastReview: CurationEvent?

    /// The standing of `note`; nil for a note the reviews do not hold (no creation date).
    public static func load(_ context: AppContext, note: NoteSummary) -> NoteStanding? {
        let snapshot = CurationSnapshot.load(context)
        guard let item = snapshot.board.items.first(where: { $0.note.path == note.path }) else { return nil }
        var last: CurationEvent?
        if let id = item.key {
            let events = context.ledger.history().events.lazy.filter {
                $0.kind == CurationEvent.kind && $0["note"]?.lowercased() == id
            }
            last = LastReview.of(events.compactMap { try? CurationEvent($0) })
        }
        return NoteStanding(cycle: item.cycle, archived: item.archived, lastReview: last)
    }
}
