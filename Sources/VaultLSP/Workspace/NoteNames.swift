import VaultCore

/// Every note by the names completion offers (title, aliases, file name),
/// with the link Obsidian writes for it: the file name when no other note
/// has it, else the path from the vault's root (both without `.md`).
///
/// Held compactly, as the server keeps it for 100,000 notes: the names of
/// every note in one array, their lowercased bytes in one buffer (not an
/// array per note and per name).
public struct NoteNames: Sendable {
    public struct Entry: Sendable {
        public let path: String
        /// Where the note's names are in ``NoteNames/names``: its title first.
        let names: Swift.Range<Int32>
        /// True when another note has the same file name.
        let sharedStem: Bool

        /// The link text that names the note (`Note`, or `folder/Note` when the name is shared).
        public var link: String {
            sharedStem ? String(path.dropLast(path.hasSuffix(".md") ? 3 : 0)) : NotePath.stem(path)
        }
    }

    /// A name of a note: its title, an alias or its file name.
    public struct Name: Sendable {
        public let text: String
        public let isAlias: Bool
        /// Where its lowercased UTF-8 bytes are in ``NoteNames/bytes``.
        let bytes: Swift.Range<Int32>
    }

    public let entries: [Entry]
    /// Every entry's names, entry after entry.
    public let names: [Name]
    /// Every name's lowercased UTF-8 bytes, name after name.
    private let bytes: [UInt8]

    public init(notes: [NoteSummary]) {
        var stems: [String: Int] = [:]
        for note in notes { stems[NotePath.stem(note.path).lowercased(), default: 0] += 1 }
        var entries: [Entry] = []
        var names: [Name] = []
        var bytes: [UInt8] = []
        entries.reserveCapacity(notes.count)
        names.reserveCapacity(notes.count * 2)
        func add(_ text: String, isAlias: Bool) {
            let start = Int32(bytes.count)
            bytes += FuzzyMatch.bytes(text)
            names.append(Name(text: text, isAlias: isAlias, bytes: start..<Int32(bytes.count)))
        }
        for note in notes {
            let stem = NotePath.stem(note.path)
            let first = Int32(names.count)
            add(note.title, isAlias: false)
            for alias in note.aliases { add(alias, isAlias: true) }
            if stem.lowercased() != note.title.lowercased() { add(stem, isAlias: false) }
            entries.append(
                Entry(
                    path: note.path, names: first..<Int32(names.count), sharedStem: stems[stem.lowercased()] != 1))
        }
        self.entries = entries
        self.names = names
        self.bytes = bytes
    }

    /// The note's title (its first name).
    public func title(of entry: Entry) -> String { names[Int(entry.names.lowerBound)].text }

    /// The notes with a name matching `query` (lowercased UTF-8, as
    /// ``FuzzyMatch/bytes(_:)`` makes it), in note order, each with the score
    /// of its best name (the first of equals) and that name's place in ``names``.
    public func matches(_ query: [UInt8]) -> [(score: Int, entry: Int, name: Int)] {
        bytes.withUnsafeBufferPointer { all in
            var out: [(score: Int, entry: Int, name: Int)] = []
            for (e, entry) in entries.enumerated() {
                var best: (score: Int, name: Int)?
                for n in Int(entry.names.lowerBound)..<Int(entry.names.upperBound) {
                    let range = names[n].bytes
                    let name = UnsafeBufferPointer(rebasing: all[Int(range.lowerBound)..<Int(range.upperBound)])
                    if let score = FuzzyMatch.score(query, in: name), score > best?.score ?? Int.min {
                        best = (score, n)
                    }
                }
                if let best { out.append((best.score, e, best.name)) }
            }
            return out
        }
    }
}
