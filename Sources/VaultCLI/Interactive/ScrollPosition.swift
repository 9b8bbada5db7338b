import Foundation
import VaultMarkdown
import VaultPresentation

/// Where a full-screen view's body is scrolled to, moved by ↓/↑ (and the
/// mouse wheel, which the terminal sends as arrows on the alternate screen),
/// PgDn/PgUp, Home/End.
struct ScrollPosition {
    var offset = 0

    /// Moves for a scrolling key and returns true; false for any other key.
    mutating func handle(_ key: RawTerminal.Key, frame: ScreenFrame, rows: Int, columns: Int) -> Bool {
        let page = max(1, frame.bodyRows(rows: rows, columns: columns) - 1)
        let last = frame.maxScroll(rows: rows, columns: columns)
        switch key {
        case .down, .character("j"): offset += 1
        case .up: offset -= 1
        case .pageDown: offset += page
        case .pageUp: offset -= page
        case .home: offset = 0
        case .end: offset = last
        default: return false
        }
        offset = min(max(0, offset), last)
        return true
    }
}

extension RawTerminal {
    /// The styles this terminal shows (`NO_COLOR`, `TERM=dumb` and depth respected).
    static var style: ANSIStyle {
        ANSIStyle.forTerminal(true, environment: ProcessInfo.processInfo.environment)
    }

    /// Draws `frame` filling the terminal.
    func draw(_ frame: ScreenFrame, scroll: ScrollPosition, style: ANSIStyle) {
        let (rows, columns) = size
        write(frame.render(rows: rows, columns: columns, scroll: scroll.offset, style: style))
    }
}

extension TerminalText {
    /// Markdown text from a note rendered for a full-screen view's body:
    /// made safe (``forScreen(_:)``), laid out by libcmark and the terminal
    /// renderer at `columns`, as lines without the trailing blank ones.
    static func screenLines(_ markdown: String, style: ANSIStyle, columns: Int) -> [String] {
        let document = ObsidianDocument(markdown: forScreen(markdown)).root
        var lines = TerminalRenderer(style: style, width: columns).render(document)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
