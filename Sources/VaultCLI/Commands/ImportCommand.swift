import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault import loci|anki`: bring other apps' data into the vault.
    struct ImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Import LociApp itineraries and Anki packages.",
            discussion: """
                Examples:
                  vault import loci palace.json
                  vault import loci palace.json --itinerary "Home walk" --dry-run
                  vault import anki French.apkg --dry-run
                """,
            subcommands: [Loci.self, Anki.self])

        struct Anki: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "anki",
                abstract: "Import an Anki package: notes, cards, media and the review history.",
                discussion: """
                    FILE is an .apkg or .colpkg exported from Anki (legacy or current format). Each note \
                    becomes a note in a folder per deck under FOLDER (Languages::French → Anki/Languages/French/), \
                    its media beside it, and each review with a rating a `rate` event at its time; FOLDER is \
                    added to `decks:`. Importing the same package again writes nothing new. Anything wrong (not \
                    an Anki package, a newer version, a zip bomb, a bad media name, a damaged database) is \
                    refused and nothing is written.

                    Examples:
                      vault import anki French.apkg
                      vault import anki collection.colpkg --into Flashcards/Anki --dry-run
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The Anki package (.apkg or .colpkg).", completion: .file(extensions: ["apkg", "colpkg"])) var file: String
            @Option(help: "The folder of the vault to put it in (default: Anki).") var into: String?
            @Flag(help: "Say per deck what would be written, write nothing.") var dryRun = false

            func run() throws {
                let context = try global.context()
                let importing = AnkiImporting(context.app())
                let plan = try importing.plan(file: file, into: into)
                let out = context.output
                let folder = TerminalText.oneLine(plan.folder)
                let conversion = plan.conversion
                if dryRun {
                    out.line("Would import into \(folder)/ (Anki schema \(plan.schema)); nothing written.")
                } else {
                    try importing.write(plan)
                    out.line(plan.unchanged && conversion.events.isEmpty && conversion.resetEvents.isEmpty && conversion.holdEvents.isEmpty ? "Nothing new in \(TerminalText.oneLine(file)): \(folder)/ is up to date." : "Imported into \(folder)/:")
                }
                for deck in conversion.decks {
                    out.line(
                        "  \(TerminalText.oneLine(deck.name)) → \(folder)/\(TerminalText.oneLine(deck.folder))/: \(plural(deck.notes, "note")), \(plural(deck.cards, "card")), \(plural(deck.events, "event")), \(plural(deck.media, "media file"))")
                }
                out.line(
                    "Total: \(plural(plan.noteCount, "note")), \(plural(plan.cardCount, "card")), \(plural(conversion.events.count, "new rate event")), \(plural(plan.mediaCount, "media file")).")
                if !conversion.resetEvents.isEmpty {
                    out.line("\(plural(conversion.resetEvents.count, "new card-reset event")) (Anki's manual resets and reschedules).")
                }
                if conversion.suspended + conversion.buried > 0 {
                    out.line(
                        "Held out of study: \(conversion.suspended) suspended, \(conversion.buried) buried until tomorrow (\(plural(conversion.holdEvents.count, "new card-hold event")))."
                    )
                }
                if conversion.skippedNotes > 0 {
                    out.line("\(plural(conversion.skippedNotes, "Anki note")) left out: no note type in the package, or no card.")
                }
                if !conversion.leftOutMedia.isEmpty {
                    let names = conversion.leftOutMedia.prefix(3).map { TerminalText.oneLine($0) }.joined(separator: ", ")
                    out.line(
                        "\(plural(conversion.leftOutMedia.count, "media file")) left out (\(names)\(conversion.leftOutMedia.count > 3 ? ", …" : "")): no note shows them, or their names are hidden, a note's (.md), over 255 bytes or taken by a note or folder."
                    )
                }
                if conversion.unmatchedCards > 0 {
                    out.line("\(plural(conversion.unmatchedCards, "Anki card")) found no card in the written notes; their reviews are left out.")
                }
                if plan.addsDeck { out.line(dryRun ? "\(folder)/ would be added to decks:." : "\(folder)/ added to decks: in .vault/config.yml.") }
                if !dryRun {
                    out.line("Due dates are recomputed from the history by the vault's scheduler; see them with `vault cards`.")
                    if !plan.unchanged {
                        out.line("The notes come up in the curation reviews of the periods Anki made them in; `vault baseline` counts the periods before today as done.")
                    }
                }
            }
        }

        struct Loci: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "loci", 
                abstract: "Import a LociApp itinerary: a folder with an index note, a note per location and the pictures.",
                discussion: """
                    FILE holds itineraries[] with name, description, image and locations[] (name, description, \
                    sequence, image as {format: base64, data: "data:image/…;base64,…"}). One itinerary per call. \
                    Pictures are named by sequence and by the type their bytes show. Anything wrong (invalid \
                    JSON, a missing field, a duplicate sequence, bad base64, bytes that are not a picture, a \
                    picture over 20 MB, a name that is no file name) is refused with the itinerary, the location \
                    and the field, and nothing is written.

                    Examples:
                      vault import loci palace.json
                      vault import loci palace.json --itinerary "Home walk" --into Palaces
                      vault import loci palace.json --update      # new text and pictures, the history kept
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The LociApp JSON file.", completion: .file(extensions: ["json"])) var file: String
            @Option(help: "The itinerary to import, when the file holds several.") var itinerary: String?
            @Option(help: "The folder of the vault to put it in (default: loci).") var into: String?
            @Flag(help: "Replace an itinerary imported before: its text and pictures; the history stays.") var update = false
            @Flag(help: "Say what would be written, write nothing.") var dryRun = false

            func run() throws {
                let context = try global.context()
                let importing = LociImporting(context.app())
                // Several itineraries and no --itinerary: the error lists them, and nothing is written.
                let plan = try importing.plan(
                    reading: { try context.app().namedFiles.read(file) }, file: file, pick: itinerary, into: into, update: update)
                let pictures = plan.itinerary.locations.filter { $0.image != nil }.count + (plan.itinerary.image == nil ? 0 : 1)
                let what =
                    "'\(TerminalText.oneLine(plan.itinerary.name))': \(plural(plan.itinerary.locations.count, "location")), \(plural(pictures, "picture")) (\(Self.size(plan.imageBytes)))"
                if dryRun {
                    context.output.line("Would \(plan.replacing ? "update" : "import") \(what) into \(TerminalText.oneLine(plan.folder))/; nothing written.")
                    return
                }
                try importing.write(plan)
                context.output.line("\(plan.replacing ? "Updated" : "Imported") \(what) into \(TerminalText.oneLine(plan.folder))/.")
                if plan.replacing {
                    context.output.line("\(plan.kept) locations kept their history.")
                }
                context.output.line("Learn it with `vault loci learn \"\(TerminalText.oneLine(plan.itinerary.name))\"`.")
            }

            static func size(_ bytes: Int) -> String {
                bytes >= 1_048_576 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(max(1, (bytes + 1023) / 1024)) KB"
            }
        }
    }
}
