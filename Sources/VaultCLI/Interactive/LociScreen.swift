import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// The full-screen memory-palace views, on the same screen layer, keys and
/// look as `vault review` and `vault study`:
/// - learn: every location in walking order, → next and ← previous;
/// - review: the number, then (a key) the picture, then (a key) the name and
///   description, then a 0-5 rating;
/// - reverse: the name; the number is typed and checked, then a 0-5 rating.
/// Each rating is appended to the ledger as it is made; quitting keeps them.
struct LociScreen {
    enum Mode { case learn, review, reverse }

    let context: CommandContext
    let palaces: LociPalaces
    let walk: LociWalk
    let mode: Mode
    let pictures: Bool

    /// Runs the screen until the walk is done or the user quits.
    /// - Throws: `ExitCode(130)` after Ctrl-C (the answers given are kept).
    func run() throws {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            throw ValidationError(
                "the loci screens need a terminal; use `vault loci \(mode == .reverse ? "reverse" : "review") ITINERARY --list` and `--rate SEQ=Q` in scripts.")
        }
        let order = mode == .learn ? walk.stops : palaces.states.reviewOrder(walk, at: context.now)
        guard !order.isEmpty else {
            context.output.line("'\(TerminalText.oneLine(walk.name))' has no locations.")
            return
        }
        let style = RawTerminal.style
        var picture = LociPicture(vaultRoot: context.app().files.location(of: ""), enabled: pictures, style: style)
        var states = palaces.states
        var answered: [LociRating] = []
        let started = DispatchTime.now()
        let terminal = try RawTerminal()
        var quit = false
        defer {
            terminal.leave()
            context.output.line(summary(answered, of: order.count, quit: quit, states: states))
            context.output.flush()
        }
        var index = 0
        var stage = 0
        var typed = ""
        var message = ""
        var shownAt = DispatchTime.now()
        var scroll = ScrollPosition()
        while index < order.count {
            let stop = order[index]
            let (rows, columns) = terminal.size
            var frame = self.frame(
                stop, index: index, of: order.count, stage: stage, typed: typed, rows: rows, columns: columns,
                picture: &picture, style: style)
            frame.message = message
            terminal.draw(frame, scroll: scroll, style: style)
            if stage == 0 && message.isEmpty { shownAt = DispatchTime.now() }
            message = ""
            let key = terminal.readKey()
            if mode != .reverse || stage > 0, scroll.handle(key, frame: frame, rows: rows) { continue }
            func next() {
                index += 1
                stage = 0
                typed = ""
                scroll = ScrollPosition()
            }
            switch key {
            case .character("q"), .character("Q"), .endOfInput:
                quit = index < order.count
                return
            case .interrupt:
                quit = true
                throw ExitCode(130)
            case .suspend:
                terminal.suspend()
            case .resize:
                break
            case .right where mode == .learn, .character("n") where mode == .learn,
                .character(" ") where mode == .learn, .enter where mode == .learn:
                if index + 1 < order.count { next() } else { message = "That was the last location; ← goes back, q quits." }
            case .left where mode == .learn, .character("p") where mode == .learn:
                if index > 0 {
                    index -= 1
                    scroll = ScrollPosition()
                } else {
                    message = "That is the first location; → goes on, q quits."
                }
            case .character(" ") where mode == .review && stage < 2, .enter where mode == .review && stage < 2:
                stage += 1
                scroll = ScrollPosition()
            case .character(let c) where mode == .reverse && stage == 0 && c.isNumber && c.isASCII:
                if typed.count < 7 { typed.append(c) }
            case .character("\u{7F}") where mode == .reverse && stage == 0, .character("\u{8}") where mode == .reverse && stage == 0:
                if !typed.isEmpty { typed.removeLast() }
            case .enter where mode == .reverse && stage == 0:
                if typed.isEmpty { message = "type the location's number, then enter" } else { stage = 2 }
            case .character(let c) where mode != .learn && stage == 2 && ("0"..."5").contains(c):
                let time = context.now.addingTimeInterval(Double(LociScreen.milliseconds(since: started)) / 1000)
                let rating = try palaces.answer(
                    stop, of: walk, mode: mode == .review ? .review : .reverse, quality: Int(String(c))!, at: time,
                    states: states, responseMilliseconds: Self.milliseconds(since: shownAt),
                    typed: mode == .reverse ? Int(typed) : nil)
                states.record(rating)
                answered.append(rating)
                next()
            default:
                message = keysHelp(stage: stage)
            }
        }
    }

    static func milliseconds(since start: DispatchTime) -> Int {
        Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
    }

    func keysHelp(stage: Int) -> String {
        switch (mode, stage) {
        case (.learn, _): return "→ or space: next location · ←: previous · q quits"
        case (.review, 0): return "space shows the picture · q quits"
        case (.review, 1): return "space shows the name · q quits"
        case (.reverse, 0): return "type the number of this location, then enter"
        default: return "rate your recall 0-5 (0 blackout … 5 perfect) · q quits"
        }
    }

    /// The header, the location as far as the stage shows it, and the keys.
    func frame(
        _ stop: LociStop, index: Int, of count: Int, stage: Int, typed: String, rows: Int, columns: Int,
        picture: inout LociPicture, style: ANSIStyle
    ) -> ScreenFrame {
        let title: String
        switch mode {
        case .learn: title = "Learn"
        case .review: title = "Review"
        case .reverse: title = "Reverse"
        }
        var header = [
            style.bold("\(TerminalText.forScreen(walk.name)) — \(title) · \(index + 1) of \(count)")
        ]
        let state = palaces.states.state(stop.key)
        if mode != .learn {
            header.append(
                style.dim(
                    state.due.map { "due \(RelativeTime.describe($0, from: context.now, in: context.timeZone)) · EF \(String(format: "%.2f", state.easeFactor))" }
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
        let keys: String
        switch mode {
        case .learn:
            body.append("Location \(number)")
            body.append("")
            body += picture.lines(stop.image, columns: pictureColumns, rows: pictureRows)
            body.append("")
            describe()
            keys = "→ next · ← previous · ↓↑ scroll · q quit"
        case .review:
            body.append("Location \(number)")
            if stage >= 1 {
                body.append("")
                body += picture.lines(stop.image, columns: pictureColumns, rows: pictureRows)
            }
            if stage >= 2 {
                body.append("")
                describe()
            }
            keys = stage < 2 ? (stage == 0 ? "space: the picture" : "space: the name") + " · q quit"
                : ratingKeys(stop)
        case .reverse:
            body.append(style.bold(TerminalText.forScreen(stop.name)))
            body.append("")
            if stage == 0 {
                body.append("Its number: \(typed)▏")
                keys = "type the number · enter checks it · q quit"
            } else {
                let right = Int(typed) == stop.sequence
                body.append(
                    right ? style.green("Right: \(stop.sequence).")
                        : style.red("Wrong: you typed \(typed); it is \(stop.sequence)."))
                body.append("")
                body += picture.lines(stop.image, columns: pictureColumns, rows: pictureRows)
                if !stop.description.isEmpty {
                    body.append("")
                    body += TerminalText.screenLines(stop.description, style: style, columns: columns)
                }
                keys = ratingKeys(stop)
            }
        }
        return ScreenFrame(header: header, body: body, keys: keys, compactKeys: stage == 2 ? "0-5 rate · q quit" : nil)
    }

    /// `0 1d · 1 1d · … · 5 6d`: each quality with the interval SM-2 would give.
    func ratingKeys(_ stop: LociStop) -> String {
        let state = palaces.states.state(stop.key)
        return (0...5).map { q in
            let after = SM2.review(state, quality: q, at: context.now)
            return "\(q) \(after.interval)d"
        }.joined(separator: " · ") + " · q quit"
    }


    /// What the session did, printed on the normal screen afterwards.
    func summary(_ answered: [LociRating], of count: Int, quit: Bool, states: LociStates) -> String {
        let name = TerminalText.oneLine(walk.name)
        guard mode != .learn else { return "Walked '\(name)' (\(count) locations)." }
        var lines = [
            "\(quit ? "Stopped" : "Done"): \(answered.count) of \(count) locations of '\(name)' rated."
        ]
        if mode == .reverse, !answered.isEmpty {
            let right = answered.filter { $0.right == true }.count
            lines.append("Numbers right: \(right) of \(answered.count).")
        }
        let next = walk.stops.compactMap { states.state($0.key).due }.filter { $0 > context.now }.min()
        if let next {
            lines.append(
                "Next location due \(RelativeTime.describe(next, from: context.now, in: context.timeZone)) (\(VaultDate.isoString(next, in: context.timeZone))).")
        }
        return lines.joined(separator: "\n")
    }
}
