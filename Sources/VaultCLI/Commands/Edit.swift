import Foundation
import ArgumentParser
import VaultApp
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault edit NOTE`: open a note in `$EDITOR`.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", 
            abstract: "Open a note in $EDITOR.",
            discussion: """
                Examples:
                  vault edit 2026/11/habits.md
                  vault edit 3f2a   # an id prefix
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note: a path, an id, or an id prefix.", completion: Completions.notes)
        var note: String

        func run() throws {
            let context = try global.context()
            let found = try context.app().findNote(context.noteReference(note))
            try Editor.open(context.app().files.location(of: found.path).path)
        }
    }

    /// `vault rm NOTE`: move a note into `.vault/trash/`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Move a note into the trash (.vault/trash/); vault restore brings it back.",
            discussion: """
                Says how many ledger events and flashcards refer to the note and, on a terminal, asks \
                first (--yes does not). The ledger keeps every event, so a restored note has its history \
                and its cards' schedules again. The trash is ignored by git: a local safety net beside \
                git's own history.

                Examples:
                  vault rm 2026/11/draft.md
                  vault rm 3f2a --yes
                  vault restore 2026/11/draft.md
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note: a path, an id, or an id prefix.", completion: Completions.notes)
        var note: String

        @Flag(help: "Do not ask.")
        var yes = false

        func run() throws {
            let context = try global.context()
            let removal = NoteRemoval(context.app())
            let plan = try removal.plan(context.noteReference(note))
            let refers = "\(plural(plan.events, "ledger event")) and \(plural(plan.cards, "flashcard"))"
            if !yes, isatty(STDIN_FILENO) == 1 {
                context.output.write("Move '\(plan.note.title)' (\(plan.note.path)) to the trash? \(refers) refer to it. [y/N] ")
                context.output.flush()
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    context.output.line("Nothing moved.")
                    return
                }
            }
            let trashed = try removal.remove(plan)
            context.output.line(
                "Moved \(plan.note.path) to .vault/trash/\(trashed) (\(refers) refer to it); `vault restore \(removal.restoreArgument(for: plan.note.path, trashPath: trashed))` brings it back."
            )
        }
    }

    /// `vault restore NOTE`: bring a note back from `.vault/trash/`.
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", 
            abstract: "Bring a note back from the trash (.vault/trash/) to where it was.",
            discussion: """
                NOTE is the note's path, its file name, or its id (or an id prefix). A note now at its old \
                place is never replaced: restore says so and moves nothing.

                Examples:
                  vault restore 2026/11/draft.md
                  vault restore 3f2a
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The trashed note: its path, file name, id or id prefix.")
        var note: String

        func run() throws {
            let context = try global.context()
            let removal = NoteRemoval(context.app())
            let path = try removal.restore(removal.trashed(note))
            context.output.line("Restored \(path).")
        }
    }
}
