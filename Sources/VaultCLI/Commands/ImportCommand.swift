import ArgumentParser
import Foundation
import VaultApp
import VaultCore

extension VaultCommand {
    /// `vault import loci`: bring other apps' data into the vault.
    struct ImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Import other apps' data: LociApp itineraries.",
            discussion: """
                Examples:
                  vault import loci palace.json
                  vault import loci palace.json --itinerary "Home walk" --dry-run
                """,
            subcommands: [Loci.self])

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
