import Foundation
import VaultCore
import VaultStore

/// `vault links NOTE`: what a note links to, what links to it, and what leads nowhere.
public struct NoteLinks {
    public let note: Note
    /// The note's links (resolved or not), in reading order.
    public let outgoing: [LinkGraph.Link]
    /// Links from other notes to this one.
    public let backlinks: [LinkGraph.Link]

    /// The links of the note `reference` names (path, id, id prefix or title).
    /// - Throws: ``AppError`` when no single note is named.
    public static func load(_ context: AppContext, note reference: String) throws -> NoteLinks {
        let notes = context.notes.notes().notes
        let note = try NoteLookup.find(reference, in: notes)
        let graph = LinkGraph(notes: notes)
        return NoteLinks(
            note: note, outgoing: graph.outgoing(from: note.path), backlinks: graph.backlinks(to: note.path))
    }
}

/// `vault tags`: every tag with its count, nested tags under their parents.
public enum VaultTags {
    public static func load(_ context: AppContext) -> TagTree {
        TagTree(notes: context.notes.summaries().notes)
    }
}
