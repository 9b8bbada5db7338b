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
