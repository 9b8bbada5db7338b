import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// The full-screen study session: one card at a time, question, reveal, rate.
/// Every rating is appended to the ledger as it is made, so quitting keeps
/// every answer given; the session summary is printed on the normal screen.
/// The card's place and source stay pinned at the top, the rating keys (with
/// the interval each would give) at the bottom; the card between scrolls.
struct StudyScreen {
    let context: CommandContext
    /// The session's rules and state.
    var flow: StudyFlow
    /// Records each answer as it is given.
    let studying: Studying

    /// Runs the session until the queue is done or the user quits; returns the answers given.
    /// - Throws: `ExitCode(130)` after Ctrl-C (the answers given are kept).
    @discardableResult
    mutating func run() throws -> StudySession {
        guard !flow.isFinished else {
            context.output.line(summary(flow.summary(elapsedMilliseconds: 0)))
            return flow.session
        }
        let started = DispatchTime.now()
        let style = RawTerminal.style
        let terminal = try RawTerminal()
        defer {
            terminal.leave()
            context.output.line(summary(flow.summary(elapsedMilliseconds: ScreenClock.milliseconds(since: started))))
            context.output.flush()
        }
        var message = ""
        var shownAt = DispatchTime.now()
        var scroll = ScrollPosition()
        var shownIndex = -1
        // A card's pictures, drawn by chafa as the memory palaces' are (their paths, without chafa).
        var picture = LociPicture(files: context.app().files, enabled: true, style: style)
        var picturePaths: [String: [String]] = [:]
        while !flow.ended, let entry = flow.entry {
            // Event times follow the session's clock (VAULT_NOW plus the time spent), so answers stay in order.
            let elapsed = ScreenClock.milliseconds(since: started)
            let time = flow.time(elapsedMilliseconds: elapsed)
            // The question's clock starts when a card is first shown (a redraw, a hint or a message keeps it).
            if flow.index != shownIndex {
                shownAt = DispatchTime.now()
                shownIndex = flow.index
            }
            let paths = picturePaths[entry.card.id] ?? studying.pictures(of: entry.card)
            picturePaths[entry.card.id] = paths
            let size = terminal.size
            let art = paths.flatMap {
                [""] + picture.lines($0, columns: min(size.columns, 60), rows: max(4, min(16, size.rows / 3)))
            }
            let frame = self.frame(
                entry: entry, index: flow.index, revealed: flow.revealed, session: flow.session, message: message,
                at: time, columns: size.columns, style: style,
                seconds: ScreenClock.milliseconds(since: shownAt) / 1000, pictures: art)
            terminal.draw(frame, scroll: scroll, style: style)
            let shownMessage = message
            message = ""
            let input: StudyFlow.Input
            // The timer ticks once a second until the answer is shown.
            switch try terminal.nextKey(
                for: &flow, quit: .quit, scroll: &scroll, frame: frame, tickMilliseconds: flow.revealed ? -1 : 1_000)
            {
            case .redraw: continue
            case .leave: input = .quit
            case .other(.tick):
                message = shownMessage  // a tick only moves the timer on
                continue
            case .other(.character("h")) where !flow.revealed && entry.card.hint != nil: input = .hint
            case .other(.character("p")) where flow.promotionOffered != nil:
                input = .promote(elapsedMilliseconds: elapsed)
            case .other(.character("u")) where flow.canUndo:
                // The last answer taken back (an answer-undo event): its card is asked again.
                input = .undo(elapsedMilliseconds: elapsed)
                message = "Took back the last answer (\(flow.lastAnswer.map { $0.answer.ledgerValue } ?? "")): the card is asked again."
            case .other(.character(" ")), .other(.enter): input = .reveal
            case .other(.character(let c)) where flow.revealed:
                guard let answer = flow.answer(forKey: c) else {
                    message = keysHelp(entry, revealed: true)
                    continue
                }
                input = .rate(
                    answer, elapsedMilliseconds: elapsed,
                    responseMilliseconds: ScreenClock.milliseconds(since: shownAt))
            default:
                message = keysHelp(entry, revealed: flow.revealed)
                continue
            }
            let shown = flow.index
            _ = try flow.send(input, through: studying)  // finish ends the loop
            if flow.index != shown { scroll = ScrollPosition() }
            if flow.index < shown { shownIndex = -1 }  // an undo: the card's clock starts again
        }
        return flow.session
    }

    func keysHelp(_ entry: StudyQueue.Entry, revealed: Bool) -> String {
        let undo = flow.canUndo ? " · u takes back the last answer" : ""
        guard revealed else {
            return entry.card.hint != nil
                ? "space or enter reveals the answer · h shows the hint\(undo) · q quits"
                : "space or enter reveals the answer\(undo) · q quits"
        }
        let choices = RatingChoice.choices(for: entry.schedule.settings.name)
        // Six words do not fit a narrow message line: the scale's ends stand for it.
        if choices.count > 4, let first = choices.first, let last = choices.last {
            return "rate the answer \(first.key)-\(last.key) (\(first.key) \(first.label) … \(last.key) \(last.label)) · q quits"
        }
        return "rate the answer: " + choices.map { "\($0.key) \($0.label)" }.joined(separator: " · ") + " · q quits"
    }

    /// The summary printed after the session (also after q).
    func summary(_ summary: StudyFlow.Summary) -> String {
        let tz = context.timeZone
        let session = summary.session
        var lines: [String] = []
        if summary.queued == 0 {
            lines.append(
                flow.queue.isDayOff
                    ? "Nothing to study now: today is a day off from study (study.limits_by_day)."
                    : flow.queue.dailyLimitReached
                    ? "Nothing to study now: the daily limit of \(flow.queue.dailyLimit) is reached (\(flow.queue.studiedToday) answered today)."
                    : "Nothing to study now.")
        } else {
            let head = summary.stopped ? "Session stopped" : "Session done"
            lines.append("\(head): \(plural(session.cardsStudied, "card")) studied of \(summary.queued).")
        }
        if let accuracy = session.tally.sentence {
            lines.append(accuracy)
            lines.append(
                "Time: \(Self.duration(summary.elapsedMilliseconds)) (\(Self.duration(session.answeringMilliseconds)) answering)."
            )
        }
        if let next = summary.nextDue {
            lines.append(
                "Next card due \(RelativeTime.describe(next, from: summary.end, in: tz)) (\(VaultDate.isoString(next, in: tz)))."
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `1m 05s`, `42s`.
    static func duration(_ milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        return seconds >= 60 ? String(format: "%dm %02ds", seconds / 60, seconds % 60) : "\(seconds)s"
    }

    /// The pinned lines, the card and the keys.
    func frame(
        entry: StudyQueue.Entry, index: Int, revealed: Bool, session: StudySession, message: String, at time: Date,
        columns: Int, style: ANSIStyle, seconds: Int = 0, pictures: [String] = []
    ) -> ScreenFrame {
        let card = entry.card
        // Before the first answer the session's size and length; then the accuracy so far.
        let progress: String
        if let live = session.tally.progress {
            progress = live
        } else {
            let estimate = flow.estimate
            progress = "0 answered · \(plural(estimate.cards, "card")), ~\(estimate.minutes) min"
        }
        var timer = ""
        let clock = revealed ? "" : "\(seconds)s"
        if !revealed {
            switch flow.timerLevel(seconds: seconds) {
            case .green: timer = "  " + style.green(clock)
            case .amber: timer = "  " + style.yellow(clock)
            case .red: timer = "  " + style.red(clock)
            }
        }
        let cram = flow.queue.focus == .cram ? "cram · " : ""
        let title = "Card \(index + 1) of \(flow.queue.entries.count)"
        // A narrow window cuts the deck, scheduler and progress, never the card's number or the timer.
        let room = columns - title.count - 2 - (revealed ? 0 : clock.count + 2)
        let detail = "\(cram)\(TerminalText.forScreen(entry.group.name)) · \(entry.schedule.settings.name.rawValue) · \(progress)"
        var header = [
            style.bold(title) + "  " + style.dim(room > 0 ? truncated(detail, room) : "") + timer,
            style.dim(TerminalText.forScreen("\(card.notePath):\(card.line)")),
        ]
        // Reminders not acted on come first, until the first answer acts on them.
        if let latest = flow.pendingReminders.first {
            let count = flow.pendingReminders.count
            header.insert(
                style.yellow(count == 1 ? "1 reminder waiting" : "\(count) reminders waiting")
                    + style.dim(
                        " since \(SessionText.clock(flow.pendingReminders.last!.raised, context.timeZone)): "
                            + "\(TerminalText.forScreen(latest.title)) (answering here acts on it)"),
                at: 0)
        }
        let gap = Card.clozeGap
        var body = TerminalText.screenLines(card.question, style: style, columns: columns).map {
            $0.replacingOccurrences(of: gap, with: style.highlight(style.bold(gap)))
        }
        body += pictures
        if revealed {
            body.append("")
            body.append(style.dim(String(repeating: "─", count: min(columns, 40))))
            // A cloze's sentence whole again, the hidden words marked where they were: the
            // answer goes in before wrapping (so lines keep their width), between two
            // private-use marks that become the highlight's escape codes after.
            let (open, close) = ("\u{E000}", "\u{E001}")
            let on = style.enabled ? "\u{1B}[1m\u{1B}[7m" : ""
            let off = style.enabled ? "\u{1B}[27m\u{1B}[22m" : ""
            body += TerminalText.screenLines(card.revealed(marking: open, close), style: style, columns: columns)
                .map { $0.replacingOccurrences(of: open, with: on).replacingOccurrences(of: close, with: off) }
        } else {
            if flow.hintShown, let hint = card.hint {
                body.append("")
                body += TerminalText.screenLines("Hint: " + hint, style: style, columns: columns).map(style.yellow)
            }
            body.append("")
            body.append(style.dim("(space: show the answer)"))
        }
        let keys: String
        let compactKeys: String?
        let undo = flow.canUndo ? "u undo · " : ""
        if !revealed {
            keys =
                "space/enter reveal · " + (card.hint != nil && !flow.hintShown ? "h hint · " : "") + undo
                + "↓↑ scroll · q quit"
            compactKeys = nil
        } else {
            var rest = " · " + undo + "q quit"
            if let tier = flow.promotionOffered { rest = " · p promote to \(tier.rawValue)" + rest }
            keys = ratingKeys(at: time) + rest
            compactKeys = ratingKeys(at: time, words: false) + rest
        }
        return ScreenFrame(header: header, body: body, message: message, keys: keys, compactKeys: compactKeys)
    }

    /// `1 again 1m · 2 hard 6m · 3 good 10m · 4 easy 3d`: the flow's rating
    /// choices, each key with its word and the interval its answer would give
    /// (`0 blackout 1d · … · 5 perfect 6d` for sm2 cards); without `words`,
    /// `1 1m · 2 6m · …` for a narrow window.
    func ratingKeys(at time: Date, words: Bool = true) -> String {
        let style = RawTerminal.style
        return flow.ratings(at: time).map { rating in
            // Each answer in its tone's colour, as the web's buttons (red, amber, green, cyan for easy).
            let key = String(rating.choice.key) + (words ? " " + rating.choice.label : "")
            let coloured: String
            switch rating.choice.tone {
            case .failed: coloured = style.red(key)
            case .hard: coloured = style.yellow(key)
            case .good: coloured = style.green(key)
            case .easy: coloured = style.cyan(key)
            }
            return "\(coloured) \(rating.interval)"
        }
        .joined(separator: " · ")
    }

}
