import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultStore

/// The full-screen review of one period: one note at a time, a key per decision.
/// Every decision is appended to the ledger as it is made, so quitting loses nothing.
struct ReviewScreen {
    let review: CurationReview
    let context: CommandContext
    var period: ReviewPeriod { review.period }

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
        let terminal = try RawTerminal()
        defer {
            terminal.leave()
            for path in adoptedPaths { out.line("Added an id to \(path)") }
            let decided = decisions.filter { $0 != nil }.count
            out.line("\(period.title): \(decided) of \(plural(notes.count, "note")) decided.")
            out.flush()
        }
        while true {
            draw(terminal, notes: notes, decisions: decisions, index: index, message: message)
            message = ""
            let key = terminal.readKey()
            func decide(_ decision: CurationDecision) throws {
                guard index < notes.count else { return }
                let identity = try self.review.record(decision, notes[index])
                if identity.adopted {
                    notes[index].id = identity.id
                    adoptedPaths.append(notes[index].path)
                    message = "Added id \(identity.id) to \(notes[index].path). "
                }
                decisions[index] = decision
                index += 1
            }
            switch key {
            case .character("q"), .character("Q"), .interrupt:
                return
            case .character("k"):
                try decide(.keep)
            case .character("a"):
                try decide(.archive)
            case .character("s"), .character(" "), .right, .enter:
                if index < notes.count { index += 1 }
            case .character("p"), .left:
                if index > 0 { index -= 1 }
            case .character("e"):
                guard index < notes.count else { break }
                terminal.leave()
                defer { terminal.enter() }
                do {
                    try Editor.open(context.vault.layout.url(of: notes[index].path).path)
                    notes[index] = try context.app().notes.note(at: notes[index].path).summary
                } catch {
                    message = error.localizedDescription
                }
            default:
                message = "Keys: k keep, a archive, s skip, p previous, e edit, q quit."
            }
        }
    }

    func draw(
        _ terminal: RawTerminal, notes: [NoteSummary], decisions: [CurationDecision?], index: Int, message: String
    ) {
        let style = ANSIStyle(enabled: ProcessInfo.processInfo.environment["NO_COLOR"]?.isEmpty ?? true)
        let (rows, columns) = terminal.size
        var lines: [String] = []
        let decided = decisions.filter { $0 != nil }.count
        if index >= notes.count {
            lines.append(style.bold("\(period.title) — done"))
            lines.append("")
            lines.append("\(decided) of \(plural(notes.count, "note")) decided.")
            lines.append("")
            lines.append(style.dim("p previous · q quit"))
        } else {
            let note = notes[index]
            let mark =
                decisions[index].map { $0 == .keep ? style.green("[kept]") : style.red("[archived]") }
                ?? style.dim("[pending]")
            lines.append(
                style.bold("\(period.title) — \(index + 1) of \(notes.count)") + "  " + mark
                    + style.dim("  (\(decided) decided)"))
            lines.append(String(repeating: "─", count: min(columns, 80)))
            // One read per redraw: the header and the body come from the same bytes.
            let data = try? NoteLoader(layout: context.vault.layout, timeZone: context.timeZone).read(note.path)
            let full = data.map { NoteParser.parse($0, path: note.path, timeZone: context.timeZone) }
            let header =
                full.map { NoteHeader(note: $0, config: context.config, style: style) }
                ?? NoteHeader(summary: note, config: context.config, style: style)
            lines += header.render().split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init)
            lines.append("")
            if let data {
                let document = NoteParser.body(of: data).withUnsafeBytes {
                    CommonMark.document(of: $0.bindMemory(to: UInt8.self))
                }
                let body = TerminalRenderer(style: style).render(document)
                let room = max(1, rows - lines.count - 3)
                var bodyLines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if bodyLines.count > room {
                    bodyLines = Array(bodyLines.prefix(room - 1)) + [style.dim("…")]
                }
                lines += bodyLines
            }
        }
        var screen = "\u{1B}[H\u{1B}[2J"
        for line in lines.prefix(rows - 2) { screen += line + "\u{1B}[K\r\n" }
        screen +=
            "\u{1B}[\(rows - 1);1H" + (message.isEmpty ? "" : style.yellow(String(message.prefix(columns))))
            + "\u{1B}[K"
        screen +=
            "\u{1B}[\(rows);1H" + style.dim("k keep · a archive · s/→ skip · p/← previous · e edit · q quit")
            + "\u{1B}[K"
        terminal.write(screen)
    }
}
