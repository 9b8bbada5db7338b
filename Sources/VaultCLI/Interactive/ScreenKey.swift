import ArgumentParser
import Foundation
import VaultApp
import VaultMarkdown

/// A key as every full-screen view reads it before mapping it to its flow's input.
enum ScreenKey: Equatable {
    /// q, Q or Ctrl-D: leave, keeping what was done.
    case leave
    /// Ctrl-C: leave with exit status 130, keeping what was done.
    case interrupt
    /// Nothing for the flow (a scrolling key, Ctrl-Z after `fg`, a resize): draw again.
    case redraw
    /// A key the view maps itself.
    case other(RawTerminal.Key)
}

extension RawTerminal {
    /// Waits for a key and reads it as every view does: scrolling keys move
    /// `scroll` over `frame` (when `scrolls`; a view taking typed text turns it
    /// off) and Ctrl-Z suspends until `fg`, both asking for a redraw.
    func nextKey(
        scroll: inout ScrollPosition, frame: ScreenFrame, scrolls: Bool = true, tickMilliseconds: Int32 = -1
    ) -> ScreenKey {
        let key = readKey(tickMilliseconds: tickMilliseconds)
        if scrolls, scroll.handle(key, frame: frame, rows: size.rows, columns: size.columns) { return .redraw }
        switch key {
        case .character("q"), .character("Q"), .endOfInput: return .leave
        case .interrupt: return .interrupt
        case .suspend:
            suspend()
            return .redraw
        case .resize: return .redraw
        default: return .other(key)
        }
    }

    /// ``nextKey(scroll:frame:scrolls:)`` for a screen that drives `flow`:
    /// Ctrl-C tells the flow `quit` (so its summary says so) and leaves with
    /// exit status 130, keeping what was done.
    /// - Throws: `ExitCode(130)` after Ctrl-C.
    func nextKey<Flow: InteractiveFlow>(
        for flow: inout Flow, quit: Flow.Input, scroll: inout ScrollPosition, frame: ScreenFrame, scrolls: Bool = true,
        tickMilliseconds: Int32 = -1
    ) throws -> ScreenKey {
        let key = nextKey(scroll: &scroll, frame: frame, scrolls: scrolls, tickMilliseconds: tickMilliseconds)
        if key == .interrupt {
            _ = flow.handle(quit)
            throw ExitCode(130)
        }
        return key
    }
}
