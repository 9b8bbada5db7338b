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
            commandName: "import", abstract: "Import LociApp itineraries, Anki packages, Spaced Repetition schedules and vault exports.",
            discussion: """
                Examples:
                  vault import loci palace.json
                  vault import loci palace.json --itinerary "Home walk" --dry-run
                  vault import anki French.apkg --dry-run
                  vault import json vault.json ~/restored-vault
                  vault import json other.json --merge --dry-run
                """,
            subcommands: [Loci.self, Anki.self, ObsidianSR.self, Json.self])

        struct Anki: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "anki",
                abstract:
                    "Import an Anki package: notes, cards, media and the review history; reviews of the vault's own cards come home.",
                discussion: """
                    FILE is an .apkg or .colpkg exported from Anki (legacy or current format). Notes that \
                    `vault export anki` wrote come home as reviews: each review not yet in the ledger becomes \
                    an event on the vault's card, and the notes' Markdown is left as it is (a card whose text \
                    was changed in Anki is named; --theirs writes Anki's text, the note's old text going to \
                    the trash). Any other note becomes a note in a folder per deck under FOLDER \
                    (Languages::French → Anki/Languages/French/), its media beside it, each review an event \
                    at its time; FOLDER is added to `decks:`. Importing again adds only what is new: a note \
                    still as the last import wrote it is updated, one edited since is kept and named \
                    (--theirs takes Anki's). Anything wrong (not an Anki package, a newer version, a zip \
                    bomb, a bad media name, a damaged database) is refused and nothing is written.

                    Examples:
                      vault import anki French.apkg
                      vault import anki collection.colpkg --into Flashcards/Anki --dry-run
                      vault import anki studied-on-the-phone.apkg
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The Anki package (.apkg or .colpkg).", completion: .file(extensions: ["apkg", "colpkg"])) var file: String
            @Option(help: "The folder of the vault to put it in (default: Anki).") var into: String?
            @Flag(help: "Say per deck what would be written, write nothing.") var dryRun = false
            @Flag(
                help: "Take Anki's text where a note was edited on both sides (the vault's version goes to the trash).")
            var theirs = false

            func run() throws {
                let context = try global.context()
                let importing = AnkiImporting(context.app())
                let plan = try importing.plan(file: file, into: into, theirs: theirs)
                let out = context.output
                let folder = TerminalText.oneLine(plan.folder)
                let conversion = plan.conversion
                let returning = plan.returning
                if dryRun {
                    out.line(
                        "Would import \(TerminalText.oneLine(file)) (Anki schema \(plan.schema)); nothing written.")
                } else {
                    try importing.write(plan)
                    if plan.unchanged {
                        out.line(
                            returning.changes.isEmpty && plan.kept.isEmpty
                                ? "Nothing new in \(TerminalText.oneLine(file)): the vault is up to date."
                                : "Nothing written from \(TerminalText.oneLine(file)): no new review, and the notes below are kept as the vault has them."
                        )
                    }
                }
                if returning.matchedNotes > 0 || !returning.missing.isEmpty {
                    let rates = returning.events.filter { $0.kind == RatingEvent.kind }.count
                    let resets = returning.events.filter { $0.kind == CardResetEvent.kind }.count
                    let crams = returning.events.filter { $0.kind == CramAnswer.kind }.count
                    var line =
                        "The vault's cards: \(plural(returning.matchedCards, "card")) of \(plural(returning.matchedNotes, "Anki note")) came home, \(plural(rates, "new rate event"))"
                    if resets > 0 { line += ", \(plural(resets, "new card-reset event"))" }
                    if crams > 0 { line += ", \(plural(crams, "new cram event"))" }
                    out.line(line + "; their notes are left as they are.")
                }
                if !returning.changes.isEmpty {
                    out.line(
                        plan.theirs
                            ? "Changed in Anki, now as Anki has it (the vault's text is in .vault/trash/):"
                            : "Changed in Anki, kept as the vault has it (import again with --theirs to take Anki's text):"
                    )
                    for change in returning.changes {
                        let anki = change.ankiMarkdown.filter { !$0.isEmpty }.joined(separator: " / ")
                        out.line(
                            "  \(TerminalText.oneLine(change.notePath)):\(change.lines.lowerBound): \(TerminalText.oneLine(String(change.question.prefix(60)))) → Anki: \(TerminalText.oneLine(String(anki.prefix(80))))"
                        )
                    }
                }
                if !returning.missing.isEmpty {
                    out.line(
                        "Exported from the vault, but their cards are no longer in it (their reviews are left out):")
                    for missing in returning.missing {
                        out.line("  \(TerminalText.oneLine(missing.note)): \(plural(missing.reviews, "review"))")
                    }
                }
                guard plan.hasNotes else { return }
                if !dryRun, !plan.unchanged { out.line("Imported into \(folder)/:") }
                for deck in conversion.decks {
                    out.line(
                        "  \(TerminalText.oneLine(deck.name)) → \(folder)/\(TerminalText.oneLine(deck.folder))/: \(plural(deck.notes, "note")), \(plural(deck.cards, "card")), \(plural(deck.events, "event")), \(plural(deck.media, "media file"))")
                }
                out.line(
                    "Total: \(plural(plan.noteCount, "note")), \(plural(plan.cardCount, "card")), \(plural(conversion.ratingCount, "new rate event")), \(plural(plan.mediaCount, "media file"))."
                )
                if !conversion.resetEvents.isEmpty {
                    out.line(
                        "\(plural(conversion.resetEvents.count, "new card-reset event")) (Anki's resets, due dates set by hand and reschedules)."
                    )
                }
                if !conversion.cramEvents.isEmpty {
                    out.line(
                        "\(plural(conversion.cramEvents.count, "new cram event")) (answers in filtered decks that do not reschedule)."
                    )
                }
                if conversion.suspended + conversion.buried > 0 {
                    out.line(
                        "Held out of study: \(conversion.suspended) suspended, \(conversion.buried) buried until tomorrow (\(plural(conversion.holdEvents.count, "new card-hold event")))."
                    )
                }
                if plan.replacing {
                    let created = plan.writes.filter { if case .create = $0 { true } else { false } }.count
                    let updated = plan.writes.filter { if case .update = $0 { true } else { false } }.count
                    let replaced = plan.writes.filter { if case .replace = $0 { true } else { false } }.count
                    if created + updated + replaced > 0 {
                        out.line(
                            "\(dryRun ? "Would write" : "Written"): \(created) new, \(updated) updated\(replaced > 0 ? ", \(replaced) replaced by Anki's (your version in .vault/trash/)" : "")."
                        )
                    }
                }
                if !plan.kept.isEmpty {
                    out.line(
                        "Edited in the vault and changed in Anki, kept as you have them (import again with --theirs to take Anki's):"
                    )
                    for kept in plan.kept { out.line("  \(TerminalText.oneLine(kept.path))") }
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
                    out.line(
                        "\(plural(conversion.unmatchedCards, "Anki card")) found no card in the written notes; their reviews are left out:"
                    )
                    for note in conversion.unmatchedNotes { out.line("  \(folder)/\(TerminalText.oneLine(note))") }
                }
                if plan.addsDeck {
                    out.line(
                        dryRun
                            ? "\(folder)/ would be added to decks:."
                            : "\(folder)/ added to decks: in .vault/config.yml.")
                }
                if !dryRun, !plan.unchanged {
                    out.line(
                        "Due dates are recomputed from the history by the vault's scheduler; see them with `vault cards`."
                    )
                    if !plan.replacing {
                        out.line(
                            "The notes come up in the curation reviews of the periods Anki made them in; `vault baseline` counts the periods before today as done."
                        )
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
