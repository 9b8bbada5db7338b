import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// The full-screen memory-palace views, on the same screen layer, keys and
/// look as `vault review` and `vault study`:
/// - learn: every location in walking order, → next and ← previous;
/// - review: the number, then (a key) the picture, then (a key) the name and
///   description, then a 0-5 rating;
/// - reverse: the name; the number is typed and checked, then a 0-5 rating.
/// Each rating is appended to the ledger as it is made; quitting keeps them.
struct LociScreen {
    let context: CommandContext
    let palaces: LociPalaces
    let walk: LociWalk
    let mode: LociFlow.Mode
    let pictures: Bool

    /// Runs the screen until the walk is done or the user quits.
    /// - Throws: ``CLIError/lociNeedsTerminal(_:)`` without a terminal;
    ///   `ExitCode(130)` after Ctrl-C (the answers given are kept).
    func run() throws {
        guard RawTerminal.canDraw else {
            throw CLIError.lociNeedsTerminal(mode == .reverse ? "reverse" : "review")
        }
        var flow = LociFlow(palaces, walk: walk, mode: mode)
        guard !flow.order.isEmpty else {
            context.output.line("'\(TerminalText.oneLine(walk.name))' has no locations.")
            return
        }
        let style = RawTerminal.style
        var picture = LociPicture(files: context.app().files, enabled: pictures, style: style)
        let started = DispatchTime.now()
        let terminal = try RawTerminal()
        defer {
            terminal.leave()
            context.output.line(summary(flow.summary))
            context.output.flush()
        }
        var message = ""
        var shownAt = DispatchTime.now()
        var scroll = ScrollPosition()
        while !flow.ended, let stop = flow.stop {
            let (rows, columns) = terminal.size
            var frame = self.frame(flow, stop, rows: rows, columns: columns, picture: &picture, style: style)
            frame.message = message
            terminal.draw(frame, scroll: scroll, style: style)
            if flow.isFirstSight && message.isEmpty { shownAt = DispatchTime.now() }
            message = ""
            let input: LociFlow.Input
            let key = try terminal.nextKey(
                for: &flow, quit: .quit, scroll: &scroll, frame: frame, scrolls: flow.step != .typing)
            switch (key, flow.step) {
            case (.redraw, _): continue
            case (.leave, _): input = .quit
            case (.other(.right), .walking), (.other(.character("n")), .walking), (.other(.character(" ")), .walking),
                (.other(.enter), .walking):
                input = .next
            case (.other(.left), .walking), (.other(.character("p")), .walking): input = .previous
            case (.other(.character(" ")), .number), (.other(.enter), .number), (.other(.character(" ")), .picture),
                (.other(.enter), .picture):
                input = .reveal
            case (.other(.character(let c)), .typing) where c.isASCII && c.isNumber:
                input = .digit(c.wholeNumberValue ?? 0)
            case (.other(.character("\u{7F}")), .typing), (.other(.character("\u{8}")), .typing): input = .deleteDigit
            case (.other(.enter), .typing): input = .check
            case (.other(.character(let c)), .rating) where ("0"..."5").contains(c):
                input = .rate(
                    c.wholeNumberValue ?? 0, elapsedMilliseconds: ScreenClock.milliseconds(since: started),
                    responseMilliseconds: ScreenClock.milliseconds(since: shownAt))
            default:
                message = keysHelp(flow.step)
                continue
            }
            let shown = (flow.index, flow.step)
            _ = try flow.send(input, through: palaces)  // finish ends the loop
            if flow.index != shown.0 || flow.step != shown.1 { scroll = ScrollPosition() }
            switch flow.notice {
            case .lastLocation: message = "That was the last location; ← goes back, q quits."
            case .firstLocation: message = "That is the first location; → goes on, q quits."
            case .numberMissing: message = "type the location's number, then enter"
            case nil: break
            }
        }
    }

    func keysHelp(_ step: LociFlow.Step) -> String {
        switch step {
        case .walking: return "→ or space: next location · ←: previous · q quits"
        case .number: return "space shows the picture · q quits"
        case .picture: return "space shows the name · q quits"
        case .typing: return "type the number of this location, then enter"
        case .rating: return "rate your recall 0-5 (0 blackout … 5 perfect) · q quits"
        }
    }

    /// The header, the location as far as the flow shows it, and the keys.
    func frame(
        _ flow: LociFlow, _ stop: LociStop, rows: Int, columns: Int, picture: inout LociPicture, style: ANSIStyle
    ) -> ScreenFrame {
        let title: String
        switch mode {
        case .learn: title = "Learn"
        case .review: title = "Review"
        case .reverse: title = "Reverse"
        }
        var header = [
            style.bold("\(TerminalText.forScreen(walk.name)) — \(title) · \(flow.index + 1) of \(flow.order.count)")
        ]
        let state = flow.states.state(stop.key)
        if mode != .learn {
            header.append(
                style.dim(
                    state.due.map {
                        "due \(RelativeTime.describe($0, from: context.now, in: context.timeZone)) · EF \(String(format: "%.2f", state.easeFactor))"
                    }
                        ?? "new location"))
        }
        var body: [String] = []
        let number = style.bold(style.highlight(" \(stop.sequence) "))
        let pictureRows = max(4, (rows - header.count - 8) * 2 / 3)
        let pictureColumns = min(columns, 2 * pictureRows + 20, 100)
        func describe() {
            body.append(style.bold(TerminalText.forScreen(stop.name)))
            if !stop.description.isEmpty {
                body.append("")
                body += TerminalText.screenLines(stop.description, style: style, columns: columns)
            }
        }
        func drawPicture() {
            body.append("")
            body += picture.lines(stop.image, columns: pictureColumns, rows: pictureRows)
        }
        let keys: String
        switch flow.step {
        case .walking:
            body.append("Location \(number)")
            drawPicture()
            body.append("")
            describe()
            keys = "→ next · ← previous · ↓↑ scroll · q quit"
        case .number, .picture:
            body.append("Location \(number)")
            if flow.showsPicture { drawPicture() }
            keys = (flow.step == .number ? "space: the picture" : "space: the name") + " · q quit"
        case .typing:
            body.append(style.bold(TerminalText.forScreen(stop.name)))
            body.append("")
            body.append("Its number: \(flow.typed)▏")
            keys = "type the number · enter checks it · q quit"
        case .rating where mode == .review:
            body.append("Location \(number)")
            drawPicture()
            body.append("")
            describe()
            keys = ratingKeys(flow)
        case .rating:
            body.append(style.bold(TerminalText.forScreen(stop.name)))
            body.append("")
            body.append(
                flow.typedRight == true
                    ? style.green("Right: \(stop.sequence).")
                    : style.red("Wrong: you typed \(flow.typed); it is \(stop.sequence)."))
            drawPicture()
            if !stop.description.isEmpty {
                body.append("")
                body += TerminalText.screenLines(stop.description, style: style, columns: columns)
            }
            keys = ratingKeys(flow)
        }
        return ScreenFrame(
            header: header, body: body, keys: keys, compactKeys: flow.step == .rating ? "0-5 rate · q quit" : nil)
    }

    /// `0 1d · 1 1d · … · 5 6d`: each quality with the interval SM-2 would give.
    func ratingKeys(_ flow: LociFlow) -> String {
        (0...5).map { q in "\(q) \(flow.outcome(quality: q)?.interval ?? 0)d" }.joined(separator: " · ") + " · q quit"
    }

    /// What the session did, printed on the normal screen afterwards.
    func summary(_ summary: LociFlow.Summary) -> String {
        let name = TerminalText.oneLine(summary.walkName)
        guard summary.mode != .learn else { return "Walked '\(name)' (\(summary.count) locations)." }
        var lines = [
            "\(summary.stopped ? "Stopped" : "Done"): \(summary.rated) of \(summary.count) locations of '\(name)' rated."
        ]
        if summary.mode == .reverse, summary.rated > 0 {
            lines.append("Numbers right: \(summary.right) of \(summary.rated).")
        }
        if let next = summary.nextDue {
            lines.append(
                "Next location due \(RelativeTime.describe(next, from: context.now, in: context.timeZone)) (\(VaultDate.isoString(next, in: context.timeZone)))."
            )
        }
        return lines.joined(separator: "\n")
    }
}
