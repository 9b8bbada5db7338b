import Foundation
import VaultCore
import VaultMarkdown

/// What `vault check` reports for one note, in its words, from the note as
/// the editor holds it: its parse and front matter problems, unknown
/// categories and source types, a missing date, an id another note has too,
/// wiki links that lead nowhere (on the link itself), and its cards'
/// problems (duplicates, edits re-linked to older cards, caps).
///
/// It runs the core's checks (`NoteChecks`, `LinkChecks`, `CardChecks`)
/// on this note, against every other note of the workspace, so a change is
/// checked in milliseconds instead of re-reading the vault.
public enum FileDiagnostics {
    /// The problems of the note at `path`, each with its line (from 1) and, for a link, its span.
    public static func problems(of path: String, in workspace: VaultWorkspace) -> [(problem: Diagnostic, range: Range?)]
    {
        guard let note = workspace.note(at: path), let text = workspace.text(at: path) else { return [] }
        let config = workspace.context.config
        var out: [(Diagnostic, Range?)] = []
        let twins: [Note]
        if let id = note.id?.lowercased() {
            twins = (workspace.notesByID[id] ?? []).filter { $0 != path }.compactMap { workspace.note(at: $0) }
        } else {
            twins = []
        }
        out += NoteChecks.run([note] + twins, config: config).filter { $0.path == path }.map { ($0, nil) }
        let resolver = workspace.resolver
        for span in LinkSpan.all(in: text) where span.isWiki && !span.target.isEmpty {
            if case .unresolved = resolver.resolveWiki(span.target, from: path) {
                out.append((LinkChecks.brokenLink(span.target, in: path, line: span.range.start.line + 1), span.range))
            }
        }
        if config.decks.contains(note.summary) {
            let cards = CardExtractor.cards(in: Data(text.text.utf8), of: note.summary, syntax: config.cardSyntax)
            if !cards.isEmpty {
                let replay = workspace.context.ledger.cardReplay(cards: cards, config: config.schedulers)
                out += CardChecks.run(cards: cards, replay: replay).filter { $0.path == path }.map { ($0, nil) }
                out += CardChecks.caps(
                    cards: cards, perNote: CardExtractor.maxCardsPerNote,
                    perParagraph: CardExtractor.maxClozesPerParagraph
                ).filter { $0.path == path }.map { ($0, nil) }
            }
        }
        return out
    }

    /// ``problems(of:in:)`` as the editor shows them, at most ``maxPublished``.
    public static func lsp(of path: String, in workspace: VaultWorkspace) -> [LSPDiagnostic] {
        let text = workspace.text(at: path)
        let problems = problems(of: path, in: workspace)
        return capped(
            problems.prefix(maxPublished).map { problem, range in
                lsp(problem, range: range, lineText: text?.line(max((problem.line ?? 1) - 1, 0)))
            }, total: problems.count)
    }

    /// The most problems of one note sent to the editor. A note of 450,000
    /// broken links gave as many diagnostics: a 100 MB message the server
    /// spent 20 s and 1 GB encoding, and no editor shows them all.
    public static let maxPublished = 1000

    /// The first ``maxPublished`` of a note's `total` problems, and when there
    /// are more, one diagnostic on the first line saying how many are left
    /// out and where to see them.
    public static func capped(_ diagnostics: some Collection<LSPDiagnostic>, total: Int) -> [LSPDiagnostic] {
        var out = Array(diagnostics.prefix(maxPublished))
        guard total > out.count else { return out }
        out.append(
            LSPDiagnostic(
                range: Range(start: Position(line: 0, character: 0), end: Position(line: 1, character: 0)),
                severity: 2, code: "more-problems", source: "vault",
                message: "\(total - out.count) more problems in this note are not shown here; `vault check` lists each one."
            ))
        return out
    }

    /// One problem as the editor shows it: on `range`, else on its whole line
    /// (the first line when it names none).
    static func lsp(_ problem: Diagnostic, range: Range?, lineText: String?) -> LSPDiagnostic {
        let line = max((problem.line ?? 1) - 1, 0)
        let whole =
            lineText.map { Range(line: line, from: 0, to: DocumentText.columns($0)) }
            ?? Range(start: Position(line: line, character: 0), end: Position(line: line + 1, character: 0))
        return LSPDiagnostic(
            range: range ?? whole, severity: problem.severity == .error ? 1 : 2, code: problem.code, source: "vault",
            message: problem.message)
    }
}
