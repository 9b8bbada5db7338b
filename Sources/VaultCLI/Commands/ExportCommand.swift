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
            commandName: "export", abstract: "Export the vault: one JSON document, or a static HTML site.",
            discussion: """
                Examples:
                  vault export json vault.json
                  vault export json - | jq '.notes | length'
                  vault export html site/
                  vault export loci "Home walk" home-walk.json
                """,
            subcommands: [Json.self, Html.self, Loci.self])

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
                abstract: "Every note with its derived state and cards, the ledger's events and the config, as one JSON document (docs/FORMAT.md).")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The file to write, or - for standard output (the default).") var out: String = "-"

            func run() throws {
                let context = try global.context()
                let export = VaultExport.load(context.app())
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
