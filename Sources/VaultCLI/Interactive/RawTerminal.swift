import Foundation

/// The terminal in raw mode on the alternate screen, restored on every way
/// out: normal return, thrown error, Ctrl-C, Ctrl-Z (and back on `fg`), and
/// SIGINT/SIGTERM/SIGHUP. A resize is reported as a key, at once.
final class RawTerminal {
    /// The settings to put back; global so the signal handler can reach them.
    nonisolated(unsafe) private static var saved: termios?
    /// True between ``enter()`` and ``restore()``: restoring twice would move the cursor.
    nonisolated(unsafe) private static var active = false
    /// A pipe the SIGWINCH handler writes a byte to, so a wait for a key wakes on a resize.
    nonisolated(unsafe) private static var resizePipe: (read: Int32, write: Int32) = (-1, -1)

    /// A key the full-screen views understand.
    enum Key: Equatable {
        case character(Character)
        case left, right, up, down, pageUp, pageDown, home, end, enter
        /// Ctrl-C: leave, exit status 130.
        case interrupt
        /// Ctrl-D or the end of input: leave as `q` does.
        case endOfInput
        /// Ctrl-Z: suspend until `fg`.
        case suspend
        /// The window changed size.
        case resize
        /// No key within the time asked for (``readKey(tickMilliseconds:)``): a clock on screen moves on.
        case tick
        case other
    }

    /// Whether the full-screen views can be drawn: stdin and stdout are a terminal, and not
    /// one that says it cannot move the cursor (`TERM=dumb`: Emacs' shell, a pager, a CI log),
    /// where the alternate screen and cursor moves would print as garbage.
    static var canDraw: Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
        guard let term = getenv("TERM") else { return true }
        return String(cString: term) != "dumb"
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
        if Self.resizePipe.read < 0 {
            var fds: [Int32] = [0, 0]
            if pipe(&fds) == 0 {
                for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
                Self.resizePipe = (fds[0], fds[1])
            }
        }
        signal(SIGWINCH) { _ in
            var byte: UInt8 = 1
            _ = Foundation.write(RawTerminal.resizePipe.write, &byte, 1)
        }
        enter()
    }

    /// Raw input (no echo, no line buffering, Ctrl-C and Ctrl-Z as keys), the
    /// alternate screen (where a mouse wheel sends arrow keys), cursor hidden.
    func enter() {
        guard var raw = Self.saved else { return }
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?1007h\u{1B}[?25l")
        Self.active = true
    }

    /// Back to the settings found at start, the normal screen, the cursor shown.
    static func restore() {
        guard active, var original = saved else { return }
        active = false
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        let reset = "\u{1B}[?25h\u{1B}[?1007l\u{1B}[?1049l"
        _ = reset.withCString { Foundation.write(STDOUT_FILENO, $0, strlen($0)) }
    }

    func leave() { Self.restore() }

    /// Ctrl-Z: the terminal restored, the process stopped as the shell's job
    /// control expects; on `fg` raw mode and the alternate screen come back
    /// (the caller redraws).
    func suspend() {
        Self.restore()
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        enter()
    }

    deinit {
        Self.restore()
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { signal(sig, SIG_DFL) }
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

    /// Bytes read but not yet handed out as keys: typing fast or pasting
    /// delivers several keys in one read.
    private var pending: [UInt8] = []

    /// Waits for one key press or a resize; with `tickMilliseconds` of 0 or more, at most that long (then `.tick`).
    func readKey(tickMilliseconds: Int32 = -1) -> Key {
        if !pending.isEmpty { return nextPendingKey() }
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: Self.resizePipe.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, fds[1].fd < 0 ? 1 : 2, tickMilliseconds)
            if ready == 0 { return .tick }
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(fds[1].fd, &drain, drain.count) > 0 {}
                return .resize
            }
            if fds[0].revents != 0 { break }
        }
        guard readMore(waitingMilliseconds: -1) else { return .endOfInput }
        return nextPendingKey()
    }

    /// Reads what the terminal has into ``pending``, waiting at most
    /// `waitingMilliseconds` for it (-1: until it comes); false at the end of
    /// input or when nothing came in time.
    private func readMore(waitingMilliseconds: Int32) -> Bool {
        if waitingMilliseconds >= 0 {
            var fd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, waitingMilliseconds) > 0 else { return false }
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        var n = 0
        repeat { n = read(STDIN_FILENO, &buffer, buffer.count) } while n < 0 && errno == EINTR
        guard n > 0 else { return false }
        pending += buffer[0..<n]
        return true
    }

    /// The first key of the pending bytes. A key cut in two by the read
    /// (half an escape sequence or a UTF-8 character) waits briefly for its
    /// other half; what never comes is handed out as it is.
    private func nextPendingKey() -> Key {
        var length = Self.keyLength(pending[...])
        while length == nil, readMore(waitingMilliseconds: 50) { length = Self.keyLength(pending[...]) }
        let bytes = Array(pending.prefix(length ?? pending.count))
        pending.removeFirst(bytes.count)
        return Self.key(bytes)
    }

    /// How many of `bytes` the first key takes, nil when they end inside it:
    /// a CSI sequence (ESC `[`, parameters, a final byte from `@` to `~`), an
    /// SS3 one (ESC `O` and one byte), ESC and another byte (Alt with a key),
    /// ESC alone, or one UTF-8 character. So keys that arrive in one read
    /// (typing fast, key repeat, a paste) are each read, none lost.
    static func keyLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let lead = bytes.first else { return nil }
        let start = bytes.startIndex
        guard lead == 0x1B else {
            let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            return bytes.count >= length ? length : nil
        }
        guard bytes.count >= 2 else { return 1 }
        switch bytes[start + 1] {
        case 0x5B:  // CSI: at most 32 bytes, longer is not a key
            var end = start + 2
            while end < bytes.endIndex, end - start < 32 {
                let byte = bytes[end]
                if (0x40...0x7E).contains(byte) { return end - start + 1 }
                guard (0x20...0x3F).contains(byte) else { return end - start }
                end += 1
            }
            return end - start < 32 ? nil : 32
        case 0x4F: return bytes.count >= 3 ? 3 : nil
        default: return 2
        }
    }

    /// The key that `bytes` (one read from the terminal) stand for.
    static func key(_ bytes: [UInt8]) -> Key {
        switch bytes {
        case [0x1B, 0x5B, 0x44], [0x1B, 0x4F, 0x44]: return .left
        case [0x1B, 0x5B, 0x43], [0x1B, 0x4F, 0x43]: return .right
        case [0x1B, 0x5B, 0x41], [0x1B, 0x4F, 0x41]: return .up
        case [0x1B, 0x5B, 0x42], [0x1B, 0x4F, 0x42]: return .down
        case [0x1B, 0x5B, 0x35, 0x7E]: return .pageUp
        case [0x1B, 0x5B, 0x36, 0x7E]: return .pageDown
        case [0x1B, 0x5B, 0x48], [0x1B, 0x4F, 0x48], [0x1B, 0x5B, 0x31, 0x7E], [0x1B, 0x5B, 0x37, 0x7E]: return .home
        case [0x1B, 0x5B, 0x46], [0x1B, 0x4F, 0x46], [0x1B, 0x5B, 0x34, 0x7E], [0x1B, 0x5B, 0x38, 0x7E]: return .end
        case [0x0D], [0x0A]: return .enter
        case [0x03]: return .interrupt
        case [0x04]: return .endOfInput
        case [0x1A]: return .suspend
        default:
            if let text = String(bytes: bytes, encoding: .utf8), text.count == 1 { return .character(text.first!) }
            return .other
        }
    }
}
