import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault search QUERY…`: ranked full-text search over the vault's notes.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "search", 
            abstract: "Search notes: words, \"phrases\", prefix*, -excluded, OR, and filters.",
            discussion: """
                Filters: tag:x  category:x  source:x (substring)  type:book  cycle:weekly (or later)
                archived:yes|no  created:2026-11  created:2026-11-18  created:>=2026-01-01
                created:2026-01..2026-03  path:folder/   (-tag:x leaves notes out)
                Filters alone list matching notes newest first. Words are ranked by BM25, title and
                tags above the body. Exits 1 when no note matches. See docs/COMMANDS.md.

                Examples:
                  vault search sleep habit
                  vault search '"deep work"' tag:focus -l
                  vault search created:2026-11 category:Health --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The query; several arguments are joined with spaces.")
        var query: [String] = []

        @Flag(name: TypedOptions.pathsOnly.name, help: "Print only the paths of matching notes, one per line.")
        var pathsOnly = false

        @Flag(name: TypedOptions.null.name, help: "With -l: end each path with a NUL byte, not a newline (for xargs -0); paths exactly as they are.")
        var null = false

        @Flag(name: TypedOptions.json.name, help: "Print JSON: one object per hit.")
        var json = false

        @Option(name: TypedOptions.limit.name, help: "Show at most this many hits (default: 20 on a terminal, all otherwise).")
        var limit: Int?

        /// The parsed query (set by `validate()`).
        private var parsed: SearchQuery?

        enum CodingKeys: CodingKey {
            case global, query, pathsOnly, null, json, limit
        }

        /// What the options say, as plain values.
        var request: SearchRequest {
            SearchRequest(
                choice: global.choice, query: query, pathsOnly: pathsOnly, null: null, json: json, limit: limit)
        }

        mutating func validate() throws { parsed = try request.validated() }

        func run() throws { try request.run(parsed ?? request.validated()) }
    }
}

/// `vault search`'s options as plain values, and what the command does with
/// them. ``QuickCommandLine`` makes one without the argument parser.
struct SearchRequest: Equatable {
    var choice = VaultChoice()
    var query: [String] = []
    var pathsOnly = false
    var null = false
    var json = false
    var limit: Int?

    /// The query, once the options are checked as the argument parser checks them.
    /// - Throws: `ValidationError` for options that do not go together or a query that does not read.
    func validated() throws -> SearchQuery {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if json && pathsOnly { throw ValidationError("use either --json or -l, not both.") }
        if null && !pathsOnly { throw ValidationError("-0 goes with -l.") }
        do {
            return try SearchQueryParser.parse(query.joined(separator: " "))
        } catch let error as SearchQueryError {
            throw ValidationError(error.localizedDescription)
        }
    }

    /// Searches for `parsed` (this request's query) and prints the hits.
    func run(_ parsed: SearchQuery) throws {
        // The notes are scanned (unless a watcher answers) while the config is read.
        let context = try CompositionRoot.open(choice, search: true)
        let hits = try VaultSearch.run(
            context.app(), query: parsed,
            limit: limit ?? (context.output.isTerminal ? 20 : nil), pathsOnly: pathsOnly,
            progress: ProgressBar.onTerminal(context.output))
        if json {
            try context.output.json(hits.map { SearchHitJSON($0, timeZone: context.timeZone) })
        } else if pathsOnly && null {
            // Exact bytes: a path may hold anything but NUL.
            context.output.verbatim(hits.map { $0.path + "\0" }.joined().utf8)
        } else if pathsOnly {
            // One line per path: a newline in a name is shown escaped, never as a line break.
            for hit in hits { context.output.line(TerminalText.oneLine(hit.path)) }
        } else {
            SearchResultsView(hits: hits, context: context).print()
        }
        if hits.isEmpty { throw CLIError.silentFailure }
    }
}

/// The JSON shape of a search hit (documented in docs/COMMANDS.md).
struct SearchHitJSON: Encodable {
    var path: String
    var id: String?
    var title: String
    var category: String?
    var tags: [String]
    var created: String?
    var score: Double
    var snippet: String

    init(_ hit: SearchHit, timeZone: TimeZone) {
        path = hit.path
        id = hit.id
        title = hit.title
        category = hit.category
        tags = hit.tags
        created = hit.created.map { VaultDate.isoString($0, in: timeZone) }
        score = hit.score
        snippet = hit.snippet.plainText
    }
}

/// Search hits as people read them: title, then path and category, then the
/// snippet with matched words highlighted.
struct SearchResultsView {
    let hits: [SearchHit]
    let context: CommandContext

    func print() {
        let style = context.output.style
        if hits.isEmpty {
            context.output.line("No notes match.")
            return
        }
        for hit in hits {
            // A newline or tab in a name is shown escaped: the path stays one line.
            line(style.bold(TerminalText.oneLine(hit.title)), indent: "")
            var place = style.cyan(TerminalText.oneLine(hit.path))
            if let category = hit.category {
                place += "  " + style.color(category, hex: context.config.category(named: category)?.color ?? "")
            }
            context.output.line("  " + place)  // whole: a path the terminal folds still copies as one
            let snippet = hit.snippet.parts.map { $0.isMatch ? style.highlight($0.text) : $0.text }.joined()
            if !snippet.isEmpty { line(snippet, indent: "  ") }
            context.output.line()
        }
        context.output.line(style.dim(plural(hits.count, "note")))
    }

    /// `text` after `indent`, wrapped at spaces to the terminal's width when
    /// it is known, each line indented, so a narrow terminal does not break
    /// words where its edge falls; whole on one line otherwise (a pipe, a file).
    private func line(_ text: String, indent: String) {
        guard let width = context.output.width else { return context.output.line(indent + text) }
        for part in TextWrap.wrap(text, width: max(10, width - indent.count)) { context.output.line(indent + part) }
    }
}
