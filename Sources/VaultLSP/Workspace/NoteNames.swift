import VaultCore

/// Every note by the names completion offers (title, aliases, file name),
/// with the link Obsidian writes for it: the file name when no other note
/// has it, else the path from the vault's root (both without `.md`).
public struct NoteNames: Sendable {
    public struct Entry: Sendable {
        public var path: String
        public var title: String
        /// The link text that names the note (`Note`, or `folder/Note` when the name is shared).
        public var link: String
        /// Title, aliases and file name, each with its lowercased bytes and whether it is an alias.
        public var names: [(text: String, bytes: [UInt8], isAlias: Bool)]
    }

    public let entries: [Entry]

    public init(notes: [NoteSummary]) {
        var stems: [String: Int] = [:]
        for note in notes { stems[NotePath.stem(note.path).lowercased(), default: 0] += 1 }
        entries = notes.map { note in
            let stem = NotePath.stem(note.path)
            let link =
                stems[stem.lowercased()] == 1 ? stem : String(note.path.dropLast(note.path.hasSuffix(".md") ? 3 : 0))
            var names: [(String, [UInt8], Bool)] = [(note.title, FuzzyMatch.bytes(note.title), false)]
            for alias in note.aliases { names.append((alias, FuzzyMatch.bytes(alias), true)) }
            if stem.lowercased() != note.title.lowercased() { names.append((stem, FuzzyMatch.bytes(stem), false)) }
            return Entry(path: note.path, title: note.title, link: link, names: names)
        }
    }
}
