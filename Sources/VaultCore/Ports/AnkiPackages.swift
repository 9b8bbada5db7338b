import Foundation

/// Anki packages (`.apkg`, `.colpkg`) as the import sees them: a file the
/// person names, read whole into an ``AnkiCollection``. VaultAnki implements
/// it (zip, SQLite, zstd, protobuf); tests hand over collections made in memory.
public protocol AnkiPackageReading {
    /// The collection in the package at `path` (absolute, or relative to the working folder).
    /// - Throws: ``AnkiImportError`` naming the file and what to do.
    func collection(at path: String) throws -> AnkiCollection
}

/// Events written under a writer identity of their own (an import's device
/// and sequences, derived from what was imported), many at once, so the same
/// import on two clones writes the same lines and git merges them as one.
public protocol ImportedEventLog {
    /// Appends `events` as they are (device and sequence kept), reading them
    /// once, in order (they may be made as they are read).
    /// - Throws: when the ledger cannot be written.
    func appendImported(_ events: some Sequence<LedgerEvent>) throws
}

/// A media file to put in a package: its name in Anki's media folder (flat,
/// unique) and a way to read its bytes when the writer reaches it, so that
/// a deck's pictures are held one at a time.
public struct AnkiMediaFile: Sendable {
    public var name: String
    public var read: @Sendable () throws -> Data

    public init(name: String, read: @escaping @Sendable () throws -> Data) {
        self.name = name
        self.read = read
    }
}

/// Writes Anki packages (`.apkg`): VaultAnki implements it (SQLite, zstd,
/// protobuf, zip); tests keep what they are handed.
public protocol AnkiPackageWriting {
    /// Writes `collection` and `media` as a package at `path` (absolute, or
    /// relative to the working folder), replacing it atomically: the current
    /// format (`collection.anki21b`, zstd, schema 18), or with `legacy` the
    /// format older clients read (`collection.anki21`, schema 11).
    /// - Throws: ``AnkiExportError`` naming the file and what went wrong.
    func write(_ collection: AnkiCollection, media: [AnkiMediaFile], to path: String, legacy: Bool) throws
}
