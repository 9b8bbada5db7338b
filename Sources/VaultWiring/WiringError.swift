import Foundation

/// Errors raised while a vault is found and opened, before any use case
/// runs, worded as full sentences.
package enum WiringError: LocalizedError, Equatable {
    /// `--now` or `VAULT_NOW` does not read as a moment.
    case badNow(String)
    /// A path whose bytes are not UTF-8 (named with U+FFFD for those bytes).
    case notUTF8(String)
    /// `vault init FILE`: the path names a file.
    case notAFolder(String)

    package var errorDescription: String? {
        switch self {
        case .badNow(let value):
            return "'\(value)' (from --now or VAULT_NOW) is not a moment; write it as 2026-11-18T09:00:00Z."
        case .notUTF8(let what):
            return
                "\(what) is not UTF-8 (\u{FFFD} stands for the bytes that are not); vault names files in UTF-8 and would take it for another folder. Rename it (`convmv` can), or give an absolute --vault path that is UTF-8. Nothing was written."
        case .notAFolder(let path):
            return "\(path) is a file, not a folder; give a folder (new or holding notes) to make a vault."
        }
    }
}
