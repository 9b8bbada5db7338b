/// The link check `vault check` runs: wiki links that lead to no note.
public enum LinkChecks {
    /// The line of the note at `path` on which `[[target` is written, when it can be found.
    public typealias Locate = (_ path: String, _ target: String) -> Int?

    /// A warning for each wiki link of `graph` that leads nowhere.
    public static func run(_ graph: LinkGraph, locate: Locate) -> [Diagnostic] {
        graph.unresolved.filter(\.isWiki).map { link in
            Diagnostic(
                code: "broken-link", severity: .warning, path: link.source, line: locate(link.source, link.target),
                message: "[[\(link.target.elided(to: 80))]] links to no note; create the note or correct the name.")
        }
    }
}
