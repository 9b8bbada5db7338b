import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand.ImportCommand {
    /// `vault import json FILE [DIR] | --merge`: a vault back from `vault export json`.
    struct Json: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "json",
            abstract: "Rebuild a vault from `vault export json` in an empty folder, or merge it into this vault.",
            discussion: """
                Without --merge, DIR (new or empty; default: the current folder) becomes the vault again: \\
                every note, .vault/config.yml and the ledger's files byte for byte, the folder written whole \\
                or not at all. Attachments are named in the export but not carried: copy them from the old \\
                vault (they are listed).
                With --merge, the export goes into the vault --vault (or the current folder) names: notes by \\
                id (by path for a note without one) and ledger events by device and sequence. What the vault \\
                lacks is added; what it holds alike is left; what differs is named as a conflict and the \\
                vault's own is kept. --dry-run says what would be done.

                Examples:
                  vault export json vault.json && vault import json vault.json ~/restored
                  vault import json laptop.json --merge --dry-run
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The JSON document `vault export json` wrote.", completion: .file(extensions: ["json"]))
        var file: String
        @Argument(help: "The folder to rebuild the vault in: new or empty (default: the current folder).")
        var dir: String?
        @Flag(help: "Merge into this vault instead: what it lacks is added, nothing is written over.")
        var merge = false
        @Flag(help: "With --merge: say what would be added and what conflicts; write nothing.")
        var dryRun = false

        func validate() throws {
            if merge, dir != nil {
                throw ValidationError("--merge goes into the vault; give no DIR (use --vault to name it).")
            }
            if dryRun, !merge { throw ValidationError("--dry-run goes with --merge.") }
        }

        func run() throws {
            guard merge else { return try rebuild() }
            let context = try global.context()
            let out = context.output
            let document = try ExportDocument.read(try context.app().namedFiles.read(file), path: file)
            let importing = CompositionRoot.jsonImporting(context.app())
            let plan = try importing.plan(document, from: file)
            let name = TerminalText.oneLine(file)
            if dryRun {
                out.line(
                    "Would merge \(name): \(plural(plan.notes.count, "new note")), \(plural(plan.events.count, "new event")); nothing written."
                )
            } else {
                let written = try importing.merge(plan)
                out.line(
                    "Merged \(name): \(plural(written.count, "new note")), \(plural(plan.events.count, "new event")).")
                for (note, path) in zip(plan.notes, written) where note.path != path {
                    out.line(
                        "  \(TerminalText.oneLine(note.path)) was taken meanwhile; written as \(TerminalText.oneLine(path))"
                    )
                }
            }
            out.line("Alike in both: \(plural(plan.notesAlike, "note")), \(plural(plan.eventsAlike, "event")).")
            if !plan.conflicts.isEmpty {
                out.line("\(plural(plan.conflicts.count, "conflict")), left as the vault has them:")
                for conflict in plan.conflicts { out.line("  " + TerminalText.oneLine(conflict.description)) }
            }
            attachments(plan.missingAttachments, out)
        }

        /// Without --merge: the folder made anew from the export.
        func rebuild() throws {
            let files = CompositionRoot.namedFiles()
            let document = try ExportDocument.read(try files.read(file), path: file)
            let folder = dir ?? "."
            let rebuilt = try JSONImporting.rebuild(document, from: file, into: folder, files: files)
            let root = URL(
                fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            )
            .standardizedFileURL
            Output.standard.line(
                "Rebuilt \(TerminalText.oneLine(document.vault.isEmpty ? "the vault" : document.vault)) in \(TerminalText.oneLine(root.path)): \(plural(rebuilt.notes, "note")) and \(plural(rebuilt.vaultFiles, "vault file")) (the config and the ledger), byte for byte."
            )
            attachments(rebuilt.attachments, .standard)
        }

        /// Names the attachments the export does not carry.
        func attachments(_ missing: [String], _ out: Output) {
            guard !missing.isEmpty else { return }
            let listed = missing.prefix(10).map(TerminalText.oneLine).joined(separator: ", ")
            out.line(
                "\(plural(missing.count, "attachment")) named in the export \(missing.count == 1 ? "is" : "are") not in it; copy \(missing.count == 1 ? "it" : "them") from the old vault: \(listed)\(missing.count > 10 ? ", …" : "")."
            )
        }
    }
}
