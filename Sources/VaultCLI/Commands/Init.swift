import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault init [DIR]`: make a folder (new, or holding notes already) a vault.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "init", 
            abstract: "Make a folder a vault.",
            discussion: """
                Writes .vault/config.yml (categories, source types, the time zone), and adds the lines a vault \
                needs to .gitignore and .gitattributes. In a folder of notes already (an Obsidian vault, say) \
                no note is changed. Refuses to touch an existing vault.

                Examples:
                  vault init ~/notes
                  vault init --timezone Europe/Berlin --baseline   # an existing Obsidian vault
                """)

        @Argument(help: "The folder (default: the current one). Created when missing.")
        var directory: String?

        @Option(help: "The vault's time zone, an IANA name (default: this machine's).")
        var timezone: String?

        @Flag(help: "Make a vault inside or around another vault on purpose (the outer one then leaves it out).")
        var force = false

        @Option(
            help: ArgumentHelp(
                "Start fresh: review periods that ended before DATE (default: today) count as done.",
                valueName: "DATE"))
        var baseline: String?

        /// The value `--baseline` given alone stands for.
        static let today = "today"

        func validate() throws {
            if let baseline, baseline != Self.today, BaselineEvent.day(baseline) == nil {
                throw ValidationError("--baseline '\(baseline)' is not a date; write it as 2026-11-24.")
            }
            if let timezone, TimeZone(identifier: timezone) == nil {
                throw ValidationError(
                    "--timezone '\(timezone)' is not a time zone; use an IANA name such as Europe/Berlin.")
            }
        }

        func run() throws {
            // A path that is not UTF-8 would reach the file system changed (U+FFFD) or cut to its parent: refused.
            if let argument = CompositionRoot.nonUTF8Argument { throw WiringError.notUTF8("the argument '\(argument)'") }
            let folder =
                directory?.hasPrefix("/") == true
                ? URL(fileURLWithPath: directory!).standardizedFileURL
                : URL(fileURLWithPath: directory ?? ".", relativeTo: try CompositionRoot.requireWorkingFolder())
                    .standardizedFileURL
            // The name as given: Foundation calls UTC "GMT".
            let zone = timezone ?? TimeZone.current.identifier
            let out = Output.standard
            let (written, notes, open) = try CompositionRoot.initialize(
                folder, timeZone: zone, nesting: force, tracer: out.tracer)
            out.line("Initialized a vault in \(folder.path) (time zone \(zone)).")
            for path in written { out.line("  wrote \(path)") }
            if let baseline {
                let recorded = try FreshStart.record(
                    open(nil), day: baseline == Self.today ? nil : BaselineEvent.day(baseline))
                out.line("Baseline \(recorded.dayString): only notes from then on come up for review.")
            }
            if notes > 0 {
                out.line("Found \(plural(notes, "existing note")); none was changed.")
                let decks = DeckCount(try open(nil))
                if decks.notes > 0 {
                    out.line(
                        "\(plural(decks.notes, "note")) already \(decks.notes == 1 ? "holds" : "hold") flashcards "
                            + "(#\(decks.tag), 'cards: true' or a deck folder): \(plural(decks.cards, "card")) to study.")
                } else {
                    out.line(
                        "No note holds flashcards yet: list deck folders under 'decks:' in .vault/config.yml, tag notes "
                            + "#\(decks.tag), or write 'cards: true' in a note's front matter.")
                }
            } else {
                out.line("The whole vault is one deck: flashcards work in every note ('decks:' in .vault/config.yml).")
            }
        }
    }
}
