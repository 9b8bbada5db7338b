import Foundation

/// What can go wrong with the search cache, worded for the person at the
/// terminal. A damaged or foreign cache file is not an error: it is deleted
/// and rebuilt.
public enum VaultIndexError: LocalizedError, Equatable {
    /// The cache folder or file could not be created or written.
    case cannotWrite(path: String, reason: String)
    /// SQLite failed in a way a rebuild did not cure.
    case database(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the search cache \(path): \(reason). Check the folder's permissions and free space."
        case .database(let path, let reason):
            return
                "the search cache \(path) failed even after a rebuild (\(reason)); delete .vault/cache/ and try again."
        }
    }
}
