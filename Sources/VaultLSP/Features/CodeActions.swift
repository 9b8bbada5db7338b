import Foundation
import VaultApp
import VaultCore

/// `textDocument/codeAction`: create the note an unresolved link names
/// (as `vault new` writes it: an id, `created`, the title as a heading, at
/// the config's `new_note_path`); keep or archive this note in the review
/// period it is due in (carried out by the server through
/// `workspace/executeCommand`, `vault.curate`, with the same `curate` event
/// `vault review` writes); answer a flashcard up for study (``CardAnswers``,
/// `vault.answer`); add an `id` to a note without one.
public enum CodeActions {
    /// The command that records a curation decision: arguments URI, `keep`|`archive`, level, period id.
    public static let curate = "vault.curate"

    public static func actions(for range: Range, in path: String, workspace: VaultWorkspace) -> [CodeActionItem] {
        guard let text = workspace.text(at: path), let note = workspace.note(at: path) else { return [] }
        var out: [CodeActionItem] = []
        let app = workspace.app
        for link in LinkSpan.scan(text, line: range.start.line)
        where link.isWiki && !link.target.isEmpty && link.range.start <= range.end && range.start <= link.range.end {
            guard case .unresolved = workspace.resolver.resolveWiki(link.target, from: path) else { continue }
            let title = link.target.split(separator: "/").last.map(String.init) ?? link.target
            // Checked as `vault new` checks a note; one that would not pass is not offered.
            let creation = NoteCreation(app)
            guard let draft = try? creation.draft(creation.note(title: title)),
                workspace.note(at: draft.path) == nil, !app.files.exists(draft.path)
            else { continue }
            let uri = workspace.uri(of: draft.path)
            out.append(
                .action(
                    CodeAction(
                        title: "Create the note \"\(title)\" (\(draft.path))", kind: "quickfix",
                        edit: WorkspaceEdit(documentChanges: [
                            .create(uri: uri),
                            .edit(
                                uri: uri, version: nil,
                                edits: [TextEdit(range: Range(line: 0, from: 0, to: 0), newText: draft.text)]),
                        ]))))
        }
        if let due = duePeriod(of: path, app: app) {
            for decision in [CurationDecision.keep, .archive] {
                out.append(
                    .command(
                        Command(
                            title:
                                "\(decision == .keep ? "Keep" : "Archive") in the \(due.level.rawValue) review \(due.id)",
                            command: curate,
                            arguments: [workspace.uri(of: path), decision.rawValue, due.level.rawValue, due.id])))
            }
        }
        out += CardAnswers.actions(for: range, in: path, workspace: workspace)
        if note.id == nil {
            let id = app.newIDs.newID()
            let edit: TextEdit =
                text.frontMatter != nil
                ? TextEdit(range: Range(line: 1, from: 0, to: 0), newText: "id: \(id)\n")
                : TextEdit(range: Range(line: 0, from: 0, to: 0), newText: "---\nid: \(id)\n---\n")
            out.append(
                .action(
                    CodeAction(
                        title: "Add an id to this note", kind: "source",
                        edit: WorkspaceEdit(documentChanges: [
                            .edit(
                                uri: workspace.uri(of: path), version: workspace.documents[path]?.version, edits: [edit]
                            )
                        ]))))
        }
        return out
    }

    /// The review period the note is up for, when its review day has come and the note is undecided in it.
    static func duePeriod(of path: String, app: AppContext) -> ReviewPeriod? {
        guard let next = CurationSnapshot.load(app).board.nextReview(ofNoteAt: path, today: app.today),
            next.isActionable
        else { return nil }
        return next.period
    }

    /// `vault.curate URI keep|archive LEVEL PERIOD`: the decision recorded as `vault review` records it.
    /// - Returns: a sentence saying what was recorded.
    public static func execute(_ arguments: [JSONValue], workspace: VaultWorkspace) throws -> String {
        let words = arguments.compactMap(\.string)
        guard words.count == 4, let path = workspace.path(of: words[0]),
            let decision = CurationDecision(rawValue: words[1]),
            decision != .undo, let level = ReviewLevel(rawValue: words[2]),
            let period = ReviewPeriod(words[3], level: level)
        else { throw RPCError.invalidParams("expected a note's URI, keep or archive, a review level and a period") }
        let review = CurationReview(CurationSnapshot.load(workspace.app), level: level, period: period)
        guard let resolved = try review.resolve([(decision, [path])]).first else {
            throw RPCError.failed("no note at \(path)")
        }
        let recorded = try review.record(resolved.decision, resolved.note)
        return "\(decision == .keep ? "Kept" : "Archived") \(recorded.note.title) in \(period.title)"
            + (recorded.adopted ? " (the note was given an id)" : "")
    }
}
