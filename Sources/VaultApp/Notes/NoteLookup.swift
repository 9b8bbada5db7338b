import VaultCore

/// Finds the note a command-line argument names, among `notes`.
public enum NoteLookup {
    /// The one note `reference` names (id, id prefix or path).
    /// - Throws: ``AppError/noteNotFound(_:)`` or ``AppError/ambiguousNote(_:candidates:)``.
    public static func find<N: NoteNaming>(_ reference: String, in notes: [N]) throws -> N {
        switch NoteReference.resolve(reference, in: notes) {
        case .success(let note): return note
        case .failure(.notFound(let ref)): throw AppError.noteNotFound(ref)
        case .failure(.ambiguous(let ref, let candidates)):
            throw AppError.ambiguousNote(ref, candidates: candidates)
        case .failure(.otherNormalization(let ref, let found)):
            throw AppError.otherNormalization(ref, found: found)
        }
    }
}
