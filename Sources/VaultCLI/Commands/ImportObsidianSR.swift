import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand.ImportCommand {
    /// `vault import obsidian-sr`: the Spaced Repetition plugin's schedules kept in its data.json, into the notes.
    struct ObsidianSR: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "obsidian-sr",
            abstract: "Write the schedules the Spaced Repetition plugin keeps in its data.json into the notes.",
            discussion: """
                For a vault whose plugin keeps its card schedules outside the notes (data.json's \
                scheduleData.cardSchedules; each question names its entry with a ^sr-data-id-ID line): each \
                question gets the plugin's <!--SR:…--> comment, placed as the plugin places it, each note \
                rewritten atomically. A question with a comment already keeps it. Entries no question names, \
                and anything in data.json that cannot be read, are said. The plugin's own notes store (its \
                default) needs no import: vault reads the comments where they are.

                Examples:
                  vault import obsidian-sr --dry-run
                  vault import obsidian-sr
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Say what would be written, write nothing.") var dryRun = false

        func run() throws {
            let context = try global.context()
            let importing = ObsidianSRImporting(context.app())
            let prepared = try importing.prepare()
            let out = context.output
            for problem in prepared.plugin.unreadable {
                out.warning("\(ObsidianSRSettings.dataFile): \(problem); it is not imported.")
            }
            let plan = prepared.plan
            let notes = plural(plan.edits.count, "note")
            if dryRun {
                out.line(
                    "Would write \(plural(plan.questions, "schedule comment")) (\(plural(plan.schedules, "card schedule"))) into \(notes); nothing written.")
                for path in plan.edits.keys.sorted() { out.line("  \(TerminalText.oneLine(path))") }
            } else {
                let result = try importing.write(prepared)
                out.line(
                    "Wrote \(plural(plan.questions, "schedule comment")) (\(plural(plan.schedules, "card schedule"))) into \(plural(result.written.count, "note")).")
                for path in result.changedMeanwhile {
                    out.warning("\(path) changed while the import ran; it was left as it is. Run the import again.")
                }
            }
            if plan.alreadyInNotes > 0 {
                out.line("\(plural(plan.alreadyInNotes, "question")) already had a comment in its note; the note's was kept.")
            }
            if !prepared.plugin.noteSchedules.isEmpty {
                out.warning(
                    "\(plural(prepared.plugin.noteSchedules.count, "note schedule")) in \(ObsidianSRSettings.dataFile) (scheduleData.noteSchedules) are not imported: vault reads a note review's schedule from its sr-due, sr-interval and sr-ease front matter.")
            }
            if !plan.unmatched.isEmpty {
                let shown = plan.unmatched.prefix(10).joined(separator: ", ")
                out.warning(
                    "\(plural(plan.unmatched.count, "schedule")) in \(ObsidianSRSettings.dataFile) \(plan.unmatched.count == 1 ? "names" : "name") no question of the notes (\(shown)\(plan.unmatched.count > 10 ? ", …" : "")); they are not imported.")
            }
        }
    }
}
