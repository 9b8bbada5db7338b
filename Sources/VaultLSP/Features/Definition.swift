import VaultCore

/// `textDocument/definition`: the note (and heading) a wiki or Markdown
/// link under the cursor leads to, resolved as `vault links` resolves it.
public enum Definition {
    /// The link under `position` in the note at `path`, if any.
    public static func link(at position: Position, in path: String, workspace: VaultWorkspace) -> LinkSpan? {
        guard let text = workspace.text(at: path) else { return nil }
        return LinkSpan.scan(text, line: position.line).first { $0.range.contains(position) }
    }

    /// The note a link written in the note at `source` leads to.
    public static func target(of link: LinkSpan, from source: String, workspace: VaultWorkspace) -> String? {
        if link.target.isEmpty { return source }
        let resolution =
            link.isWiki
            ? workspace.resolver.resolveWiki(link.target, from: source)
            : workspace.resolver.resolveMarkdown(link.target, from: source)
        if case .note(let path) = resolution { return path }
        return nil
    }

    /// Where the link under `position` leads: the target note's first line, or its heading.
    public static func locations(at position: Position, in path: String, workspace: VaultWorkspace) -> [Location] {
        guard let link = link(at: position, in: path, workspace: workspace),
            let target = target(of: link, from: path, workspace: workspace)
        else { return [] }
        var range = Range(line: 0, from: 0, to: 0)
        if let heading = link.heading, !heading.isEmpty, let text = workspace.text(at: target),
            let found = HeadingSpan.named(heading, in: text)
        {
            range = found.titleRange
        }
        return [Location(uri: workspace.uri(of: target), range: range)]
    }
}
