import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault links NOTE`: a note's links, resolved as Obsidian resolves them, and its backlinks.
    struct Links: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "links", 
            abstract: "Show what a note links to, what links to it, and links that lead nowhere.",
            discussion: """
                Wiki links resolve as in Obsidian: a path, or a file name without .md (the one in the \
                same folder, else the shortest path, when several notes share it); #heading and |alias \
                parts are ignored. Links to images and other files are not listed.

                Examples:
                  vault links "Spaced repetition"
                  vault links 2026/11/habits.md --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note: a path, an id, an id prefix, or a title.", completion: Completions.notes)
        var note: String

        @Flag(help: "Print JSON.")
        var json = false

        func run() throws {
            let context = try global.context()
            let links = try NoteLinks.load(context.app(), note: context.noteReference(note))
            if json {
                try context.output.json(
                    LinksJSON(
                        path: links.note.path, title: links.note.title,
                        outgoing: links.outgoing.filter { $0.resolved != nil }.map(LinkJSON.init),
                        backlinks: links.backlinks.map(LinkJSON.init),
                        unresolved: links.outgoing.filter { $0.resolved == nil }.map(LinkJSON.init)))
                return
            }
            let style = context.output.style
            let out = context.output
            // One line each: a newline or tab in a name is shown escaped, never as a break.
            out.line(style.bold(TerminalText.oneLine(links.note.title)) + style.dim("  \(TerminalText.oneLine(links.note.path))"))
            func section(_ title: String, _ lines: [String]) {
                out.line()
                out.line(style.bold(title) + style.dim(" (\(lines.count))"))
                for line in lines { out.line("  " + TerminalText.oneLine(line)) }
            }
            section("Links to", links.outgoing.compactMap(\.resolved))
            section("Linked from", links.backlinks.map(\.source))
            section("Unresolved", links.outgoing.filter { $0.resolved == nil }.map { style.red($0.target) })
        }
    }
}

struct LinksJSON: Encodable {
    var path: String
    var title: String
    var outgoing: [LinkJSON]
    var backlinks: [LinkJSON]
    var unresolved: [LinkJSON]
}

/// One link in `vault links --json`.
struct LinkJSON: Encodable {
    var source: String
    var target: String
    var kind: String
    /// The note it leads to; null when it leads nowhere.
    var resolved: String?

    init(_ link: LinkGraph.Link) {
        source = link.source
        target = link.target
        kind = link.isWiki ? "wiki" : "markdown"
        resolved = link.resolved
    }
}
