import Foundation
import VaultCore

/// `textDocument/rename` and `workspace/willRenameFiles`: one
/// ``WorkspaceEdit`` that renames a note's file and rewrites every link to
/// it across the vault (wiki and Markdown links; `#heading` and `|alias`
/// parts kept), renames a heading and the `[[Note#Heading]]` links to it,
/// or renames a tag in every note. Ids stay in the notes, so the ledger's
/// history stays with them.
///
/// What the new name means depends on where the cursor is:
/// - on a link that names a file (`[[file-name]]`, `[x](folder/file.md)`):
///   the new file name (a path from the vault's root when it holds a `/`,
///   else in the same folder), `.md` added;
/// - on a link that names a title or alias, or on the title itself (the
///   first `# ` heading, or `title:`): the new title; the title is
///   rewritten, and the file renamed with it when its name followed the
///   title (the title itself, or its slug as `vault new` writes it);
/// - on another heading: the heading's new text;
/// - on a `#tag` (in the text or in `tags:`): the tag's new name, nested tags under it moving with it.
public enum Rename {
    public static func edit(at position: Position, in path: String, newName: String, workspace: VaultWorkspace) throws
        -> WorkspaceEdit?
    {
        let newName = newName.trimmingCharacters(in: .whitespaces)
        guard !newName.isEmpty else { throw RPCError.invalidParams("the new name is empty") }
        guard let text = workspace.text(at: path) else { return nil }
        if let link = Definition.link(at: position, in: path, workspace: workspace) {
            guard let target = Definition.target(of: link, from: path, workspace: workspace) else {
                throw RPCError.failed("the link leads to no note, so there is nothing to rename")
            }
            if let heading = link.heading, !heading.isEmpty, link.range.contains(position),
                position.character > link.targetRange.end.character
            {
                return try renameHeading(heading, to: newName, in: target, workspace: workspace)
            }
            if link.target.isEmpty || namesFile(link.target, path: target) {
                return try renameFile(target, to: newPath(for: target, named: newName), workspace: workspace)
            }
            return try retitle(target, to: newName, workspace: workspace)
        }
        if HeadingTitle.isTitleLine(position.line, in: text) {
            return try retitle(path, to: newName, workspace: workspace)
        }
        if let heading = HeadingSpan.all(in: text).first(where: { $0.line == position.line }) {
            return try renameHeading(heading.title, to: newName, in: path, workspace: workspace)
        }
        if let tag = TagSpan.tag(at: position, in: text) {
            return tagRename(
                tag, to: newName.hasPrefix("#") ? String(newName.dropFirst()) : newName, workspace: workspace)
        }
        return nil
    }

    /// `workspace/willRenameFiles`: the link rewrites for files the editor is about to rename (it renames them itself).
    public static func willRename(_ files: [(old: String, new: String)], workspace: VaultWorkspace) throws
        -> WorkspaceEdit
    {
        var changes: [DocumentChange] = []
        // A file the editor moves where no note is read (a hidden folder) gets no links: they would lead nowhere.
        for (old, new) in files where old.hasSuffix(".md") && new.hasSuffix(".md") && VaultPathRules.problem(notePath: new) == nil {
            changes += try renameFile(old, to: new, workspace: workspace).documentChanges.filter {
                if case .rename = $0 { return false }
                return true
            }
        }
        return WorkspaceEdit(documentChanges: merge(changes))
    }

    // MARK: Notes

    /// True when `target` (a link's target) names the note at `path` by its file, not by title or alias.
    static func namesFile(_ target: String, path: String) -> Bool {
        var name = target.lowercased()
        while name.hasPrefix("/") || name.hasPrefix("./") { name.removeFirst(name.hasPrefix("/") ? 1 : 2) }
        if name.hasSuffix(".md") { name.removeLast(3) }
        let full = String(path.lowercased().dropLast(path.hasSuffix(".md") ? 3 : 0))
        return full == name || full.hasSuffix("/" + name) || name.hasSuffix("/" + NotePath.stem(path).lowercased())
            || name.hasPrefix("..")
    }

    /// The path a note gets when its file is renamed to `name`.
    static func newPath(for path: String, named name: String) -> String {
        var name = name
        while name.hasPrefix("/") { name.removeFirst() }
        if !name.lowercased().hasSuffix(".md") { name += ".md" }
        if name.contains("/") { return name }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) + "/" : ""
        return folder + name
    }

    /// The note's file renamed from `old` to `new`, and every link to it rewritten.
    static func renameFile(_ old: String, to new: String, workspace: VaultWorkspace, titleEdits: [TextEdit] = []) throws
        -> WorkspaceEdit
    {
        guard old != new else { return WorkspaceEdit(documentChanges: []) }
        // `vault new`'s rule: inside the vault and outside its hidden folders (`.vault/ledger/x`,
        // `.git/x` would take the note out of the vault and leave its links leading nowhere).
        guard case .success(let new) = VaultPath.normalized(new) else {
            throw RPCError.failed("\(new) is not a path inside the vault")
        }
        if let problem = VaultPathRules.problem(notePath: new) {
            throw RPCError.failed("\(new) \(problem)")
        }
        if workspace.note(at: new) != nil || workspace.context.files.exists(new), new.lowercased() != old.lowercased() {
            throw RPCError.failed(VaultLSPError.nameTaken(new).localizedDescription)
        }
        let others = workspace.summaries.map(\.path).filter { $0 != old } + [new]
        let stemCount = others.filter { NotePath.stem($0).lowercased() == NotePath.stem(new).lowercased() }.count
        let wikiName = stemCount == 1 ? NotePath.stem(new) : String(new.dropLast(3))
        var byFile: [String: [TextEdit]] = [:]
        if !titleEdits.isEmpty { byFile[old] = titleEdits }
        for (source, span) in References.links(to: old, heading: nil, workspace: workspace) where !span.target.isEmpty {
            guard namesFile(span.target, path: old) else { continue }
            let text: String
            if span.isWiki {
                text = wikiName
            } else {
                // The path from the linking note's folder once both have moved.
                let from = source == old ? new : source
                let relative = relativePath(from: from, to: new)
                // Between `<` and `>` a path is written as it is; elsewhere spaces and the like are encoded.
                text =
                    span.isAngleBracketed
                    ? relative : relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? new
            }
            byFile[source, default: []].append(TextEdit(range: span.targetRange, newText: text))
        }
        // A Markdown link in the moved note to another note must still lead there from its new folder.
        if folder(of: old) != folder(of: new), let text = workspace.text(at: old) {
            for span in LinkSpan.all(in: text) where !span.isWiki && !span.target.isEmpty && !span.target.hasPrefix("/")
            {
                guard case .note(let target) = workspace.resolver.resolveMarkdown(span.target, from: old), target != old
                else { continue }
                let relative = relativePath(from: new, to: target)
                let path =
                    span.isAngleBracketed
                    ? relative : relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? target
                byFile[old, default: []].append(TextEdit(range: span.targetRange, newText: path))
            }
        }
        var changes = byFile.keys.sorted().map { path in
            DocumentChange.edit(
                uri: workspace.uri(of: path), version: workspace.documents[path]?.version, edits: byFile[path]!)
        }
        changes.append(.rename(oldUri: workspace.uri(of: old), newUri: workspace.uri(of: new)))
        return WorkspaceEdit(documentChanges: changes)
    }

    /// The note's title changed to `title` (its heading or `title:` line),
    /// the links by its old title or an alias's... by the title rewritten, and
    /// the file renamed when its name followed the title.
    static func retitle(_ path: String, to title: String, workspace: VaultWorkspace) throws -> WorkspaceEdit {
        guard let note = workspace.note(at: path), let text = workspace.text(at: path) else {
            return WorkspaceEdit(documentChanges: [])
        }
        var titleEdits: [TextEdit] = []
        if let line = text.frontMatter.flatMap({ range in
            (range.lowerBound...range.upperBound).first { text.line($0).hasPrefix("title:") }
        }) {
            titleEdits.append(
                TextEdit(
                    range: Range(line: line, from: 0, to: DocumentText.columns(text.line(line))),
                    newText: "title: \(title)"))
        } else if let heading = HeadingSpan.all(in: text).first(where: { $0.level == 1 }) {
            titleEdits.append(TextEdit(range: heading.titleRange, newText: title))
        }
        let stem = NotePath.stem(path)
        let newStem: String? =
            stem == NotePath.slug(note.title)
            ? NotePath.slug(title)
            : stem.lowercased() == note.title.lowercased() ? title.replacingOccurrences(of: "/", with: "-") : nil
        var edit =
            try newStem.map {
                try renameFile(path, to: newPath(for: path, named: $0), workspace: workspace, titleEdits: titleEdits)
            }
            ?? WorkspaceEdit(
                documentChanges: titleEdits.isEmpty
                    ? []
                    : [
                        .edit(
                            uri: workspace.uri(of: path), version: workspace.documents[path]?.version, edits: titleEdits
                        )
                    ])
        // Links by the old title name the new one.
        var byFile: [String: [TextEdit]] = [:]
        for (source, span) in References.links(to: path, heading: nil, workspace: workspace)
        where span.isWiki && span.target.lowercased() == note.title.lowercased() && !namesFile(span.target, path: path)
        {
            byFile[source, default: []].append(TextEdit(range: span.targetRange, newText: title))
        }
        edit.documentChanges = merge(
            byFile.keys.sorted().map { source in
                DocumentChange.edit(
                    uri: workspace.uri(of: source), version: workspace.documents[source]?.version,
                    edits: byFile[source]!)
            } + edit.documentChanges)
        return edit
    }

    // MARK: Headings and tags

    /// The heading `old` of the note at `path` renamed, with every `[[Note#old]]` link to it.
    static func renameHeading(_ old: String, to new: String, in path: String, workspace: VaultWorkspace) throws
        -> WorkspaceEdit
    {
        guard let text = workspace.text(at: path), let heading = HeadingSpan.named(old, in: text) else {
            throw RPCError.failed("the note has no heading \(old)")
        }
        var byFile: [String: [TextEdit]] = [path: [TextEdit(range: heading.titleRange, newText: new)]]
        for (source, span) in References.links(to: path, heading: heading.title, workspace: workspace) {
            guard let own = span.heading, let sourceText = workspace.text(at: source) else { continue }
            // The heading part starts after the target and its `#`.
            let line = sourceText.line(span.range.start.line)
            let units = Array(line.utf16)
            var start = span.targetRange.end.character
            while start < units.count, units[start] != UInt16(UInt8(ascii: "#")) { start += 1 }
            let written = own.split(separator: "#", omittingEmptySubsequences: false).last.map(String.init) ?? own
            let end = start + 1 + DocumentText.columns(own)
            let headingStart = end - DocumentText.columns(written)
            let replacement =
                span.isWiki ? new : (new.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? new)
            byFile[source, default: []].append(
                TextEdit(range: Range(line: span.range.start.line, from: headingStart, to: end), newText: replacement))
        }
        return WorkspaceEdit(
            documentChanges: byFile.keys.sorted().map { source in
                .edit(
                    uri: workspace.uri(of: source), version: workspace.documents[source]?.version,
                    edits: byFile[source]!)
            })
    }

    /// The tag `old` (and the tags nested under it) renamed to `new` in every note.
    static func tagRename(_ old: String, to new: String, workspace: VaultWorkspace) -> WorkspaceEdit {
        var changes: [DocumentChange] = []
        for note in workspace.summaries where Tag.matches(old, in: note.tags) {
            guard let text = workspace.text(at: note.path) else { continue }
            let edits = TagSpan.all(in: text).filter { Tag.matches(old, in: [$0.tag]) }.map { span in
                TextEdit(
                    range: Range(
                        line: span.range.start.line, from: span.range.start.character,
                        to: span.range.start.character + DocumentText.columns(old)), newText: new)
            }
            if !edits.isEmpty {
                changes.append(
                    .edit(
                        uri: workspace.uri(of: note.path), version: workspace.documents[note.path]?.version,
                        edits: edits))
            }
        }
        return WorkspaceEdit(documentChanges: changes)
    }

    // MARK: Paths

    static func folder(of path: String) -> String {
        path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
    }

    /// The relative path from the note at `from` to the file at `to`.
    static func relativePath(from: String, to: String) -> String {
        let base = folder(of: from).split(separator: "/")
        let target = to.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(
            separator: "/")
    }

    /// Text edits to one file joined into one change (a rename's edits of a note also retitled).
    static func merge(_ changes: [DocumentChange]) -> [DocumentChange] {
        var out: [DocumentChange] = []
        var index: [String: Int] = [:]
        for change in changes {
            if case .edit(let uri, let version, let edits) = change {
                if let at = index[uri], case .edit(_, _, let earlier) = out[at] {
                    out[at] = .edit(uri: uri, version: version, edits: earlier + edits.filter { !earlier.contains($0) })
                    continue
                }
                index[uri] = out.count
            }
            out.append(change)
        }
        return out
    }
}

/// The title line rule hover and rename share.
enum HeadingTitle {
    static func isTitleLine(_ line: Int, in text: DocumentText) -> Bool { HoverInfo.isTitleLine(line, in: text) }
}
