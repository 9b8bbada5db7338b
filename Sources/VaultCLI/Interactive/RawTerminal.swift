import Foundation

/// The terminal in raw mode on the alternate screen, restored on every way
/// out: normal return, thrown error, and SIGINT/SIGTERM/SIGHUP.
final class RawTerminal {
    /// The settings to put back; global so the signal handler can reach them.
    nonisolated(unsafe) private static var saved: termios?
    /// True between ``enter()`` and ``restore()``: restoring twice would move the cursor.
    nonisolated(unsafe) private static var active = false

    /// A key the review screens understand.
    enum Key: Equatable {
        case character(Character)
        case left, right, up, down, enter, interrupt, other
    }

    init() throws {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw CLIError.notATerminal("weekly") }
        Self.saved = original
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in
                RawTerminal.restore()
                _exit(128 + number)
            }
        }
        enter()
    }

    /// Raw input (no echo, no line buffering, Ctrl-C as a key), alternate screen, cursor hidden.
    func enter() {
        guard var raw = Self.saved else { return }
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l")
        Self.active = true
    }

    /// Back to the settings found at start, the normal screen, the cursor shown.
    static func restore() {
        guard active, var original = saved else { return }
        active = false
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        let reset = "\u{1B}[?25h\u{1B}[?1049l"
        _ = reset.withCString { Foundation.write(STDOUT_FILENO, $0, strlen($0)) }
    }

    func leave() { Self.restore() }

    deinit {
        Self.restore()
        for sig in [SIGINT, SIGTERM, SIGHUP] { signal(sig, SIG_DFL) }
    }

    /// The terminal's size (rows, columns), 24×80 when unknown.
    var size: (rows: Int, columns: Int) {
        var w = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_row > 0, w.ws_col > 0 {
            return (Int(w.ws_row), Int(w.ws_col))
        }
        return (24, 80)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { if errno == EINTR { continue } else { return } }
                offset += n
            }
        }
    }

    /// Waits for one key press.
    func readKey() -> Key {
        var buffer = [UInt8](repeating: 0, count: 16)
        var n = 0
        repeat { n = read(STDIN_FILENO, &buffer, buffer.count) } while n < 0 && errno == EINTR
        guard n > 0 else { return .interrupt }  // end of input: treat as quit
        let bytes = Array(buffer[0..<n])
        switch bytes {
        case [0x1B, 0x5B, 0x44], [0x1B, 0x4F, 0x44]: return .left
        case [0x1B, 0x5B, 0x43], [0x1B, 0x4F, 0x43]: return .right
        case [0x1B, 0x5B, 0x41], [0x1B, 0x4F, 0x41]: return .up
        case [0x1B, 0x5B, 0x42], [0x1B, 0x4F, 0x42]: return .down
        case [0x0D], [0x0A]: return .enter
        case [0x03], [0x04]: return .interrupt
        default:
            if let text = String(bytes: bytes, encoding: .utf8), text.count == 1 { return .character(text.first!) }
            return .other
        }
    }
}
