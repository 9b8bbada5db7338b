/// The one note write that curation makes: giving a note an `id` the first
/// time the ledger must name it. VaultStore implements it (an atomic
/// front matter edit that changes no other byte); tests fake it.
public protocol NoteIDWriter {
    /// The note's id, writing a new one into its front matter when it has
    /// none; `adopted` is true when it wrote one.
    /// - Throws: when the front matter cannot be edited safely.
    func ensureID(of note: some NoteNaming) throws -> (id: String, adopted: Bool)
}
