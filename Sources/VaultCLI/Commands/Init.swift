import ArgumentParser
import Foundation
import VaultStore

extension VaultCommand {
    /// `vault init [DIR]`: make a folder (new, or holding notes already) a vault.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a folder a vault.",
            discussion: """
                Writes .vault/config.yml (categories, source types, the time zone), and adds the lines a vault \
                needs to .gitignore and .gitattributes. In a folder of notes already (an Obsidian vault, say) \
                no note is changed. Refuses to touch an existing vault.
                """)

        @Argument(help: "The folder (default: the current one). Created when missing.")
        var directory: String?

        @Option(help: "The vault's time zone, an IANA name (default: this machine's).")
        var timezone: String?

        @Flag(help: "Make a vault inside or around another vault on purpose (the outer one then leaves it out).")
        var force = false

        func validate() throws {
            if let timezone, TimeZone(identifier: timezone) == nil {
                throw ValidationError(
                    "--timezone '\(timezone)' is not a time zone; use an IANA name such as Europe/Berlin.")
            }
        }

        func run() throws {
            let folder = URL(
                fileURLWithPath: directory ?? ".",
                relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            )
            .standardizedFileURL
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
            let written = try VaultInitializer.initialize(folder, timeZone: zone, nesting: force)
            let layout = VaultLayout(root: folder)
            let notes = VaultScanner(layout: layout).scan().files.count
            let out = Output.standard
            out.line("Initialized a vault in \(folder.path) (time zone \(zone.identifier)).")
            for path in written { out.line("  wrote \(path)") }
            if notes > 0 {
                out.line("Found \(plural(notes, "existing note")); none was changed.")
                out.line(
                    "No note holds flashcards yet: list deck folders under 'decks:' in .vault/config.yml, tag notes "
                        + "#flashcards, or write 'cards: true' in a note's front matter.")
            } else {
                out.line("The whole vault is one deck: flashcards work in every note ('decks:' in .vault/config.yml).")
            }
        }
    }
}
