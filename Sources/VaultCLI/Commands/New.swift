import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultWiring

extension VaultCommand {
    /// `vault new [TEXT]`: write a new note.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "new", 
            abstract: "Write a new note.",
            discussion: """
                The first line of TEXT is the title, the rest the body. Without TEXT, $EDITOR opens on a \
                template. The note gets an id and a created date, and goes to the path set by new_note_path \
                in .vault/config.yml ({yyyy}/{mm}/{slug}.md by default). Prints the new path.

                Examples:
                  vault new 'Sleep before exams' --category Health --tag sleep
                  vault new   # opens $EDITOR on a template
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note's text: first line the title, the rest the body.")
        var text: String?

        @Option(help: "The category (one from `vault category list`).", completion: Completions.categories)
        var category: String?

        @Option(name: .customLong("tag"), help: "A tag (repeatable).", completion: Completions.tags)
        var tags: [String] = []

        @Option(help: "Where the idea came from: a book, a URL, a person…")
        var source: String?

        @Option(
            name: .customLong("type"), help: "The source type (one from `vault source-type list`).",
            completion: Completions.sourceTypes)
        var sourceType: String?

        func validate() throws {
            if let text, NewNote.split(text).title.isEmpty {
                throw ValidationError("TEXT is empty; give the note's text, or leave it out to open $EDITOR.")
            }
        }

        func run() throws {
            let context = try global.context()
            let config = context.config
            // The id, the moment and the checks are the use case's, as for the editor's quick fix and the web.
            let creation = NoteCreation(context.app())
            var note = try creation.note(category: category, tags: tags, source: source, sourceType: sourceType)
            var frontMatter: [String]? = nil
            let drafts = context.app().drafts
            var scratch: String? = nil
            if let text {
                (note.title, note.body) = NewNote.split(text)
            } else {
                let file = try drafts.create(
                    named: "vault-new-\(note.id).md",
                    holding: note.editorTemplate(
                        categories: config.categories.map(\.name), sourceTypes: config.sourceTypes))
                scratch = file
                try Editor.open(file)
                let written = drafts.text(of: file)
                let parts = NewNote.fromEditor(written)
                (frontMatter, note.title, note.body) = (parts.frontMatter, parts.title, parts.body)
            }
            let draft: NoteCreation.Draft
            do {
                draft = try creation.draft(note, frontMatter: frontMatter)
            } catch AppError.emptyNote {
                if let scratch { drafts.discard(scratch) }
                throw AppError.emptyNote
            } catch {
                // The person's text is kept, to fix and paste again: out of the
                // shared temporary folder, in their own state folder, 0600.
                if let scratch { context.output.warning("your text is kept in \(drafts.keep(scratch))") }
                throw error
            }
            let path = try creation.create(draft)
            if let scratch { drafts.discard(scratch) }
            context.output.line(path)
        }
    }
}
