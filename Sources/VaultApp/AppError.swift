import Foundation

/// Errors the use cases raise, worded for the person at the command line.
public enum AppError: LocalizedError, Equatable, Sendable {
    /// A note named in a review is not eligible for it.
    case notInReview(note: String, period: String, why: String)

    public var errorDescription: String? {
        switch self {
        case .notInReview(let note, let period, let why):
            return "\(note) is not up for review in \(period): \(why)."
        }
    }
}
