import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault new [TEXT]`: write a new note.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "new", 
            abstract: "Write a new note.",
            discussion: """
                The first line of TEXT is the title, the rest the body. Without TEXT, the note is read from \
                standard input when it is a pipe or a file (TEXT - reads it too), and $EDITOR opens on a \
                template otherwise. Piped text may open with front matter: its lines are kept, its title: \
                (if any) names the note, and a field given by a flag too is refused. The note gets an id and \
                a created date, and goes to the path set by new_note_path in .vault/config.yml \
                ({yyyy}/{mm}/{slug}.md by default). Prints the new path.

                Examples:
                  vault new 'Sleep before exams' --category Health --tag sleep
                  printf 'Piped note title\\nbody\\n' | vault new --category Health
                  vault new - < draft.md
                  vault new   # opens $EDITOR on a template
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note's text: first line the title, the rest the body; - reads standard input.")
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
            if let text, text != "-", NewNote.split(text).title.isEmpty {
                throw ValidationError("TEXT is empty; give the note's text, or leave it out to open $EDITOR.")
            }
        }

        func run() throws {
            let context = try global.context()
            let config = context.config
            // The id, the moment and the checks are the use case's, as for the editor's quick fix and the web.
            let creation = NoteCreation(context.app())
            if text == "-" || (text == nil && Self.standardInputIsPiped) {
                let piped = try creation.draft(
                    piped: try Self.readStandardInput(), category: category, tags: tags, source: source,
                    sourceType: sourceType)
                if let replaced = piped.replacedID {
                    context.output.warning(
                        "the text's id (\(TerminalText.oneLine(replaced))) is not kept: the new note has an id of its own")
                }
                return context.output.line(try creation.create(piped.draft))
            }
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

        /// True when standard input is a pipe, a file or a socket: text is
        /// coming (`printf … | vault new`, `vault new < note.md`). A terminal
        /// keeps the editor, and so does a device such as /dev/null (a
        /// timer's or a script's `vault new` with an `$EDITOR` that writes the file).
        static var standardInputIsPiped: Bool {
            var info = stat()
            guard fstat(STDIN_FILENO, &info) == 0 else { return false }
            let type = info.st_mode & S_IFMT
            return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
        }

        /// The most standard input may hold: far more than any note.
        static let standardInputLimit = 8 << 20

        /// Standard input, read whole (at most ``standardInputLimit`` bytes), as UTF-8 text.
        /// - Throws: ``CLIError/badStandardInput(_:)`` when it is too large, not UTF-8, or empty.
        static func readStandardInput() throws -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                guard n >= 0 else { throw CLIError.badStandardInput("cannot be read (\(String(cString: strerror(errno))))") }
                if n == 0 { break }
                bytes += buffer[0..<n]
                if bytes.count > standardInputLimit {
                    throw CLIError.badStandardInput("holds more than 8 MB, which is no note")
                }
            }
            guard !bytes.contains(0) else { throw CLIError.badStandardInput("holds a NUL byte, so it is no text") }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CLIError.badStandardInput("is not UTF-8 text")
            }
            guard text.contains(where: { !$0.isWhitespace }) else {
                throw CLIError.badStandardInput("holds no text (give the note's first line as its title)")
            }
            return text
        }
    }
}
