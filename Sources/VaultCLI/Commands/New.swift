import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultStore

extension VaultCommand {
    /// `vault new [TEXT]`: write a new note.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
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

        @Option(help: "The category (one from `vault category list`).")
        var category: String?

        @Option(name: .customLong("tag"), help: "A tag (repeatable).")
        var tags: [String] = []

        @Option(help: "Where the idea came from: a book, a URL, a person…")
        var source: String?

        @Option(name: .customLong("type"), help: "The source type (one from `vault source-type list`).")
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
            let content = try text ?? textFromEditor(template: note, timeZone: context.timeZone)
            (note.title, note.body) = NewNote.split(content)
            guard !note.title.isEmpty else { throw CLIError.emptyNote }
            let path = try NoteFiles(layout: context.vault.layout).create(
                Data(note.render(in: context.timeZone).utf8),
                preferredPath: note.path(pattern: config.newNotePath, in: context.timeZone))
            context.output.line(path)
        }

        /// Opens the editor on a scratch file and returns what was written.
        private func textFromEditor(template: NewNote, timeZone: TimeZone) throws -> String {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vault-new-\(template.id).md")
            let hint =
                "\n\n<!-- Write the title on the first line and the note below it. Save an empty file to cancel. -->\n"
            try Data(hint.utf8).write(to: scratch)
            defer { try? FileManager.default.removeItem(at: scratch) }
            try Editor.open(scratch.path)
            let written = (try? String(contentsOf: scratch, encoding: .utf8)) ?? ""
            return written.replacingOccurrences(of: hint.trimmingSpaces(), with: "")
        }
    }
}
