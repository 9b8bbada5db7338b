import Foundation
import VaultApp
import VaultCore

/// `textDocument/completion`: after `[[` the notes (by title, alias and
/// file name, fuzzy, best first, inserting the link Obsidian writes),
/// after `[[Note#` that note's headings, after `#` the tags (nested ones
/// whole), and in the front matter its keys and the values of `category`,
/// `source_type`, `tags` and `cards`.
public enum Completion {
    /// At most this many notes are offered; typing on asks again (`isIncomplete`).
    public static let limit = 50

    /// The front matter keys `vault` reads (docs/FORMAT.md).
    public static let keys = [
        "title", "id", "created", "tags", "aliases", "category", "source", "source_type", "cards",
    ]

    public static func list(at position: Position, in path: String, workspace: VaultWorkspace) -> CompletionList {
        guard let text = workspace.text(at: path) else { return CompletionList(isIncomplete: false, items: []) }
        // A column past the line's end is its end (clients send one after deleting).
        let position = Position(
            line: max(position.line, 0),
            character: min(max(position.character, 0), DocumentText.columns(text.line(position.line))))
        let prefix = text.prefix(at: position)
        let after = String(
            decoding: Array(text.line(position.line).utf16.dropFirst(position.character)), as: UTF16.self)
        if text.isInFrontMatter(position.line) {
            return CompletionList(
                isIncomplete: false,
                items: frontMatter(prefix, text: text, position: position, path: path, workspace: workspace))
        }
        if text.inCode.indices.contains(position.line), text.inCode[position.line] {
            return CompletionList(isIncomplete: false, items: [])
        }
        if let open = prefix.range(of: "[[", options: .backwards), !prefix[open.upperBound...].contains("]]") {
            let typed = String(prefix[open.upperBound...])
            let closing = after.hasPrefix("]]") ? "" : "]]"
            let start = position.character - DocumentText.columns(typed)
            if let hash = typed.firstIndex(of: "#") {
                let target = String(typed[..<hash])
                let heading = String(typed[typed.index(after: hash)...])
                return CompletionList(
                    isIncomplete: false,
                    items: headings(
                        of: target, typed: heading, from: path, workspace: workspace,
                        range: Range(
                            line: position.line, from: position.character - DocumentText.columns(heading),
                            to: position.character),
                        closing: closing))
            }
            if typed.contains("|") { return CompletionList(isIncomplete: false, items: []) }
            return notes(
                typed, workspace: workspace, range: Range(line: position.line, from: start, to: position.character),
                closing: closing)
        }
        if let tag = typedTag(prefix) {
            return CompletionList(
                isIncomplete: false,
                items: tags(
                    tag, workspace: workspace, in: path,
                    range: Range(
                        line: position.line, from: position.character - DocumentText.columns(tag),
                        to: position.character)))
        }
        return CompletionList(isIncomplete: false, items: [])
    }

    /// The notes whose names match `typed`, best first.
    static func notes(_ typed: String, workspace: VaultWorkspace, range: Range, closing: String) -> CompletionList {
        let query = FuzzyMatch.bytes(typed.trimmingSpacesLowercased())
        let names = workspace.names
        let entries = names.entries
        var scored = names.matches(query)
        scored.sort { ($0.score, entries[$1.entry].path) > ($1.score, entries[$0.entry].path) }
        let items = scored.prefix(limit).enumerated().map { rank, match -> CompletionItem in
            let entry = entries[match.entry]
            let name = names.names[match.name]
            let insert = entry.link + (name.isAlias ? "|" + name.text : "") + closing
            return CompletionItem(
                label: name.text, kind: 18,
                detail: name.isAlias ? "alias of \(names.title(of: entry)) · \(entry.path)" : entry.path,
                sortText: String(format: "%05d", rank), filterText: typed.isEmpty ? name.text : typed,
                textEdit: TextEdit(range: range, newText: insert))
        }
        return CompletionList(isIncomplete: scored.count > limit || !typed.isEmpty, items: items)
    }

    /// The headings of the note `target` names (the note itself when empty).
    static func headings(
        of target: String, typed: String, from path: String, workspace: VaultWorkspace, range: Range, closing: String
    ) -> [CompletionItem] {
        let notePath: String
        if target.isEmpty {
            notePath = path
        } else if case .note(let found) = workspace.resolver.resolveWiki(target, from: path) {
            notePath = found
        } else {
            return []
        }
        guard let text = workspace.text(at: notePath) else { return [] }
        let query = FuzzyMatch.bytes(typed)
        let found = HeadingSpan.all(in: text).compactMap { heading in
            FuzzyMatch.score(query, in: FuzzyMatch.bytes(heading.title)).map { (heading, $0) }
        }
        return found.enumerated().map { index, match in
            CompletionItem(
                label: match.0.title, kind: 15, detail: String(repeating: "#", count: match.0.level),
                sortText: String(format: "%05d", index), filterText: typed.isEmpty ? match.0.title : typed,
                textEdit: TextEdit(range: range, newText: match.0.title + closing))
        }
    }

    /// The tag being typed after a `#` at the start of a word, if the cursor is in one.
    static func typedTag(_ prefix: String) -> String? {
        let word = prefix.reversed().prefix { !$0.isWhitespace && $0 != "#" }
        let tag = String(word.reversed())
        let beforeTag = prefix.dropLast(tag.count)
        guard beforeTag.hasSuffix("#") else { return nil }
        let beforeHash = beforeTag.dropLast()
        guard beforeHash.isEmpty || beforeHash.last?.isWhitespace == true else { return nil }
        guard tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "/" || $0 == "-" || $0 == "_" }) else { return nil }
        return tag
    }

    /// Every tag of the vault (nested ones whole, `area/sub`) matching `typed`, most used first.
    static func tags(_ typed: String, workspace: VaultWorkspace, in path: String, range: Range) -> [CompletionItem] {
        let query = FuzzyMatch.bytes(typed)
        let found = vaultTags(workspace, typed: typed, in: path).compactMap { node in
            FuzzyMatch.score(query, in: FuzzyMatch.bytes(node.tag)).map { (node, $0) }
        }.sorted { ($0.1, $0.0.total, $1.0.tag) > ($1.1, $1.0.total, $0.0.tag) }
        return found.prefix(limit).enumerated().map { index, match in
            CompletionItem(
                label: match.0.tag, kind: 20, detail: "\(match.0.total) notes", sortText: String(format: "%05d", index),
                filterText: typed.isEmpty ? match.0.tag : typed, textEdit: TextEdit(range: range, newText: match.0.tag))
        }
    }

    /// The vault's tags, without the one being typed when only this note has it
    /// (the buffer is parsed as it is typed: `#mem` is a tag of it already).
    static func vaultTags(_ workspace: VaultWorkspace, typed: String, in path: String) -> [TagTree.Node] {
        let own = Set(workspace.note(at: path)?.tags.map { $0.lowercased() } ?? [])
        return VaultTags.load(workspace.app).flattened.map(\.node).filter { node in
            !(node.total == 1 && node.tag.lowercased() == typed.lowercased() && own.contains(typed.lowercased()))
        }
    }

    /// Keys at the start of a front matter line; the values of `category`,
    /// `source_type`, `tags` (also on a `- ` line under `tags:`) and `cards`
    /// after theirs.
    static func frontMatter(
        _ prefix: String, text: DocumentText, position: Position, path: String, workspace: VaultWorkspace
    ) -> [CompletionItem] {
        let config = workspace.context.config
        var key: String
        var typed: String
        if let colon = prefix.firstIndex(of: ":"), !prefix.hasPrefix(" "), !prefix.hasPrefix("-") {
            key = String(prefix[..<colon]).trimmingSpacesLowercased()
            typed = String(prefix[prefix.index(after: colon)...])
            if let last = typed.lastIndex(where: { $0 == "," || $0 == "[" }) {
                typed = String(typed[typed.index(after: last)...])
            }
            typed = String(typed.drop { $0 == " " || $0 == "\"" || $0 == "'" })
        } else if prefix.drop(while: { $0 == " " }).hasPrefix("- ") {
            // A list item: its key is the nearest line above that is not one.
            var line = position.line - 1
            while line > 0, text.line(line).drop(while: { $0 == " " }).hasPrefix("-") { line -= 1 }
            key = String(text.line(line).prefix { $0 != ":" }).trimmingSpacesLowercased()
            typed = String(prefix.drop { $0 == " " }.dropFirst(2))
        } else {
            let query = FuzzyMatch.bytes(prefix.trimmingSpacesLowercased())
            let used = Set(
                text.frontMatter.map { range in
                    (range.lowerBound...range.upperBound).map {
                        String(text.line($0).prefix { $0 != ":" }).lowercased()
                    }
                } ?? [])
            return keys.filter { !used.contains($0) && FuzzyMatch.score(query, in: Array($0.utf8)) != nil }.enumerated()
                .map { index, key in
                    CompletionItem(
                        label: key, kind: 10, detail: nil, sortText: String(format: "%05d", index), filterText: nil,
                        textEdit: TextEdit(
                            range: Range(line: position.line, from: 0, to: position.character), newText: key + ": "))
                }
        }
        let values: [String]
        switch key {
        case "category": values = config.categories.map(\.name)
        case "source_type": values = config.sourceTypes
        case "tags": values = vaultTags(workspace, typed: typed, in: path).map(\.tag)
        case "cards": values = ["true", "false"]
        default: return []
        }
        let query = FuzzyMatch.bytes(typed)
        let range = Range(
            line: position.line, from: position.character - DocumentText.columns(typed), to: position.character)
        let ranked = values.compactMap { value in
            FuzzyMatch.score(query, in: FuzzyMatch.bytes(value)).map { (value, $0) }
        }
        .enumerated().sorted { ($0.element.1, $1.offset) > ($1.element.1, $0.offset) }.map(\.element.0)
        return ranked.enumerated().map { index, value in
            CompletionItem(
                label: value, kind: 12, detail: key, sortText: String(format: "%05d", index), filterText: nil,
                textEdit: TextEdit(range: range, newText: value))
        }
    }
}
