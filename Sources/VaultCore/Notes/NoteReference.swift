import Foundation

/// How a command-line argument names a note: an id, an id prefix, or a path.
public enum NoteReference {
    /// Why a reference matched no single note.
    public enum Failure: Error, Equatable, Sendable {
        case notFound(String)
        case ambiguous(String, candidates: [String])
        /// The path matches only in another Unicode normalization form (NFC and NFD spell `é` differently).
        case otherNormalization(String, found: [String])
    }

    /// Finds the one note that `reference` names.
    ///
    /// Tried in order: an exact vault-relative path (with or without `.md`,
    /// with or without a leading `./`), an exact id, an id prefix of at
    /// least 4 characters, a title or alias (case-insensitive), then a
    /// unique prefix of a title or alias. A prefix matching several notes is
    /// an error that lists them.
    public static func resolve<N: NoteNaming>(_ reference: String, in notes: [N]) -> Result<N, Failure> {
        var path = reference
        if path.hasPrefix("./") { path.removeFirst(2) }
        // Paths match by their bytes: Swift's == would take `é` and `e` + U+0301 (NFC and NFD) for one name.
        func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
        if let note = notes.first(where: { same($0.path, path) || same($0.path, path + ".md") }) {
            return .success(note)
        }
        let twins = notes.filter { $0.path == path || $0.path == path + ".md" }
        if !twins.isEmpty {
            return .failure(.otherNormalization(reference, found: twins.map(\.path).sorted()))
        }
        let lower = reference.lowercased()
        if let note = notes.first(where: { $0.id?.lowercased() == lower }) {
            return .success(note)
        }
        if lower.count >= 4 {
            let matches = notes.filter { $0.id?.lowercased().hasPrefix(lower) == true }
            if matches.count == 1 { return .success(matches[0]) }
            if matches.count > 1 {
                return .failure(.ambiguous(reference, candidates: matches.map(\.path).sorted()))
            }
        }
        let named = notes.filter { $0.names.contains { $0.lowercased() == lower } }
        if named.count == 1 { return .success(named[0]) }
        if named.count > 1 { return .failure(.ambiguous(reference, candidates: named.map(\.path).sorted())) }
        if !lower.isEmpty {
            let prefixed = notes.filter { $0.names.contains { $0.lowercased().hasPrefix(lower) } }
            if prefixed.count == 1 { return .success(prefixed[0]) }
            if prefixed.count > 1 {
                return .failure(.ambiguous(reference, candidates: prefixed.map(\.path).sorted()))
            }
        }
        return .failure(.notFound(reference))
    }
}

/// What names a note on the command line: its path, id, title and aliases.
public protocol NoteNaming {
    /// Vault-relative path with `/` separators.
    var path: String { get }
    /// The note's id, when it has one.
    var id: String? { get }
    var title: String { get }
    var aliases: [String] { get }
    /// When the note was created, and where that date came from.
    var created: Date? { get }
    var createdOrigin: CreatedOrigin { get }
}

extension NoteNaming {
    /// The title and the aliases.
    var names: [String] { [title] + aliases }
}

extension Note: NoteNaming {
    // A protocol's requirements are not met by dynamic members: these name the summary's fields.
    public var path: String {
        get { summary.path }
        set { summary.path = newValue }
    }
    public var id: String? {
        get { summary.id }
        set { summary.id = newValue }
    }
    public var title: String {
        get { summary.title }
        set { summary.title = newValue }
    }
    public var aliases: [String] {
        get { summary.aliases }
        set { summary.aliases = newValue }
    }
    public var created: Date? {
        get { summary.created }
        set { summary.created = newValue }
    }
    public var createdOrigin: CreatedOrigin {
        get { summary.createdOrigin }
        set { summary.createdOrigin = newValue }
    }
}
extension NoteSummary: NoteNaming {}
