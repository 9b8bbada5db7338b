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
        var out: [Diagnostic] = []
        for source in sources {
            let unresolved = targets[source] ?? []
            let places = written(source).filter { $0.isWiki && unresolved.contains($0.target) }
            if places.isEmpty {
                // The file changed since it was read: name the links without a place.
                out += unresolved.sorted().map { brokenLink($0, in: source, line: nil) }
                continue
            }
            let folder = LinkResolver.folder(of: source)
            for link in places where resolver.resolveWiki(link.target, inFolder: folder) == .unresolved {
                out.append(brokenLink(link.target, in: source, line: link.line + 1, column: link.column))
            }
        }
        return out
    }

    /// The warning for the wiki link to `target` in the note at `path`
    /// that leads nowhere (the language server's words are these too).
    public static func brokenLink(_ target: String, in path: String, line: Int?, column: Int? = nil) -> Diagnostic {
        Diagnostic(
            code: "broken-link", severity: .warning, path: path, line: line, column: column,
            message: "[[\(target.elided(to: 80))]] links to no note; create the note or correct the name.")
    }
}
