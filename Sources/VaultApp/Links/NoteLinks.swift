import Foundation
import VaultCore

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
        let summaries = context.notes.summaries().notes
        let found = try NoteLookup.find(reference, in: summaries)
        let note = try context.notes.note(at: found.path)
        let resolver = resolver(over: summaries)
        return NoteLinks(
            note: note, outgoing: LinkGraph(notes: [note], resolver: resolver).links,
            backlinks: backlinks(to: found, among: summaries, resolver: resolver, context))
    }

    /// How links resolve among `summaries` (every note of the vault): by
    /// path, file name, title and alias, as ``LinkGraph`` resolves them.
    public static func resolver(over summaries: [NoteSummary]) -> LinkResolver {
        LinkResolver(summaries: summaries)
    }

    /// The links from other notes to `note`, in note order then reading order
    /// (as ``LinkGraph/backlinks(to:)`` over every note has them).
    ///
    /// Only the notes that may link to it are parsed: the search cache names
    /// the notes whose link targets hold the words of its file name, title or
    /// an alias (every way a link can name it), and each is then resolved
    /// exactly. When the cache cannot say (a name without words, a cache that
    /// fails), every note is parsed, as before.
    /// - Parameters:
    ///   - summaries: every note of the vault, in the note source's order.
    ///   - resolver: ``resolver(over:)`` of `summaries`.
    public static func backlinks(
        to note: NoteSummary, among summaries: [NoteSummary], resolver: LinkResolver, _ context: AppContext
    ) -> [LinkGraph.Link] {
        let candidates = linkSources(naming: [NotePath.stem(note.path), note.title] + note.aliases, context)
        let sources: [Note]
        if let candidates {
            sources = summaries.lazy.filter { $0.path != note.path && candidates.contains($0.path) }
                .compactMap { try? context.notes.note(at: $0.path) }
        } else {
            sources = context.notes.notes().notes
        }
        return LinkGraph(notes: sources, resolver: resolver).backlinks(to: note.path)
    }
}

extension NoteLinks {
    /// The notes whose links may name a note known by `names` (its file
    /// name, title, aliases): the search cache's superset, the cache brought
    /// up to date first (``SearchEngine/linkSources(naming:)``). Nil when the
    /// cache cannot say (a name without a word, a cache that fails): the
    /// caller then reads every note.
    public static func linkSources(naming names: [String], _ context: AppContext) -> Set<String>? {
        do {
            try context.search.freshen(progress: nil)
            return try context.search.linkSources(naming: names)
        } catch {
            return nil
        }
    }
}

/// `vault tags`: every tag with its count, nested tags under their parents.
public enum VaultTags {
    public static func load(_ context: AppContext) -> TagTree {
        TagTree(notes: context.notes.summaries().notes)
    }
}
