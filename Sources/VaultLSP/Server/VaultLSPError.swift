import Foundation

/// The language server's failures, in sentences a person can act on.
public enum VaultLSPError: Error, Equatable, LocalizedError {
    /// A rename's new name is taken.
    case nameTaken(String)

    public var errorDescription: String? {
        switch self {
        case .nameTaken(let path): return "\(path) exists already; choose another name."
        }
    }

    /// The sentence for any error a use case threw.
    static func describe(_ error: Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}
