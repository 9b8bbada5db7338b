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
            var note = NewNote(id: UUID().uuidString.lowercased(), created: context.now, title: "")
            if let category {
                guard let known = config.category(named: category) else { throw AppError.unknownCategory(category) }
                note.category = known.name
            }
            if let sourceType {
                guard config.knowsSourceType(sourceType) else { throw AppError.unknownSourceType(sourceType) }
                note.sourceType = sourceType.lowercased()
            }
            note.tags = Tag.merge(tags)
            note.source = source
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
            guard !note.title.isEmpty else {
                if let scratch { drafts.discard(scratch) }
                throw CLIError.emptyNote
            }
            let rendered = note.render(in: context.timeZone, frontMatter: frontMatter)
            do {
                if frontMatter != nil { try check(rendered, config: config, timeZone: context.timeZone) }
            } catch {
                // The person's text is kept, to fix and paste again: out of the
                // shared temporary folder, in their own state folder, 0600.
                if let scratch { context.output.warning("your text is kept in \(drafts.keep(scratch))") }
                throw error
            }
            let path = try context.app().files.create(
                Data(rendered.utf8), preferredPath: note.path(pattern: config.newNotePath, in: context.timeZone))
            if let scratch { drafts.discard(scratch) }
            context.output.line(path)
        }

        /// Front matter typed in the editor must read as front matter, with a known category and source type.
        /// - Throws: the first problem, in a sentence naming the line.
        private func check(_ text: String, config: VaultConfig, timeZone: TimeZone) throws {
            let parsed = NoteParser.parse(Data(text.utf8), path: "new note", timeZone: timeZone)
            if let problem = parsed.summary.diagnostics.first(where: { $0.severity == .error }) {
                throw CLIError.badNewNote(problem.line.map { "line \($0): " } .map { $0 + problem.message } ?? problem.message)
            }
            if let category = parsed.summary.category, config.category(named: category) == nil {
                throw AppError.unknownCategory(category)
            }
            if let type = parsed.summary.sourceType, !parsed.summary.sourceTypeInferred, !config.knowsSourceType(type) {
                throw AppError.unknownSourceType(type)
            }
        }
    }
}
