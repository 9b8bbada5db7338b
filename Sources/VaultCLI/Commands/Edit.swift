import ArgumentParser
import VaultApp
import VaultStore

extension VaultCommand {
    /// `vault edit NOTE`: open a note in `$EDITOR`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open a note in $EDITOR.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note: a path, an id, or an id prefix.")
        var note: String

        func run() throws {
            let context = try global.context()
            let found = try context.app().findNote(context.vault.noteReference(note))
            try Editor.open(context.vault.layout.url(of: found.path).path)
        }
    }

    /// `vault rm NOTE`: delete a note file.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a note.",
            discussion:
                "Its ledger history stays (the ledger is append-only); `vault check` then reports events naming a missing note."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note: a path, an id, or an id prefix.")
        var note: String

        func run() throws {
            let context = try global.context()
            let found = try context.app().findNote(context.vault.noteReference(note))
            try NoteFiles(layout: context.vault.layout).remove(found.path)
            context.output.line("Deleted \(found.path)")
        }
    }
}
