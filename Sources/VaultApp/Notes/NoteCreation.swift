import Foundation
import VaultCore
import VaultMarkdown

/// A new note, wherever it is asked for: `vault new` (text or the editor's
/// template), the editor's quick fix that creates the note a link names, and
/// the web's `/new`. Each front end gathers the words; this use case gives
/// the note its id (``IDGenerator``) and `created` moment, checks it the one
/// way (front matter that reads, a known category, a known source type, a
/// title), and writes it through ``VaultFiles`` at `new_note_path`.
public struct NoteCreation {
    /// A note ready to write: its text and where it goes.
    public struct Draft: Equatable, Sendable {
        /// The note's fields.
        public var note: NewNote
        /// The file's text (``NewNote/render(in:frontMatter:)``).
        public var text: String
        /// The vault-relative path `new_note_path` gives it; written beside it (`… 2.md`) when taken.
        public var path: String
    }

    let context: AppContext

    public init(_ context: AppContext) { self.context = context }

    /// A new note with a fresh id, created now, and the fields given: the
    /// category as the config spells it, the source type in lowercase, the
    /// tags merged. The title and body may be filled in later (from an editor).
    /// - Throws: ``AppError/unknownCategory(_:)``, ``AppError/unknownSourceType(_:)``.
    /// With `id` (a capture's given id, ``GivenID``: made where the note was
    /// written, so a capture sent twice names one note), the note takes it.
    public func note(
        title: String = "", body: String = "", category: String? = nil, tags: [String] = [], source: String? = nil,
        sourceType: String? = nil, id: String? = nil
    ) throws -> NewNote {
        var note = NewNote(id: id ?? context.newIDs.newID(), created: context.now, title: title, body: body)
        if let category {
            guard let known = context.config.category(named: category) else { throw AppError.unknownCategory(category) }
            note.category = known.name
        }
        if let sourceType {
            guard context.config.knowsSourceType(sourceType) else { throw AppError.unknownSourceType(sourceType) }
            note.sourceType = sourceType.lowercased()
        }
        note.tags = Tag.merge(tags)
        note.source = source
        return note
    }

    /// `note`'s text and path, checked: a title, and front matter (the
    /// fields, or the lines a person wrote, `frontMatter`) that reads, with a
    /// category and a source type the config knows.
    /// - Throws: ``AppError/emptyNote``, ``AppError/badNewNote(_:)`` naming the line,
    ///   ``AppError/unknownCategory(_:)``, ``AppError/unknownSourceType(_:)``.
    public func draft(_ note: NewNote, frontMatter: [String]? = nil) throws -> Draft {
        guard !note.title.isEmpty else { throw AppError.emptyNote }
        let text = note.render(in: context.timeZone, frontMatter: frontMatter)
        let parsed = NoteParser.parse(Data(text.utf8), path: "new note", timeZone: context.timeZone).summary
        if let problem = parsed.diagnostics.first(where: { $0.severity == .error }) {
            throw AppError.badNewNote(problem.line.map { "line \($0): \(problem.message)" } ?? problem.message)
        }
        if let category = parsed.category, context.config.category(named: category) == nil {
            throw AppError.unknownCategory(category)
        }
        if let type = parsed.sourceType, !parsed.sourceTypeInferred, !context.config.knowsSourceType(type) {
            throw AppError.unknownSourceType(type)
        }
        return Draft(note: note, text: text, path: note.path(pattern: context.config.newNotePath, in: context.timeZone))
    }

    /// A note from text piped in (`printf … | vault new`, `vault new -`):
    /// the first line is the title and the rest the body, unless the text
    /// opens with front matter, whose lines are kept as written and whose
    /// `title:` (when it has one) names the note, the text below it then all
    /// body. The fields given beside (`--category`, `--tag`…) are added to
    /// the front matter; one it sets already is refused rather than chosen.
    /// A `created:` of the text's own is kept; an `id:` is replaced by a new one (``Piped/replacedID``).
    /// - Throws: ``AppError/givenTwice(_:)``, and what ``note(title:body:category:tags:source:sourceType:)`` and
    ///   ``draft(_:frontMatter:)`` throw.
    public func draft(
        piped text: String, category: String? = nil, tags: [String] = [], source: String? = nil,
        sourceType: String? = nil
    ) throws -> Piped {
        var note = try note(category: category, tags: tags, source: source, sourceType: sourceType)
        let piped = NewNote.fromText(text)
        guard var frontMatter = piped.frontMatter else {
            (note.title, note.body) = NewNote.split(piped.rest)
            return Piped(draft: try draft(note), replacedID: nil)
        }
        let written = Set(frontMatter.compactMap(NewNote.key(of:)))
        for field in note.fields {
            guard !written.contains(field.key) else { throw AppError.givenTwice(field.key) }
            frontMatter.append(field.line)
        }
        // The front matter's title rules (Obsidian's rule), read as the note will be read: a file
        // name no note has stands for "no title there".
        let head = "---\n" + frontMatter.joined(separator: "\n") + "\n---\n"
        let unnamed = "\u{1}"
        let parsed = NoteParser.parse(Data(head.utf8), path: unnamed, timeZone: context.timeZone).summary
        if written.contains("title"), parsed.title != unnamed, !parsed.title.isEmpty {
            note.title = parsed.title
            note.body = piped.rest.trimmingSpaces()
            note.heading = false
        } else {
            (note.title, note.body) = NewNote.split(piped.rest)
        }
        return Piped(draft: try draft(note, frontMatter: frontMatter), replacedID: piped.droppedID)
    }

    /// A piped note's draft, and the `id:` its text had, replaced by a new one.
    public struct Piped: Equatable, Sendable {
        public var draft: Draft
        /// The text's own id, when it had one: a new note gets an id of its own.
        public var replacedID: String?
    }

    /// Writes `draft` as a new file (never over another); returns the path written.
    /// - Throws: the file store's error when it cannot be written.
    public func create(_ draft: Draft) throws -> String {
        try context.files.create(Data(draft.text.utf8), preferredPath: draft.path)
    }

    /// The note already written for `draft` (a capture sent twice): one the
    /// notes' summaries know by the draft's id, or the file at the draft's
    /// path when it carries that id (written since the summaries were read).
    public func existing(_ draft: Draft) -> String? {
        let id = draft.note.id.lowercased()
        if let known = context.notes.summaries().notes.first(where: { $0.id?.lowercased() == id }) { return known.path }
        guard let data = try? context.files.read(draft.path) else { return nil }
        let written = NoteParser.parse(data, path: draft.path, timeZone: context.timeZone).summary.id?.lowercased()
        return written == id ? draft.path : nil
    }
}
