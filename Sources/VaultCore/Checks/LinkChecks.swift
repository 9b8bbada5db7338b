/// The link check `vault check` runs: wiki links that lead to no note.
public enum LinkChecks {
    /// The line of the note at `path` on which `[[target` is written, when it can be found.
    public typealias Locate = (_ path: String, _ target: String) -> Int?

    /// A warning for each wiki link of `graph` that leads nowhere.
    public static func run(_ graph: LinkGraph, locate: Locate) -> [Diagnostic] {
        graph.unresolved.filter(\.isWiki).map { link in
            brokenLink(link.target, in: link.source, line: locate(link.source, link.target))
        }
    }

    /// The warning for the wiki link to `target` in the note at `path`
    /// that leads nowhere (the language server's words are these too).
    public static func brokenLink(_ target: String, in path: String, line: Int?) -> Diagnostic {
        Diagnostic(
            code: "broken-link", severity: .warning, path: path, line: line,
            message: "[[\(target.elided(to: 80))]] links to no note; create the note or correct the name.")
    }
}
