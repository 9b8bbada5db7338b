import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// The full-screen review of one period: one note at a time, a key per decision.
/// Every decision is appended to the ledger as it is made, so quitting loses nothing.
///
/// The period, the count and the title stay pinned at the top and the keys at
/// the bottom; the note between them is wrapped to the window and scrolls.
struct ReviewScreen {
    let review: CurationReview
    let context: CommandContext
    /// Shown on the first frame (the warnings said before the review: the screen would hide them).
    var notice = ""
    var period: ReviewPeriod { review.period }

    static let keys = "k keep · a archive · s/→ skip · p/← previous · ↓↑ scroll · e edit · q quit"
    static let compactKeys = "k keep · a archive · s skip · p back · e edit · q quit"

    /// - Throws: `ExitCode(130)` after Ctrl-C (the decisions made are kept).
    func run() throws {
        var flow = ReviewFlow(review)
        let out = context.output
        guard !flow.notes.isEmpty else {
            out.line("\(period.title): nothing to review.")
            return
        }
        var message = notice
        var scroll = ScrollPosition()
        var body: (index: Int, columns: Int, lines: [String])?
        let style = RawTerminal.style
        let terminal = try RawTerminal()
        defer {
            terminal.leave()
            let summary = flow.summary
            for path in summary.adoptedPaths { out.line("Added an id to \(path)") }
            out.line("\(summary.periodTitle): \(summary.decided) of \(plural(summary.total, "note")) decided.")
            out.flush()
        }
        while !flow.ended {
            let columns = terminal.size.columns
            if body?.index != flow.index || body?.columns != columns {
                body = (flow.index, columns, flow.note.map { bodyLines($0, columns: columns, style: style) } ?? [])
            }
            let frame = self.frame(flow, body: body?.lines ?? [], message: message, style: style)
            terminal.draw(frame, scroll: scroll, style: style)
            message = ""
            let input: ReviewFlow.Input
            switch try terminal.nextKey(for: &flow, quit: .quit, scroll: &scroll, frame: frame) {
            case .redraw: continue
            case .leave: input = .quit
            case .other(.character("k")): input = .keep
            case .other(.character("a")): input = .archive
            case .other(.character("s")), .other(.character(" ")), .other(.right), .other(.enter): input = .skip
            case .other(.character("p")), .other(.left): input = .previous
            case .other(.character("e")): input = .edit
            default:
                message = "Keys: k keep, a archive, s skip, p previous, ↓↑ PgDn PgUp scroll, e edit, q quit."
                continue
            }
            let shown = flow.index
            // The review writes the decisions; `finish` ends the loop (the summary is printed on the way out).
            for case .openInEditor(let path) in try flow.send(input, through: review) {
                _ = flow.handle(edit(path, terminal: terminal))
                body = nil
            }
            if flow.index != shown { scroll = ScrollPosition() }
            switch flow.notice {
            case .adoptedID(let id, let path): message = TerminalText.forScreen("Added id \(id) to \(path). ")
            case .editFailed(let sentence): message = TerminalText.forScreen(sentence)
            case nil: break
            }
        }
    }

    /// Opens the note at `path` in the editor, off the alternate screen, and
    /// returns what the flow is told: the note read back, or why not.
    func edit(_ path: String, terminal: RawTerminal) -> ReviewFlow.Input {
        terminal.leave()
        defer { terminal.enter() }
        do {
            try Editor.open(context.app().files.location(of: path).path)
            return .edited(try review.snapshot.context.notes.note(at: path).summary)
        } catch {
            return .editFailed(error.localizedDescription)
        }
    }

    /// The pinned lines, the note's lines and the keys for the note the flow
    /// shows (or the closing page after the last note).
    func frame(_ flow: ReviewFlow, body: [String], message: String, style: ANSIStyle) -> ScreenFrame {
        let decided = flow.decidedCount
        guard let note = flow.note else {
            return ScreenFrame(
                header: [
                    style.bold(
                        flow.isComplete
                            ? "\(period.title) — done" : "\(period.title) — \(flow.pendingCount) pending")
                ],
                body: ["", "\(decided) of \(plural(flow.notes.count, "note")) decided."], message: message,
                keys: "p previous · q quit")
        }
        let mark =
            flow.decision.map { $0 == .keep ? style.green("[kept]") : style.red("[archived]") }
            ?? style.dim("[pending]")
        return ScreenFrame(
            header: [
                style.bold("\(period.title) — \(flow.index + 1) of \(flow.notes.count)") + "  " + mark
                    + style.dim("  (\(decided) decided)"),
                style.bold(TerminalText.forScreen(note.title)),
            ],
            body: body, message: message, keys: Self.keys, compactKeys: Self.compactKeys)
    }

    /// The note below its title: category, source and tags, then the body
    /// wrapped to `columns` (its first heading left out when it repeats the title).
    func bodyLines(_ note: NoteSummary, columns: Int, style: ANSIStyle) -> [String] {
        // One read per note: the facts and the body come from the same bytes.
        let data = try? context.app().files.read(note.path)
        let full = data.map { NoteParser.parse($0, path: note.path, timeZone: context.timeZone) }
        let header =
            full.map { NoteHeader(note: $0, config: context.config, style: style) }
            ?? NoteHeader(summary: note, config: context.config, style: style)
        var lines = TerminalText.sanitized(header.render(), keepingColour: true).split(
            separator: "\n", omittingEmptySubsequences: false
        ).dropFirst()
            .flatMap { TextWrap.wrap(String($0), width: columns) }
        lines.append("")
        if let data {
            let document = ObsidianDocument(
                markdown: TerminalText.forScreen(String(decoding: NoteParser.body(of: data), as: UTF8.self))
            ).root
            let rendered = TerminalRenderer(style: style, width: columns).render(document, droppingTitle: note.title)
            lines += rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
