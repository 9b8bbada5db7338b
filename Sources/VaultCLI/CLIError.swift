import Foundation

/// Errors the commands raise themselves, worded as full sentences.
enum CLIError: LocalizedError, Equatable {
    /// The command already printed what went wrong; exit 1 without more.
    case silentFailure
    case badNow(String)
    case unknownCategory(String)
    case unknownSourceType(String)
    case categoryExists(String)
    case sourceTypeExists(String)
    case badColor(String)
    case editorFailed(String)
    case emptyNote
    case cannotEdit(path: String, reason: String)
    /// Recording study answers needs the ledger, which this build lacks (branch `ledger`).
    case ledgerUnavailable(events: Int)

    var errorDescription: String? {
        switch self {
        case .silentFailure:
            return nil
        case .badNow(let value):
            return "'\(value)' (from --now or VAULT_NOW) is not a moment; write it as 2026-11-18T09:00:00Z."
        case .unknownCategory(let name):
            return "there is no category '\(name)'; see `vault category list`, or add it with `vault category add \"\(name)\"`."
        case .unknownSourceType(let name):
            return "there is no source type '\(name)'; see `vault source-type list`, or add it with `vault source-type add \(name)`."
        case .categoryExists(let name):
            return "the category '\(name)' already exists."
        case .sourceTypeExists(let name):
            return "the source type '\(name)' already exists."
        case .badColor(let color):
            return "'\(color)' is not a colour; write it as #rrggbb, e.g. #137fec."
        case .editorFailed(let editor):
            return "the editor '\(editor)' did not exit cleanly; nothing was saved."
        case .emptyNote:
            return "the note is empty; nothing was saved."
        case .cannotEdit(let path, let reason):
            return "\(path): \(reason)"
        case .ledgerUnavailable(let events):
            return "this build of vault cannot record answers yet: the ledger (branch `ledger`) is not merged; the \(events) event(s) were checked but nothing was recorded."
        }
    }
}
