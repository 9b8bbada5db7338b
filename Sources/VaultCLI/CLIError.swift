import Foundation

/// Errors the commands raise themselves, worded as full sentences.
enum CLIError: LocalizedError, Equatable {
    /// The command already printed what went wrong; exit 1 without more.
    case silentFailure
    case badNow(String)
    case badColor(String)
    case editorFailed(String)
    case notATerminal(String)
    case studyNeedsTerminal
    /// `vault loci review|reverse|learn` without a terminal (the name of the scripted form's command).
    case lociNeedsTerminal(String)
    case notInReview(note: String, period: String, why: String)
    /// `vault init FILE`: the path names a file.
    case notAFolder(String)
    /// A path whose bytes are not UTF-8 (named with U+FFFD for those bytes).
    case notUTF8(String)
    /// `vault new`'s scratch file for the editor cannot be made.
    case scratchUnwritable(String, String)
    /// `vault serve` found no `vault-serve` program beside `vault`.
    case serverMissing(String)
    /// `vault new` from standard input: what was piped cannot be a note (the reason).
    case badStandardInput(String)
    /// `vault export pdf` found no engine to print with.
    case noPDFEngine
    /// `vault export pdf`: the engine printed nothing (why).
    case pdfFailed(String)
    /// `vault export pdf` found no pdfunite or pdfinfo (poppler-utils) to join and read the parts.
    case pdfJoinerMissing

    var errorDescription: String? {
        switch self {
        case .silentFailure:
            return nil
        case .badNow(let value):
            return "'\(value)' (from --now or VAULT_NOW) is not a moment; write it as 2026-11-18T09:00:00Z."
        case .badColor(let color):
            return "'\(color)' is not a colour; write it as #rrggbb, e.g. #137fec."
        case .editorFailed(let editor):
            return "the editor '\(editor)' did not exit cleanly; nothing was saved."
        case .notATerminal(let level):
            return
                "the interactive review needs a terminal (stdin and stdout); use the scripted form: `vault review \(level) --list`, `--keep NOTE...`, `--archive NOTE...`, `--finish`."
        case .studyNeedsTerminal:
            return
                "the interactive study screen needs a terminal (stdin and stdout); use the scripted form: `vault study --list` to see the queue, `vault study --rate CARD=good` to answer."
        case .lociNeedsTerminal(let mode):
            return
                "the loci screens need a terminal; use `vault loci \(mode) ITINERARY --list` and `--rate SEQ=Q` in scripts."
        case .notAFolder(let path):
            return "\(path) is a file, not a folder; give a folder (new or holding notes) to make a vault."
        case .notInReview(let note, let period, let why):
            return "\(note) is not up for review in \(period): \(why)."
        case .notUTF8(let what):
            return
                "\(what) is not UTF-8 (\u{FFFD} stands for the bytes that are not); vault names files in UTF-8 and would take it for another folder. Rename it (`convmv` can), or give an absolute --vault path that is UTF-8. Nothing was written."
        case .scratchUnwritable(let path, let reason):
            return "cannot make the file to edit the new note in (\(path)): \(reason); set TMPDIR to a folder you can write, or give the note's text as an argument."
        case .serverMissing(let path):
            return "vault serve runs the program vault-serve, which is not at \(path); install it beside vault (`make install` copies both)."
        case .badStandardInput(let reason):
            return "standard input \(reason); nothing was saved."
        case .noPDFEngine:
            return
                "vault export pdf prints through Chromium, and none is installed (chromium, chromium-browser or google-chrome on PATH); install it (Debian: `sudo apt-get install chromium`). Nothing was written."
        case .pdfJoinerMissing:
            return
                "vault export pdf joins its parts with pdfunite and reads them with pdfinfo, and they are not installed; install them (Debian: `sudo apt-get install poppler-utils`). Nothing was written."
        case .pdfFailed(let reason):
            return "the PDF could not be printed: \(reason). Nothing was written."
        }
    }
}
