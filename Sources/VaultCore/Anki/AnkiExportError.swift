import Foundation

/// Why `vault export anki` wrote no package; the file named is left as it was.
public enum AnkiExportError: LocalizedError, Equatable, Sendable {
    /// The package cannot be written where the person asked.
    case cannotWrite(file: String, reason: String)
    /// A folder named on the command line holds no note with cards.
    case noCards(folders: [String])
    /// A media file a card shows cannot be read.
    case unreadableMedia(file: String, note: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .cannotWrite(let file, let reason):
            return "\(file) could not be written (\(reason)); choose a folder you can write to."
        case .noCards(let folders):
            let named = folders.isEmpty ? "the vault" : folders.map { "'\($0)'" }.joined(separator: ", ")
            return
                "\(named) holds no flashcards, so there is nothing to export; add cards (`question :: answer`) to notes of a deck (decks: in .vault/config.yml)."
        case .unreadableMedia(let file, let note, let reason):
            return
                "\(file), shown by a card of \(note), cannot be read (\(reason)); fix the link or restore the file, then export again."
        }
    }
}
