import Foundation

/// An itinerary as it lives in the vault: a folder of notes, read back.
public struct LociWalk: Sendable, Equatable {
    public var name: String
    public var description: String
    /// The itinerary's folder, vault-relative.
    public var folder: String
    /// The index note's path.
    public var indexPath: String
    /// The cover picture's vault-relative path, if any.
    public var image: String?
    /// In walking order.
    public var stops: [LociStop]

    public init(name: String, description: String, folder: String, indexPath: String, image: String?, stops: [LociStop]) {
        self.name = name
        self.description = description
        self.folder = folder
        self.indexPath = indexPath
        self.image = image
        self.stops = stops.sorted { $0.sequence < $1.sequence }
    }

    /// The stop at `sequence`.
    public func stop(_ sequence: Int) -> LociStop? { stops.first { $0.sequence == sequence } }
}

/// One location note of a walk.
public struct LociStop: Sendable, Equatable {
    public var sequence: Int
    public var name: String
    public var description: String
    /// The note's path.
    public var path: String
    /// What the ledger calls it: the note's id (import writes one), else its path.
    public var key: String
    /// The picture's vault-relative path, if any.
    public var image: String?

    public init(sequence: Int, name: String, description: String, path: String, key: String, image: String?) {
        self.sequence = sequence
        self.name = name
        self.description = description
        self.path = path
        self.key = key
        self.image = image
    }
}
