import Foundation
import VaultCore
import VaultMarkdown
import VaultPresentation
import VaultProcess
import VaultWiring

/// Where commands print, and whether colour is on: the one output channel
/// (no `print` or `FileHandle` elsewhere in VaultCLI).
///
/// Text, JSON, warnings and errors all go through one writer
/// (``StandardStreams``), so they come out in the order they were produced,
/// even when stdout and stderr go to the same place.
///
/// Colour is on when stdout is a terminal, `NO_COLOR` is unset (or empty),
/// as https://no-color.org asks, and `TERM` is not `dumb`; colours go as deep
/// as the terminal says it can (``ColorDepth``).
struct Output {
    let style: ANSIStyle
    let isTerminal: Bool
    /// The columns tables are fitted to: the terminal's width, else
    /// `$COLUMNS`; nil (no cutting) when printing to a file or pipe.
    var width: Int? = nil
    /// The writer everything goes through.
    var streams: StandardStreams = .process
    /// Timing lines for benchmarks (`VAULT_TRACE`), handed to the adapters and use cases.
    var tracer: any Tracer = NoTracer()

    /// The variables output reads: the width, the colour ones, `VAULT_TRACE`.
    static let variables = ["COLUMNS", "TERM", "NO_COLOR", "COLORTERM", "VAULT_TRACE"]

    static var standard: Output {
        let tty = isatty(STDOUT_FILENO) == 1
        // These five by `getenv`: `ProcessInfo.environment` copies every
        // variable into a new dictionary each time it is asked.
        let environment = Dictionary(
            uniqueKeysWithValues: variables.compactMap { name in EnvironmentValue.of(name).map { (name, $0) } })
        var width = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        if tty {
            var w = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0 { width = Int(w.ws_col) }
        }
        return Output(
            style: .forTerminal(tty, environment: environment), isTerminal: tty, width: width,
            tracer: StderrTracer(environment: environment))
    }

    /// Prints `text` and a newline; control characters in it are shown as
    /// escapes, only `vault`'s own colour sequences pass (see ``TerminalText``).
    func line(_ text: String = "") {
        streams.writeOut((TerminalText.sanitized(text, keepingColour: style.enabled) + "\n").utf8)
    }

    /// Prints `text` as ``line(_:)`` does, each of its lines broken at spaces
    /// to ``width`` (when known), the lines a break starts indented by
    /// `hangingIndent`: a sentence longer than the window never breaks mid-word.
    func wrappedLine(_ text: String, hangingIndent: Int = 4) {
        guard let width, text.split(separator: "\n").contains(where: { DisplayWidth.of($0) > width }) else {
            return line(text)
        }
        line(TextWrap.wrap(text, width: width, hangingIndent: hangingIndent).joined(separator: "\n"))
    }

    /// Writes `text` with no newline added, sanitized as ``line(_:)`` does.
    func write(_ text: String) {
        streams.writeOut(TerminalText.sanitized(text, keepingColour: style.enabled).utf8)
    }

    /// Writes `bytes` to stdout exactly as they are, not sanitized: a
    /// document for another program (an iCalendar file, LociApp's JSON) or
    /// NUL-ended paths for `xargs -0`, never text shown to a person.
    func verbatim<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        streams.writeOut(bytes)
    }

    /// Pushes what was printed out to the terminal or file now.
    func flush() {
        streams.flush()
    }

    /// Reports `text` on stderr as `warning: …` (the command goes on).
    func warning(_ text: String) {
        streams.writeError("warning: \(TerminalText.sanitized(text, keepingColour: false))\n")
    }

    /// Reports `error` on stderr as `error: …` (a command goes on with its other work).
    func error(_ error: Error) {
        self.error(message: Output.sentence(error))
    }

    /// Reports `message` on stderr as `error: …`.
    func error(message: String) {
        streams.writeError("error: \(TerminalText.sanitized(message, keepingColour: false))\n")
    }

    /// Writes `text` to stderr as it is (a progress bar redrawing its line).
    func status(_ text: String) {
        streams.writeError(text)
    }

    /// The sentence that tells a person what went wrong: the error's own description when it has one (``ErrorWording``).
    static func sentence(_ error: Error) -> String { ErrorWording.sentence(error) }

    /// Prints `value` as JSON in the one convention of docs/JSON.md (``JSONOutput``).
    func json<T: Encodable>(_ value: T, snakeCaseKeys: Bool = false) throws {
        streams.writeOut((try JSONOutput.render(value, snakeCaseKeys: snakeCaseKeys) + "\n").utf8)
    }
}
