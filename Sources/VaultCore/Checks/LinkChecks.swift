/// The link check `vault check` runs: wiki links and embeds that lead to no
/// note, each one where it is written (its own line and column: a target
/// written six times gives six warnings at six places).
public enum LinkChecks {
    /// The links written in the note at `path` (``LinkScanner`` over its file), lines counted from 0.
    public typealias WrittenLinks = (_ path: String) -> [WrittenLink]

    /// A warning for each wiki link or embed of `graph` that leads nowhere,
    /// in note order then reading order. Only the notes that hold such a
    /// link are read again (through `written`), for the places.
    public static func run(_ graph: LinkGraph, resolver: LinkResolver, written: WrittenLinks) -> [Diagnostic] {
        var sources: [String] = []
        var targets: [String: Set<String>] = [:]
        for link in graph.links where link.isWiki && link.resolved == nil {
            if targets[link.source] == nil { sources.append(link.source) }
            targets[link.source, default: []].insert(link.target)
        }
        return sources.flatMap { source in
            placed(
                targets[source] ?? [], in: source, folder: LinkResolver.folder(of: source), resolver: resolver, written)
        }
    }

    /// A warning for each wiki link or embed of `notes` that leads nowhere
    /// (`resolver` knows every note of the vault), in note order then
    /// reading order, as ``run(_:resolver:written:)`` gives them: at the
    /// places their facts hold (``NoteCheckFacts/wikiLinkPlaces``), so no
    /// note is read again, except one whose places are not known, which is
    /// read through `written`.
    public static func run(
        notes: [NoteSummary], facts: [NoteCheckFacts], resolver: LinkResolver, written: WrittenLinks
    ) -> [Diagnostic] {
        precondition(notes.count == facts.count, "one NoteCheckFacts per note")
        var out: [Diagnostic] = []
        // Whether a target leads to a note does not depend on the folder it
        // is written in (the folder only chooses among notes of one name):
        // each target, byte for byte, is resolved once. (A vault's notes
        // link to the same pages again and again: 80,000 links, a few
        // thousand targets.)
        var leads: [ExactText: Bool] = [:]
        for i in notes.indices where !facts[i].wikiLinks.isEmpty {
            let source = notes[i].path
            let links = facts[i].wikiLinks
            let broken = links.indices.filter { k in
                let target = ExactText(links[k])
                if let known = leads[target] { return !known }
                let found = resolver.resolveWiki(links[k], inFolder: "") != .unresolved
                leads[target] = found
                return !found
            }
            guard !broken.isEmpty else { continue }
            let folder = LinkResolver.folder(of: source)
            guard let places = facts[i].wikiLinkPlaces else {
                out += placed(Set(broken.map { links[$0] }), in: source, folder: folder, resolver: resolver, written)
                continue
            }
            for k in broken {
                out.append(brokenLink(links[k], in: source, line: places[k].line + 1, column: places[k].column))
            }
        }
        return out
    }

    /// The warnings for the `unresolved` targets of the note at `source`,
    /// at the places a scan of its file (`written`) finds them; without a
    /// place when it finds none (the file changed since it was read).
    private static func placed(
        _ unresolved: Set<String>, in source: String, folder: String, resolver: LinkResolver,
        _ written: WrittenLinks
    ) -> [Diagnostic] {
        let places = written(source).filter { $0.isWiki && unresolved.contains($0.target) }
        if places.isEmpty { return unresolved.sorted().map { brokenLink($0, in: source, line: nil) } }
        return places.filter { resolver.resolveWiki($0.target, inFolder: folder) == .unresolved }.map {
            brokenLink($0.target, in: source, line: $0.line + 1, column: $0.column)
        }
    }

    /// The warning for the wiki link to `target` in the note at `path`
    /// that leads nowhere (the language server's words are these too).
    public static func brokenLink(_ target: String, in path: String, line: Int?, column: Int? = nil) -> Diagnostic {
        Diagnostic(
            code: "broken-link", severity: .warning, path: path, line: line, column: column,
            message: "[[\(target.elided(to: 80))]] links to no note; create the note or correct the name.")
    }
}
