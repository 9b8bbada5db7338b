import ArgumentParser
import Foundation
import VaultCore

extension VaultCommand {
    /// `vault list`: the notes, newest first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List notes, newest first.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print JSON: one object per note.")
        var json = false

        func run() throws {
            let context = try global.context()
            let notes = context.vault.loadNotes().notes.sorted(by: Note.newestFirst)
            if json {
                try context.output.json(notes.map { NoteJSON($0, timeZone: context.timeZone) })
                return
            }
            let style = context.output.style
            var table = Table()
            for note in notes {
                let day = note.created.map { VaultDate.dayString($0, in: context.timeZone) } ?? "----------"
                let category = note.category.map { name in
                    style.color(name, hex: context.config.category(named: name)?.color ?? "")
                } ?? ""
                let tags = note.tags.map { "#" + $0 }.joined(separator: " ")
                table.add([style.dim(day), truncated(note.title, 60), category, style.dim(tags)])
            }
            if !table.rows.isEmpty { context.output.line(table.render()) }
            context.output.line(style.dim(plural(notes.count, "note")))
        }
    }
}
