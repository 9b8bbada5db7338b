import Foundation
import VaultCore
import VaultMarkdown

/// `vault rm` and `vault restore`: a note moved into `.vault/trash/` and
/// back, with what refers to it counted so the person knows what they move.
/// The ledger is never touched: its events name the note by id, so a
/// restored note finds its history and its cards' schedules again.
public struct NoteRemoval {
    /// A note about to be removed.
    public struct Plan: Sendable {
        public let note: NoteSummary
        /// Ledger events that name the note (decisions, ratings…).
        public let events: Int
        /// Flashcards in the note (when it is in a deck).
        public let cards: Int
    }

    let context: AppContext
    var trash: any NoteBin { context.trash }

    public init(_ context: AppContext) { self.context = context }

    /// What removing the note `reference` names would move.
    /// - Throws: ``AppError`` when no single note is named.
    public func plan(_ reference: String) throws -> Plan {
        let summaries = context.notes.summaries()
        let note = try NoteLookup.find(reference, in: summaries.notes)
        let id = note.id?.lowercased()
        let events = id.map { id in context.ledger.history().events.filter { $0["note"]?.lowercased() == id }.count } ?? 0
        return Plan(note: note, events: events, cards: summaries.cards.filter { $0.notePath == note.path }.count)
    }

    /// Moves the planned note into the trash; returns its path there.
    /// - Throws: the trash's error when the note cannot be moved.
    @discardableResult
    public func remove(_ plan: Plan) throws -> String {
        try trash.discard(plan.note.path, at: context.now, timeZone: context.timeZone)
    }

    /// What to give `vault restore` to bring back the trash entry `trashPath`
    /// of the note once at `path`: that path when it names only this entry,
    /// else the entry itself (`.vault/trash/…`), quoted when it holds a space.
    public func restoreArgument(for path: String, trashPath: String) -> String {
        if (try? trashed(path)) == trashPath { return path }
        let entry = ".vault/trash/" + trashPath
        return entry.contains(" ") ? "'\(entry)'" : entry
    }

    /// The trashed note `reference` names: its path (in the vault or in the
    /// trash), its file name, its id or an id prefix.
    /// - Throws: ``AppError/noteNotFound(_:)``, ``AppError/ambiguousNote(_:candidates:)``.
    public func trashed(_ reference: String) throws -> String {
        let contents = trash.contents()
        let wanted = reference.hasPrefix(".vault/trash/") ? String(reference.dropFirst(13)) : reference
        var matches = contents.filter {
            $0 == wanted || trash.originalPath(of: $0) == wanted
                || ($0 as NSString).lastPathComponent == wanted || ($0 as NSString).lastPathComponent == wanted + ".md"
        }
        if matches.isEmpty, wanted.count >= 4 {
            let prefix = wanted.lowercased()
            matches = contents.filter { path in
                guard let data = trash.data(of: path) else { return false }
                let id = NoteParser.parse(data, path: path, timeZone: context.timeZone).summary.id?.lowercased()
                return id?.hasPrefix(prefix) ?? false
            }
        }
        guard let first = matches.first else { throw AppError.noteNotFound(reference + " (in .vault/trash)") }
        guard matches.count == 1 else { throw AppError.ambiguousNote(reference, candidates: matches) }
        return first
    }

    /// Moves the trashed note `trashPath` back; returns its path in the vault.
    /// - Throws: the trash's error when its place is taken.
    @discardableResult
    public func restore(_ trashPath: String) throws -> String {
        try trash.restore(trashPath)
    }
}
