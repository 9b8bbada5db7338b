import Foundation

/// `.vault/trash/`: where `vault rm` puts a note and `vault restore` finds it.
public protocol NoteBin {
    /// Moves the note at `path` into the trash.
    /// - Returns: its path inside the trash.
    func discard(_ path: String, at now: Date, timeZone: TimeZone) throws -> String
    /// Every trashed note, as paths inside the trash, newest first.
    func contents() -> [String]
    /// Where the trashed note `trashPath` goes back to, vault-relative.
    func originalPath(of trashPath: String) -> String
    /// The bytes of a trashed note.
    func data(of trashPath: String) -> Data?
    /// Moves a trashed note back to where it was.
    /// - Returns: its path in the vault.
    /// - Throws: when that place is taken.
    func restore(_ trashPath: String) throws -> String
}
