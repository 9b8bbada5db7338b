import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault export json|html`: the vault for other tools and for browsers.
    struct ExportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Export the vault: one JSON document, a static HTML site, a PDF, or an Anki package.",
            discussion: """
                Examples:
                  vault export json vault.json
                  vault export json - | jq '.notes | length'
                  vault export html site/
                  vault export pdf notes.pdf 2026/11
                  vault export loci "Home walk" home-walk.json
                  vault export anki cards.apkg Languages/
                """,
            subcommands: [Json.self, Html.self, Pdf.self, Loci.self, Anki.self])

        struct Anki: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "anki",
                abstract: "The vault's cards as an Anki package (.apkg), with their review history.",
                discussion: """
                    Every card of the notes in FOLDERs (the whole vault when none is named) becomes an Anki \
                    note: `q :: a` and `?` cards Basic, `q ::: a` Basic and reversed, a cloze paragraph one \
                    Cloze note; in the deck of its note's folder (Languages/French → Languages::French), its \
                    fields rendered from the Markdown (tables, pictures, sounds, code, math as \\(…\\)), \
                    its media and tags along. With history (the default), each card's state and whole review \
                    history go too, so Anki shows the same due dates. Import the file in Anki, AnkiDroid or \
                    AnkiMobile; study there; export from Anki and `vault import anki` brings each new review \
                    home, once. The package is in Anki's current format (Anki 2.1.50 and later); --legacy \
                    writes the format older clients read.

                    Examples:
                      vault export anki cards.apkg
                      vault export anki french.apkg Languages/French --no-with-history
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The package to write (.apkg).", completion: .file(extensions: ["apkg"])) var out: String
            @Argument(help: "Folders whose notes' cards to export (default: every card).") var folders: [String] = []
            @Flag(inversion: .prefixedNo, help: "Each card's state and review history (default: on).") var withHistory =
                true
            @Flag(help: "The legacy format (collection.anki21) for clients older than Anki 2.1.50.") var legacy = false

            func run() throws {
                let context = try global.context()
                let report = try AnkiExporting(context.app(), writer: CompositionRoot.ankiWriter()).export(
                    to: out, folders: folders, withHistory: withHistory, legacy: legacy)
                let url = URL(
                    fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                let out = context.output
                out.line("Wrote \(TerminalText.oneLine(url.standardizedFileURL.path)):")
                for deck in report.decks {
                    out.line(
                        "  \(TerminalText.oneLine(deck.name)): \(plural(deck.notes, "note")), \(plural(deck.cards, "card"))"
                    )
                }
                out.line(
                    "Total: \(plural(report.notes, "note")), \(plural(report.cards, "card")), \(plural(report.reviews, "review")), \(plural(report.media, "media file"))."
                )
                if report.skippedCards > 0 {
                    out.warning(
                        "\(plural(report.skippedCards, "card")) left out: their paragraph could not be read again; run `vault index` and export again."
                    )
                }
                out.line(
                    "Import it in Anki (File > Import); after studying, export from Anki and run `vault import anki FILE` to bring the reviews home."
                )
            }
        }

        struct Pdf: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "pdf",
                abstract: "The notes as one PDF: a title page, the contents, each note from a new page.",
                discussion: """
                    The notes are rendered as vault export html renders them (libcmark; raw HTML escaped, \
                    pictures shown) and printed by headless Chromium in parts of 200 notes joined by pdfunite \
                    (Debian: apt-get install chromium poppler-utils): a title page, the contents with the page \
                    each note starts on (i, ii…), then each note from a new page (1, 2…); a link to a note of \
                    the same part leads to it. NOTES are notes (a path, an id, a title) or folders (their notes \
                    in path order), in the order given; none means every note.

                    Examples:
                      vault export pdf vault.pdf
                      vault export pdf november.pdf 2026/11
                      vault export pdf two.pdf "Sleep before exams" 2026/11/other.md
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The PDF file to write.", completion: .file(extensions: ["pdf"])) var out: String
            @Argument(help: "Notes or folders to print (default: every note).", completion: Completions.notes)
            var notes: [String] = []
            @Option(help: "The title page's title (default: the vault's folder name).") var title: String?

            func run() throws {
                let context = try global.context()
                let printed = try CompositionRoot.pdfExport(context.app()).export(
                    notes, title: title ?? context.vaultName, to: out)
                let url = URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                context.output.line(
                    "Wrote \(plural(printed.notes, "note")) to \(TerminalText.oneLine(url.standardizedFileURL.path)) (\(plural(printed.pages, "page")), \(VaultCommand.BackupCommand.size(Int64(printed.bytes)))).")
            }
        }

        struct Loci: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "loci", 
                abstract: "An itinerary back in LociApp's JSON format, its pictures re-encoded from their files.",
                discussion: """
                    Importing the file again (vault import loci FILE --update) gives the same notes and pictures.

                    Examples:
                      vault export loci "Home walk" home-walk.json
                      vault export loci "Home walk" - | jq '.itineraries[0].locations | length'
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The itinerary: its name or its folder.", completion: Completions.itineraries) var itinerary: String
            @Argument(help: "The file to write, or - for standard output.") var out: String

            func run() throws {
                let context = try global.context()
                let app = context.app()
                let walk = try LociPalaces(app).walk(itinerary)
                let data = LociAppFormat.write(try LociImporting(app).export(walk))
                if out == "-" {
                    context.output.verbatim(data)
                } else {
                    let url = URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    try context.app().namedFiles.write(data, to: out)
                    context.output.line("Wrote '\(TerminalText.oneLine(walk.name))' (\(walk.stops.count) locations) to \(TerminalText.oneLine(url.path))")
                }
            }
        }

        struct Json: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "json", 
                abstract: "Every note with its text, derived state and cards, the ledger and the config, as one JSON document (docs/FORMAT.md).",
                discussion: """
                    The document carries each note's file byte for byte, .vault/config.yml and the ledger's files \
                    too, and the attachments' names: `vault import json FILE DIR` rebuilds the vault from it, \
                    and `vault import json FILE --merge` merges it into another.
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The file to write, or - for standard output (the default).") var out: String = "-"

            func run() throws {
                let context = try global.context()
                let export = VaultExport.load(context.app(), records: CompositionRoot.records(context.app()))
                let document = ExportJSON(export, vault: context.vaultName, now: context.now)
                if out == "-" {
                    try context.output.json(document)
                } else {
                    let url = URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    try context.app().namedFiles.write(Data((try JSONOutput.render(document) + "\n").utf8), to: out)
                    context.output.line("Wrote \(export.notes.count) notes and \(export.events.count) events to \(url.path)")
                }
            }
        }

        struct Html: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "html", 
                abstract: "A static site: a page per note, tag and category, an index with the four tabs.",
                discussion: """
                    Notes are rendered as Obsidian shows them (tables, callouts, embeds, math typeset by \
                    KaTeX from Debian's libjs-katex, footnotes, task lists); raw HTML in notes is escaped, \
                    never run. Wiki and Markdown links between notes lead to their pages (links that lead \
                    nowhere are struck through), images and other files are copied, and every link is \
                    relative: the site works from any web server. DIR must be empty or missing.
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The folder to write the site into (created; must be empty).") var dir: String

            func run() throws {
                let context = try global.context()
                let root = URL(fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
                let site = StaticSite.build(context.app(), title: context.vaultName)
                try context.app().namedFiles.writeSite(
                    site.pages.map { ($0.path, $0.html) }, assets: StaticSite.assets(math: CompositionRoot.mathFiles()),
                    attachments: site.attachments, to: dir)
                context.output.line("Wrote \(site.pages.count) pages and \(site.attachments.count) attachments to \(root.path); open \(root.appendingPathComponent("index.html").path)")
            }
        }
    }
}
