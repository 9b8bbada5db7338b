import Foundation
import VaultCore
import VaultMarkdown

/// `textDocument/documentSymbol` (the note's headings, nested, and its
/// cards) and `workspace/symbol` (the notes by title, fuzzy).
public enum Symbols {
    public static func document(_ path: String, workspace: VaultWorkspace) -> [DocumentSymbol] {
        guard let text = workspace.text(at: path) else { return [] }
        var roots: [DocumentSymbol] = []
        // The open headings, outermost first, each with its level.
        var stack: [(level: Int, symbol: DocumentSymbol)] = []
        func close(downTo level: Int) {
            while let last = stack.last, last.level >= level {
                stack.removeLast()
                var symbol = last.symbol
                if symbol.children?.isEmpty == true { symbol.children = nil }
                if stack.isEmpty {
                    roots.append(symbol)
                } else {
                    stack[stack.count - 1].symbol.children!.append(symbol)
                }
            }
        }
        let headings = HeadingSpan.all(in: text)
        for (index, heading) in headings.enumerated() {
            close(downTo: heading.level)
            let endLine =
                headings[(index + 1)...].first { $0.level <= heading.level }.map { $0.line - 1 } ?? text.lines.count - 1
            let range = Range(
                start: Position(line: heading.line, character: 0),
                end: Position(line: endLine, character: DocumentText.columns(text.line(endLine))))
            stack.append(
                (
                    heading.level,
                    DocumentSymbol(
                        name: heading.title.isEmpty ? "#" : heading.title,
                        detail: String(repeating: "#", count: heading.level),
                        kind: 15, range: range, selectionRange: heading.titleRange, children: [])
                ))
        }
        close(downTo: 0)
        if let note = workspace.note(at: path), workspace.context.config.decks.contains(note.summary) {
            for card in CardExtractor.cards(
                in: Data(text.text.utf8), of: note.summary, syntax: workspace.context.config.cardSyntax)
            {
                let line = card.line - 1
                let range = Range(line: line, from: 0, to: DocumentText.columns(text.line(line)))
                let question = card.question.replacingOccurrences(of: "\n", with: " ")
                roots.append(
                    DocumentSymbol(
                        name: question.isEmpty ? card.id : String(question.prefix(80)),
                        detail: "card \(card.kind.rawValue)",
                        kind: 7, range: range, selectionRange: range, children: nil))
            }
        }
        return roots
    }

    /// The notes whose title (or alias, or file name) matches `query`, best first, at most 200.
    public static func workspace(_ query: String, workspace: VaultWorkspace) -> [SymbolInformation] {
        let typed = FuzzyMatch.bytes(query.trimmingSpacesLowercased())
        let names = workspace.names
        var found = names.matches(typed).map { ($0.score, names.entries[$0.entry]) }
        found.sort { ($0.0, $1.1.path) > ($1.0, $0.1.path) }
        return found.prefix(200).map { _, entry in
            let folder = entry.path.contains("/") ? String(entry.path[..<entry.path.lastIndex(of: "/")!]) : nil
            return SymbolInformation(
                name: names.title(of: entry), kind: 1,
                location: Location(uri: workspace.uri(of: entry.path), range: Range(line: 0, from: 0, to: 0)),
                containerName: folder)
        }
    }
}
