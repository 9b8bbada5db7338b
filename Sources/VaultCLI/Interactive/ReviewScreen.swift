import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// The full-screen review of one period: one note at a time, a key per decision.
/// Every decision is appended to the ledger as it is made, so quitting loses nothing.
///
/// The period, the count and the title stay pinned at the top and the keys at
/// the bottom; the note between them is wrapped to the window and scrolls.
struct ReviewScreen {
    let review: CurationReview
    let context: CommandContext
    var period: ReviewPeriod { review.period }

    static let keys = "k keep · a archive · s/→ skip · p/← previous · ↓↑ scroll · e edit · q quit"
    static let compactKeys = "k keep · a archive · s skip · p back · e edit · q quit"

    /// - Throws: `ExitCode(130)` after Ctrl-C (the decisions made are kept).
    func run() throws {
        let review = self.review.review
        let out = context.output
        guard !review.items.isEmpty else {
            out.line("\(period.title): nothing to review.")
            return
        }
        var notes = review.items.map(\.note)
        var decisions = review.decisions.map { $0?.decision }
        var index = decisions.firstIndex(where: { $0 == nil }) ?? 0
        var message = ""
        var adoptedPaths: [String] = []
        var scroll = ScrollPosition()
        var body: (index: Int, columns: Int, lines: [String])?
        let style = RawTerminal.style
        let terminal = try RawTerminal()
        defer {
            terminal.leave()
            for path in adoptedPaths { out.line("Added an id to \(path)") }
            let decided = decisions.filter { $0 != nil }.count
            out.line("\(period.title): \(decided) of \(plural(notes.count, "note")) decided.")
            out.flush()
        }
        while true {
            let columns = terminal.size.columns
            if body?.index != index || body?.columns != columns {
                body = (
                    index, columns, index < notes.count ? bodyLines(notes[index], columns: columns, style: style) : []
                )
            }
            let frame = self.frame(
                notes: notes, decisions: decisions, index: index, body: body?.lines ?? [], message: message,
                style: style)
            terminal.draw(frame, scroll: scroll, style: style)
            message = ""
            let key = terminal.readKey()
            if scroll.handle(key, frame: frame, rows: terminal.size.rows) { continue }
            func decide(_ decision: CurationDecision) throws {
                guard index < notes.count else { return }
                let identity = try self.review.record(decision, notes[index])
                if identity.adopted {
                    notes[index].id = identity.id
                    adoptedPaths.append(notes[index].path)
                    message = "Added id \(identity.id) to \(notes[index].path). "
                }
                decisions[index] = decision
                move(to: index + 1)
            }
            func move(to next: Int) {
                index = min(max(0, next), notes.count)
                scroll = ScrollPosition()
            }
            switch key {
            case .character("q"), .character("Q"), .endOfInput:
                return
            case .interrupt:
                throw ExitCode(130)
            case .suspend:
                terminal.suspend()
            case .resize:
                break
            case .character("k"):
                try decide(.keep)
            case .character("a"):
                try decide(.archive)
            case .character("s"), .character(" "), .right, .enter:
                if index < notes.count { move(to: index + 1) }
            case .character("p"), .left:
                if index > 0 { move(to: index - 1) }
            case .character("e"):
                guard index < notes.count else { break }
                terminal.leave()
                defer { terminal.enter() }
                do {
                    try Editor.open(context.app().files.location(of: notes[index].path).path)
                    notes[index] = try context.app().notes.note(at: notes[index].path).summary
                    body = nil
                } catch {
                    message = error.localizedDescription
                }
            default:
                message = "Keys: k keep, a archive, s skip, p previous, ↓↑ PgDn PgUp scroll, e edit, q quit."
            }
        }
    }

    /// The pinned lines, the note's lines and the keys for the note at `index`
    /// (or the closing page after the last note).
    func frame(
        notes: [NoteSummary], decisions: [CurationDecision?], index: Int, body: [String], message: String,
        style: ANSIStyle
    ) -> ScreenFrame {
        let decided = decisions.filter { $0 != nil }.count
        guard index < notes.count else {
            return ScreenFrame(
                header: [style.bold("\(period.title) — done")],
                body: ["", "\(decided) of \(plural(notes.count, "note")) decided."], message: message,
                keys: "p previous · q quit")
        }
        let note = notes[index]
        let mark =
            decisions[index].map { $0 == .keep ? style.green("[kept]") : style.red("[archived]") }
            ?? style.dim("[pending]")
        return ScreenFrame(
            header: [
                style.bold("\(period.title) — \(index + 1) of \(notes.count)") + "  " + mark
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
            var text = Array(TerminalText.forScreen(String(decoding: NoteParser.body(of: data), as: UTF8.self)).utf8)
            let document = text.withUnsafeMutableBufferPointer { CommonMark.document(of: UnsafeBufferPointer($0)) }
            let rendered = TerminalRenderer(style: style, width: columns).render(document, droppingTitle: note.title)
            lines += rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
