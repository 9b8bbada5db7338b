import Foundation

/// Errors the use cases raise, worded for the person at the command line.
public enum AppError: LocalizedError, Equatable, Sendable {
    /// A note named in a review is not eligible for it.
    case notInReview(note: String, period: String, why: String)
    case unknownCategory(String)
    case unknownSourceType(String)
    case categoryExists(String)
    case sourceTypeExists(String)
    /// `vault study FOLDER` where no note under FOLDER (in a deck) holds a card.
    case noCardsInFolder(String)

    public var errorDescription: String? {
        switch self {
        case .notInReview(let note, let period, let why):
            return "\(note) is not up for review in \(period): \(why)."
        case .unknownCategory(let name):
            return
                "there is no category '\(name)'; see `vault category list`, or add it with `vault category add \"\(name)\"`."
        case .unknownSourceType(let name):
            return
                "there is no source type '\(name)'; see `vault source-type list`, or add it with `vault source-type add \(name)`."
        case .categoryExists(let name):
            return "the category '\(name)' already exists."
        case .sourceTypeExists(let name):
            return "the source type '\(name)' already exists."
        case .noCardsInFolder(let folder):
            return
                "no flashcards in '\(folder)': no note under it that is in a deck holds a card. `vault cards` lists the cards there are."
        }
    }
}
