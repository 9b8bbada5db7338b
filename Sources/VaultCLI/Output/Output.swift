import Foundation
import VaultMarkdown

/// Where commands print, and whether colour is on.
///
/// Colour is on when stdout is a terminal and `NO_COLOR` is unset (or empty),
/// as https://no-color.org asks.
struct Output {
    let style: ANSIStyle
    let isTerminal: Bool

    static var standard: Output {
        let tty = isatty(STDOUT_FILENO) == 1
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        return Output(style: ANSIStyle(enabled: tty && !noColor), isTerminal: tty)
    }

    func line(_ text: String = "") {
        print(text)
    }

    /// Writes `text` as it is, with no newline added.
    func write(_ text: String) {
        print(text, terminator: "")
    }

    /// Pushes what was printed out to the terminal or file now.
    func flush() {
        fflush(nil)
    }

    func warning(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
    }

    /// Prints `value` as pretty JSON with sorted keys, dates as ISO 8601.
    func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
