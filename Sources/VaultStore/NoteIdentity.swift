import Foundation
import VaultCore
import VaultMarkdown

/// Gives a note an `id` the first time the ledger must name it.
public enum NoteIdentity {
    /// The note's id, writing one into its front matter when it has none
    /// (atomically, changing no other byte). `adopted` is true when it wrote one.
    ///
    /// The id written is ``DerivedNoteID``'s: the same on every clone, so
    /// two machines deciding the same note merge without a conflict. The
    /// adoption runs under the ledger lock and reads the note again first, so
    /// two `vault` processes never give one note two ids: the second finds
    /// the first's.
    /// - Throws: ``VaultStoreError/cannotAddID(path:reason:)`` when the front matter cannot be edited safely.
    public static func ensure(_ note: some NoteNaming, in layout: VaultLayout) throws -> (id: String, adopted: Bool) {
        if let id = note.id { return (id, false) }
        return try LedgerStore(layout: layout).withLock {
            let current = try NoteLoader(layout: layout, timeZone: TimeZone(identifier: "UTC")!).load(path: note.path)
            if let id = current.id { return (id, false) }
            let id = DerivedNoteID.id(path: note.path, created: note.created, origin: note.createdOrigin)
            try NoteFiles(layout: layout).rewrite(note.path) { data in
                do { return try FrontMatterEditor.set("id", to: id, in: data) } catch let failure
                    as FrontMatterEditor.Failure
                {
                    switch failure {
                    case .multiLineValue(let key, let line):
                        throw VaultStoreError.cannotAddID(
                            path: note.path, reason: "line \(line): '\(key)' spans several lines")
                    case .unterminatedFrontMatter:
                        throw VaultStoreError.cannotAddID(
                            path: note.path, reason: "line 1: the front matter is never closed")
                    }
                }
            }
            return (id, true)
        }
    }
}

/// The id-writing port over the vault's files.
public struct VaultNoteIDs: NoteIDWriter {
    public let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    public func ensureID(of note: some NoteNaming) throws -> (id: String, adopted: Bool) {
        try NoteIdentity.ensure(note, in: layout)
    }
}
