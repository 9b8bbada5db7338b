import Foundation

/// How a command-line argument names a note: a path, an id, a file name, a title, an alias or a prefix.
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
    /// Tried in order, the first step that matches deciding: an exact
    /// vault-relative path (with or without `.md`, with or without a leading
    /// `./`), an exact id, an id prefix of at least 4 characters, a file
    /// name (with or without `.md`, any case), a title (any case), an alias
    /// (any case), then a unique prefix of a file name, title or alias. A
    /// step matching several notes is an error that lists them by path.
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
        func decide(_ matches: [N]) -> Result<N, Failure>? {
            if matches.count == 1 { return .success(matches[0]) }
            if matches.count > 1 { return .failure(.ambiguous(reference, candidates: matches.map(\.path).sorted())) }
            return nil
        }
        if lower.count >= 4, let found = decide(notes.filter { $0.id?.lowercased().hasPrefix(lower) == true }) {
            return found
        }
        guard !lower.isEmpty else { return .failure(.notFound(reference)) }
        let stem = lower.hasSuffix(".md") ? String(lower.dropLast(3)) : lower
        if let found = decide(notes.filter { fileStem($0.path).lowercased() == stem }) { return found }
        if let found = decide(notes.filter { $0.title.lowercased() == lower }) { return found }
        if let found = decide(notes.filter { $0.aliases.contains { $0.lowercased() == lower } }) { return found }
        if let found = decide(
            notes.filter { note in
                fileStem(note.path).lowercased().hasPrefix(lower) || note.names.contains { $0.lowercased().hasPrefix(lower) }
            })
        {
            return found
        }
        return .failure(.notFound(reference))
    }

    /// The file name of a vault-relative path without its `.md`.
    static func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lowercased().hasSuffix(".md") ? String(name.dropLast(3)) : name
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
