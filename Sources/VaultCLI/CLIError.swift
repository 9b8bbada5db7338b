import Foundation

/// Errors the commands raise themselves, worded as full sentences.
enum CLIError: LocalizedError, Equatable {
    /// The command already printed what went wrong; exit 1 without more.
    case silentFailure
    case badColor(String)
    case editorFailed(String)
    case notATerminal(String)
    case studyNeedsTerminal
    /// `vault loci review|reverse|learn` without a terminal (the name of the scripted form's command).
    case lociNeedsTerminal(String)
    case notInReview(note: String, period: String, why: String)
    /// `vault serve` found no `vault-serve` program beside `vault`.
    case serverMissing(String)
    /// `vault new` from standard input: what was piped cannot be a note (the reason).
    case badStandardInput(String)

    var errorDescription: String? {
        switch self {
        case .silentFailure:
            return nil
        case .badColor(let color):
            return "'\(color)' is not a colour; write it as #rrggbb, e.g. #137fec."
        case .editorFailed(let editor):
            return "the editor '\(editor)' did not exit cleanly; nothing was saved."
        case .notATerminal(let level):
            return
                "the interactive review needs a terminal that draws a full screen (stdin and stdout, TERM not dumb); use the scripted form: `vault review \(level) --list`, `--keep NOTE...`, `--archive NOTE...`, `--finish`."
        case .studyNeedsTerminal:
            return
                "the interactive study screen needs a terminal that draws a full screen (stdin and stdout, TERM not dumb); use the scripted form: `vault study --list` to see the queue, `vault study --rate CARD=good` to answer."
        case .lociNeedsTerminal(let mode):
            return
                "the loci screens need a terminal that draws a full screen (TERM not dumb); use `vault loci \(mode) ITINERARY --list` and `--rate SEQ=Q` in scripts."
        case .notInReview(let note, let period, let why):
            return "\(note) is not up for review in \(period): \(why)."
        case .serverMissing(let path):
            return "vault serve runs the program vault-serve, which is not at \(path); install it beside vault (`make install` copies both)."
        case .badStandardInput(let reason):
            return "standard input \(reason); nothing was saved."
        }
    }
}
