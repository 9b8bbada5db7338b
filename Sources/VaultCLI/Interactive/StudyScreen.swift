import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultStore

/// The full-screen study session: one card at a time, question, reveal, rate.
/// Every rating is appended to the ledger as it is made, so quitting keeps
/// every answer given; the session summary is printed on the normal screen.
struct StudyScreen {
    let context: CommandContext
    let queue: StudyQueue
    /// The replay the queue was planned from (schedules and re-links for answering).
    var replay: CardReplay
    /// Records each answer as it is given.
    let studying: Studying

    /// Runs the session until the queue is done or the user quits; returns the answers given.
    @discardableResult
    mutating func run() throws -> StudySession {
        var session = StudySession()
        guard !queue.entries.isEmpty else {
            context.output.line(summary(session, quit: false))
            return session
        }
        let started = DispatchTime.now()
        let terminal = try RawTerminal()
        var quit = false
        defer {
            terminal.leave()
            context.output.line(summary(session, quit: quit, elapsed: Self.milliseconds(since: started)))
            context.output.flush()
        }
        var index = 0
        var revealed = false
        var message = ""
        var shownAt = DispatchTime.now()
        while index < queue.entries.count {
            let entry = queue.entries[index]
            draw(terminal, entry: entry, index: index, revealed: revealed, session: session, message: message)
            if !revealed && message.isEmpty { shownAt = DispatchTime.now() }
            message = ""
            let key = terminal.readKey()
            switch key {
            case .character("q"), .character("Q"), .interrupt:
                quit = true
                return session
            case .character(" "), .enter:
                revealed = true
            case .character(let c) where revealed:
                guard let answer = ReviewAnswer(key: c, scheduler: entry.schedule.settings.name) else {
                    message = keysHelp(entry, revealed: true)
                    break
                }
                let responseMs = Self.milliseconds(since: shownAt)
                // Event times follow the session's clock (VAULT_NOW plus the time spent), so answers stay in order.
                let time = context.now.addingTimeInterval(Double(Self.milliseconds(since: started)) / 1000)
                let answered = CardAnswering.answer(
                    entry.card, with: answer, at: time, responseMilliseconds: responseMs, replay: replay,
                    config: context.config.schedulers)
                try studying.record(answered.events)
                replay.schedules[entry.card.id] = answered.schedule
                session.record(
                    .init(
                        card: entry.card, answer: answer, responseMilliseconds: responseMs, schedule: answered.schedule)
                )
                index += 1
                revealed = false
            default:
                message = keysHelp(entry, revealed: revealed)
            }
        }
        return session
    }

    static func milliseconds(since start: DispatchTime) -> Int {
        Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
    }

    func keysHelp(_ entry: StudyQueue.Entry, revealed: Bool) -> String {
        guard revealed else { return "space or enter reveals the answer · q quits" }
        return entry.schedule.settings.name == .sm2
            ? "rate the answer 0-5 (0 blackout … 5 perfect) · q quits"
            : "rate the answer: 1 again · 2 hard · 3 good · 4 easy · q quits"
    }

    /// The summary printed after the session (also after q).
    func summary(_ session: StudySession, quit: Bool, elapsed: Int = 0) -> String {
        let tz = context.timeZone
        var lines: [String] = []
        if queue.entries.isEmpty {
            lines.append("Nothing to study now.")
        } else {
            let head = quit ? "Session stopped" : "Session done"
            lines.append("\(head): \(plural(session.cardsStudied, "card")) studied of \(queue.entries.count).")
        }
        if let accuracy = session.accuracy {
            lines.append(
                "Accuracy: \(Int((accuracy * 100).rounded()))% (\(session.correct) of \(plural(session.answers.count, "answer")) correct)."
            )
            lines.append("Time: \(Self.duration(elapsed)) (\(Self.duration(session.answeringMilliseconds)) answering).")
        }
        let end = context.now.addingTimeInterval(Double(elapsed) / 1000)
        if let next = StudySession.nextDue(replay.schedules.values, after: end) {
            lines.append("Next due: \(VaultDate.isoString(next, in: tz)).")
        }
        return lines.joined(separator: "\n")
    }

    /// `1m 05s`, `42s`.
    static func duration(_ milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        return seconds >= 60 ? String(format: "%dm %02ds", seconds / 60, seconds % 60) : "\(seconds)s"
    }

    func draw(
        _ terminal: RawTerminal, entry: StudyQueue.Entry, index: Int, revealed: Bool, session: StudySession,
        message: String
    ) {
        let style = ANSIStyle(enabled: ProcessInfo.processInfo.environment["NO_COLOR"]?.isEmpty ?? true)
        let (rows, columns) = terminal.size
        let card = entry.card
        var lines: [String] = []
        lines.append(
            style.bold("Card \(index + 1) of \(queue.entries.count)") + "  "
                + style.dim(
                    "\(entry.group.name) · \(entry.schedule.settings.name.rawValue) · \(card.notePath):\(card.line)"))
        lines.append(String(repeating: "─", count: min(columns, 80)))
        lines += render(card.question, style: style)
        if revealed {
            lines.append("")
            lines.append(String(repeating: "─", count: min(columns, 40)))
            lines += render(card.answer, style: style)
        } else {
            lines.append("")
            lines.append(style.dim("(space: show the answer)"))
        }
        var screen = "\u{1B}[H\u{1B}[2J"
        for line in lines.prefix(max(1, rows - 2)) { screen += line + "\u{1B}[K\r\n" }
        screen +=
            "\u{1B}[\(rows - 1);1H" + (message.isEmpty ? "" : style.yellow(String(message.prefix(columns))))
            + "\u{1B}[K"
        let keys: String
        if !revealed {
            keys = "space/enter reveal · q quit"
        } else if entry.schedule.settings.name == .sm2 {
            keys = "0-5 rate (0 blackout … 5 perfect) · q quit"
        } else {
            keys = "1 again · 2 hard · 3 good · 4 easy · q quit"
        }
        screen += "\u{1B}[\(rows);1H" + style.dim(keys + "  (\(session.answers.count) answered)") + "\u{1B}[K"
        terminal.write(screen)
    }

    /// Markdown text rendered for the terminal, as lines.
    func render(_ text: String, style: ANSIStyle) -> [String] {
        var bytes = Array(text.utf8)
        let document = bytes.withUnsafeMutableBufferPointer { CommonMark.document(of: UnsafeBufferPointer($0)) }
        let rendered = TerminalRenderer(style: style).render(document)
        var lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
