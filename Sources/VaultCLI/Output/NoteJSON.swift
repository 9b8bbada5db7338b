import Foundation
import VaultCore

/// The JSON shape of a note in `--json` output (documented in docs/COMMANDS.md).
struct NoteJSON: Encodable {
    var path: String
    var id: String?
    var title: String
    var created: String?
    var createdFrom: String
    var category: String?
    var tags: [String]
    var source: String?
    var sourceType: String?
    var sourceTypeInferred: Bool
    var aliases: [String]
    var wikiLinks: [String]
    var noteLinks: [String]
    /// Front matter keys `vault` does not interpret, as written.
    var extra: [String: String]

    init(_ note: Note, timeZone: TimeZone) {
        path = note.path
        id = note.id
        title = note.title
        created = note.created.map { VaultDate.isoString($0, in: timeZone) }
        createdFrom = note.createdOrigin.rawValue
        category = note.category
        tags = note.tags
        source = note.source
        sourceType = note.sourceType
        sourceTypeInferred = note.sourceTypeInferred
        aliases = note.aliases
        wikiLinks = note.wikiLinks
        noteLinks = note.noteLinks
        extra = Dictionary(
            note.frontMatter.unknownEntries.map { ($0.key, $0.value.displayText) }, uniquingKeysWith: { a, _ in a })
    }

    enum CodingKeys: String, CodingKey {
        case path, id, title, created, category, tags, source, aliases, extra
        case createdFrom = "created_from"
        case sourceType = "source_type"
        case sourceTypeInferred = "source_type_inferred"
        case wikiLinks = "wiki_links"
        case noteLinks = "note_links"
    }
}
