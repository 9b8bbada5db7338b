import VaultApp
import VaultCore

/// `textDocument/references`: every link to the note (or to the heading)
/// under the cursor, from the other notes: on a link, to the note it leads
/// to; on a heading, to that heading (`[[Note#Heading]]`); anywhere else, to
/// the note itself (its backlinks, as `vault links` lists them); on the
/// title (the first `# ` heading) too, since it names the note.
public enum References {
    public static func locations(
        at position: Position, in path: String, includeDeclaration: Bool, workspace: VaultWorkspace
    ) -> [Location] {
        guard let text = workspace.text(at: path) else { return [] }
        var target = path
        var heading: String?
        if let link = Definition.link(at: position, in: path, workspace: workspace) {
            guard let resolved = Definition.target(of: link, from: path, workspace: workspace) else { return [] }
            target = resolved
            heading = link.heading.flatMap { $0.isEmpty ? nil : $0 }
        } else if !HeadingTitle.isTitleLine(position.line, in: text),
            let found = HeadingSpan.all(in: text).first(where: { $0.line == position.line })
        {
            // On the title the references are the note's, as on its file: every backlink.
            heading = found.title
        }
        var out: [Location] = []
        if includeDeclaration {
            out.append(Location(uri: workspace.uri(of: target), range: Range(line: 0, from: 0, to: 0)))
        }
        out += links(to: target, heading: heading, workspace: workspace).map {
            Location(uri: workspace.uri(of: $0.path), range: $0.span.range)
        }
        return out
    }

    /// The links that lead to the note at `target` (to its `heading` when
    /// given, compared as Obsidian does), with the note each is written in.
    ///
    /// The notes that may link to it are the ones the search cache names
    /// (``VaultWorkspace/linkSources(naming:)``: its file name, title and
    /// aliases among their link targets), every open buffer (its unsaved text
    /// is not in the cache) and the note itself; when the cache cannot say,
    /// every note. Each is read (its buffer, else its file), one at a time and
    /// not kept, for the places of the links that resolve to `target`.
    public static func links(to target: String, heading: String?, workspace: VaultWorkspace) -> [(
        path: String, span: LinkSpan
    )] {
        let summary = workspace.summary(at: target)
        let names = [NotePath.stem(target)] + (summary.map { [$0.title] + $0.aliases } ?? [])
        let sources =
            workspace.linkSources(naming: names).map { $0.union([target]).sorted() }
            ?? workspace.summaries.map(\.path)
        let wanted = heading?.trimmingSpacesLowercased()
        var out: [(String, LinkSpan)] = []
        for source in sources {
            guard let text = workspace.text(at: source) else { continue }
            for span in LinkSpan.all(in: text)
            where Definition.target(of: span, from: source, workspace: workspace) == target {
                if span.target.isEmpty, source == target, wanted == nil { continue }  // `[[#x]]` is no backlink
                if let wanted {
                    guard let own = span.heading,
                        (own.split(separator: "#").last.map(String.init) ?? own).trimmingSpacesLowercased() == wanted
                    else { continue }
                }
                out.append((source, span))
            }
        }
        return out
    }
}
