import Foundation
import VaultMarkdown

/// Where commands print, and whether colour is on.
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

    static var standard: Output {
        let tty = isatty(STDOUT_FILENO) == 1
        let environment = ProcessInfo.processInfo.environment
        var width = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        if tty {
            var w = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0 { width = Int(w.ws_col) }
        }
        return Output(style: .forTerminal(tty, environment: environment), isTerminal: tty, width: width)
    }

    /// Prints `text` and a newline; control characters in it are shown as
    /// escapes, only `vault`'s own colour sequences pass (see ``TerminalText``).
    func line(_ text: String = "") {
        print(TerminalText.sanitized(text, keepingColour: style.enabled))
    }

    /// Writes `text` with no newline added, sanitized as ``line(_:)`` does.
    func write(_ text: String) {
        print(TerminalText.sanitized(text, keepingColour: style.enabled), terminator: "")
    }

    /// Pushes what was printed out to the terminal or file now.
    func flush() {
        fflush(nil)
    }

    func warning(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(TerminalText.sanitized(text, keepingColour: false))\n".utf8))
    }

    /// Reports `error` on stderr as `error: …` (a command goes on with its other work).
    func error(_ error: Error) {
        FileHandle.standardError.write(
            Data("error: \(TerminalText.sanitized(Output.sentence(error), keepingColour: false))\n".utf8))
    }

    /// The sentence that tells a person what went wrong: the error's own description when it has one.
    static func sentence(_ error: Error) -> String {
        let ns = error as NSError
        // Foundation's own errors would read "(NSCocoaErrorDomain error 512.)": say what the system says.
        if ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain {
            let path = (ns.userInfo[NSFilePathErrorKey] as? String).map { "\($0): " } ?? ""
            return path + CompositionRoot.reason(of: error) + "."
        }
        if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
        return ns.localizedFailureReason ?? ns.localizedDescription
    }

    /// Prints `value` as JSON in the one convention of docs/JSON.md (``JSONOutput``).
    func json<T: Encodable>(_ value: T, snakeCaseKeys: Bool = false) throws {
        FileHandle.standardOutput.write(Data((try JSONOutput.render(value, snakeCaseKeys: snakeCaseKeys) + "\n").utf8))
    }
}
