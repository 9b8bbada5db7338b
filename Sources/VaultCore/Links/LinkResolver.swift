/// Resolves links between notes as Obsidian does.
///
/// A wiki link `[[target]]` (its `#heading` and `|alias` parts already cut
/// off) names a note by path (`Folder/Note`, with or without `.md`, taken
/// as a path from the vault root, or failing that as the end of a path) or
/// by file name alone (`Note`). Obsidian writes the shortest name that is
/// unique, so a file name matching several notes resolves to the one in the
/// linking note's folder, else the one with the shortest path (then the
/// first in path order). A name that is no file name may be a note's title
/// or alias (the notes `vault new` writes have slugs for file names and are
/// known by their titles), the note with the shortest path winning again.
/// Targets with another extension (`image.png`,
/// `paper.pdf`) are attachments, not notes: they are left alone. A Markdown
/// link's destination is a path relative to the linking note's folder.
public struct LinkResolver: Sendable {
    /// Each note's path, title and aliases, notes in the order given.
    private let notes: Notes
    /// The notes' titles and aliases, one after another (``name(_:)``):
    /// `nameOwners[k]` is the index of the note of name `k`.
    private let nameOwners: [UInt32]
    /// Note indices by lowercased path.
    private let byPath: EntryTable
    /// Note indices by lowercased file name without `.md`.
    private let byName: EntryTable
    /// Indices of names (``name(_:)``) by lowercased name.
    private let byTitle: EntryTable

    /// - Parameter notes: each note's path, with its title and aliases.
    public init(notes: [(path: String, names: [String])]) {
        var names: [String] = []
        var owners: [UInt32] = []
        names.reserveCapacity(notes.count)
        owners.reserveCapacity(notes.count)
        for (i, note) in notes.enumerated() {
            names += note.names
            owners += repeatElement(UInt32(i), count: note.names.count)
        }
        self.init(notes: .lists(paths: notes.map(\.path), names: names), owners: owners)
    }

    /// Over `summaries`: each note by its path, title and aliases, read from
    /// the summaries themselves (no copy of them is made).
    public init(summaries: [NoteSummary]) {
        var owners: [UInt32] = []
        owners.reserveCapacity(summaries.count)
        for (i, note) in summaries.enumerated() {
            owners += repeatElement(UInt32(i), count: 1 + note.aliases.count)
        }
        self.init(notes: .summaries(summaries), owners: owners)
    }

    /// A resolver over notes known by path alone.
    public init(paths: [String]) {
        self.init(notes: .lists(paths: paths, names: []), owners: [])
    }

    /// Where the paths and names are read: the summaries a resolver was
    /// built over (their array shared with the caller's: `vault serve`
    /// keeps one copy of 100,000 paths and titles, not two), or lists of its own.
    private enum Notes: Sendable {
        case summaries([NoteSummary])
        case lists(paths: [String], names: [String])

        var count: Int {
            switch self {
            case .summaries(let notes): return notes.count
            case .lists(let paths, _): return paths.count
            }
        }

        func path(_ i: Int) -> String {
            switch self {
            case .summaries(let notes): return notes[i].path
            case .lists(let paths, _): return paths[i]
            }
        }

        /// Name `k` of all the notes' titles and aliases, one after another;
        /// `owners[k]` is the index of its note (``LinkResolver/nameOwners``).
        func name(_ k: Int, owners: [UInt32]) -> String {
            switch self {
            case .lists(_, let names):
                return names[k]
            case .summaries(let notes):
                // The note's title comes first, then its aliases: count back to its first name.
                let owner = owners[k]
                var first = k
                while first > 0, owners[first - 1] == owner { first -= 1 }
                return k == first ? notes[Int(owner)].title : notes[Int(owner)].aliases[k - first - 1]
            }
        }
    }

    private func path(_ i: Int) -> String { notes.path(i) }

    private func name(_ k: Int) -> String { notes.name(k, owners: nameOwners) }

    /// Keeps the paths and names as given (their storage shared with the
    /// caller's strings) and indexes them by the hash of each lowercased key:
    /// 8 bytes a key where dictionaries of strings held 40 and a lowercased
    /// copy of every capitalized title (100,000 notes: 37 MB, now 10 MB,
    /// kept by `vault serve` from one request to the next).
    private init(notes: Notes, owners: [UInt32]) {
        let count = notes.count
        precondition(count < Int(UInt32.max) && owners.count < Int(UInt32.max))
        var byPath = EntryTable(count: count)
        var byName = EntryTable(count: count)
        var byTitle = EntryTable(count: owners.count)
        for i in 0..<count {
            let path = notes.path(i)
            byPath.insert(i, hash: Self.lowercased(path).hashValue)
            byName.insert(i, hash: Self.lowercased(NotePath.stem(path)).hashValue)
        }
        for k in owners.indices {
            byTitle.insert(k, hash: Self.lowercased(notes.name(k, owners: owners)).hashValue)
        }
        self.notes = notes
        self.nameOwners = owners
        self.byPath = byPath
        self.byName = byName
        self.byTitle = byTitle
    }

    /// True when this resolver was built over notes of the same paths,
    /// titles and aliases as `summaries`, in the same order: it then
    /// resolves as ``init(summaries:)`` over them would (what `vault serve`
    /// asks after an edit of a note's body, to keep its resolver).
    public func isBuilt(over summaries: [NoteSummary]) -> Bool {
        guard notes.count == summaries.count else { return false }
        var k = 0
        for (i, note) in summaries.enumerated() {
            guard path(i) == note.path, k + 1 + note.aliases.count <= nameOwners.count,
                nameOwners[k] == UInt32(i), name(k) == note.title
            else { return false }
            k += 1
            for alias in note.aliases {
                guard nameOwners[k] == UInt32(i), name(k) == alias else { return false }
                k += 1
            }
        }
        return k == nameOwners.count
    }

    /// This resolver's tables over the strings of `summaries`, when it was
    /// built over the same names (``isBuilt(over:)``); nil otherwise. The
    /// strings it held before (another decoding of the same names) are let
    /// go: a server that keeps the resolver across an edit keeps one copy of
    /// every path and title, the summaries', and builds no table again.
    public func taken(over summaries: [NoteSummary]) -> LinkResolver? {
        guard isBuilt(over: summaries) else { return nil }
        return LinkResolver(
            notes: .summaries(summaries), nameOwners: nameOwners, byPath: byPath, byName: byName, byTitle: byTitle)
    }

    /// This resolver with lists of its own of the paths and names it was
    /// built over (their strings shared), holding no summaries: what a
    /// server keeps of its last resolver while it reads the notes again, so
    /// that the summaries it replaces are let go before (the catalog then
    /// changes its array of them in place instead of copying 100,000).
    public func detached() -> LinkResolver {
        guard case .summaries(let summaries) = notes else { return self }
        var names: [String] = []
        names.reserveCapacity(nameOwners.count)
        for note in summaries {
            names.append(note.title)
            names += note.aliases
        }
        return LinkResolver(
            notes: .lists(paths: summaries.map(\.path), names: names), nameOwners: nameOwners, byPath: byPath,
            byName: byName, byTitle: byTitle)
    }

    private init(notes: Notes, nameOwners: [UInt32], byPath: EntryTable, byName: EntryTable, byTitle: EntryTable) {
        self.notes = notes
        self.nameOwners = nameOwners
        self.byPath = byPath
        self.byName = byName
        self.byTitle = byTitle
    }

    /// The path whose lowercased form is `key` (the note given last when several are).
    private func notePath(lowercased key: String) -> String? {
        var found = -1
        byPath.forEach(hash: key.hashValue) { i in
            if i > found, Self.lowercased(path(i)) == key { found = i }
        }
        return found < 0 ? nil : path(found)
    }

    /// Calls `body` with the path of each note whose file name without
    /// `.md`, lowercased, is `key`.
    private func forEachNote(named key: String, _ body: (String) -> Void) {
        byName.forEach(hash: key.hashValue) { i in
            let path = path(i)
            if Self.lowercased(NotePath.stem(path)) == key { body(path) }
        }
    }

    /// The shortest path (then the first in path order) of the notes with
    /// title or alias `key` (lowercased).
    private func titled(_ key: String) -> String? {
        var best: String?
        byTitle.forEach(hash: key.hashValue) { k in
            let path = path(Int(nameOwners[k]))
            if let current = best, !Self.precedes(path, current) { return }
            if Self.lowercased(name(k)) == key { best = path }
        }
        return best
    }

    /// True when `path` is shorter than `other`, or as long and before it:
    /// the order in which notes of one name are preferred.
    private static func precedes(_ path: String, _ other: String) -> Bool {
        (path.count, path) < (other.count, other)
    }

    /// `text` lowercased; `text` itself (its storage shared, not copied) when it is lowercase already.
    ///
    /// ASCII text is lowercased byte by byte (what `lowercased()` gives it),
    /// without a new string when it has no capital: every link target and
    /// every note path is lowercased, and nearly all are ASCII.
    static func lowercased(_ text: String) -> String {
        let ascii: String?? = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var capitals = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte &- UInt8(ascii: "A") < 26 { capitals = true }
            }
            guard capitals else { return text }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                for (i, byte) in bytes.enumerated() {
                    out[i] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
        if let ascii = ascii ?? nil { return ascii }
        return lowercasedByScalar(text)
    }

    /// ``lowercased(_:)`` of text that is not all ASCII: scalar by scalar,
    /// as `String.lowercased()` does, each scalar's lowercase read from
    /// ``ScalarLowercase``; `text` itself when no scalar changes. (A path
    /// such as `Teams/服水果身住版.md` has a capital: `String.lowercased()`
    /// looked up every scalar's mapping.)
    static func lowercasedByScalar(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: ScalarLowercase.changes) else { return text }
        // The lowercase is written as UTF-8 bytes: the text before the first
        // scalar that changes as it is, then scalar by scalar.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        bytes += text.utf8[..<first]
        for scalar in scalars[first...] { ScalarLowercase.appendLowercase(of: scalar, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when every byte of `text` is ASCII.
    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// True when the bytes of `text` end with those of `suffix`: `text.hasSuffix(suffix)` when both are ASCII.
    static func hasASCIISuffix(_ text: String, _ suffix: String) -> Bool {
        let text = text.utf8
        let suffix = suffix.utf8
        guard text.count >= suffix.count else { return false }
        return text.suffix(suffix.count).elementsEqual(suffix)
    }

    /// True when the note at `path` is in `folder` (``folder(of:)`` of `path`
    /// is `folder`): on the bytes when both are ASCII, without a new string.
    static func isNote(_ path: String, inFolder folder: String) -> Bool {
        let fast: Bool?? = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var end = bytes.count
            var slash = -1
            while end > 0 {
                end -= 1
                if bytes[end] >= 0x80 { return nil }
                if slash < 0, bytes[end] == UInt8(ascii: "/") { slash = end }
            }
            guard isASCII(folder) else { return nil }
            let own = bytes[..<max(slash, 0)]
            return own.count == folder.utf8.count && own.elementsEqual(folder.utf8)
        }
        if let fast = fast ?? nil { return fast }
        let own = Self.folder(of: path)
        return own.utf8.elementsEqual(folder.utf8) || own == folder
    }

    /// What a link target resolves to.
    public enum Resolution: Equatable, Sendable {
        /// The note at this path.
        case note(String)
        /// No note has that name.
        case unresolved
        /// A link to a file that is not a note (an image, a PDF): not checked.
        case attachment
    }

    /// Resolves wiki link `target`, written in the note at `source`.
    public func resolveWiki(_ target: String, from source: String) -> Resolution {
        resolveWiki(target, inFolder: Self.folder(of: source))
    }

    /// ``resolveWiki(_:from:)`` for a link written in a note of `folder`
    /// (``folder(of:)`` of its path): a caller resolving every link of a note
    /// works its folder out once, not once per link.
    func resolveWiki(_ target: String, inFolder folder: String) -> Resolution {
        var name = target.trimmingSpaces()
        if name.utf8.first == UInt8(ascii: "/") {
            while name.hasPrefix("/") { name.removeFirst() }
        }
        guard !name.isEmpty else { return .unresolved }
        let lower = Self.lowercased(name)
        // On ASCII the bytes say what the characters say; otherwise the
        // characters are compared, as Swift compares strings.
        // characters are compared, as Swift compares strings, but only when
        // the bytes are there (no character ends in `.md` or is `/` unless its bytes are).
        let ascii = Self.isASCII(lower)
        let hasMD = Self.hasASCIISuffix(lower, ".md") && (ascii || lower.hasSuffix(".md"))
        let withExtension = hasMD ? lower : lower + ".md"
        if let path = notePath(lowercased: withExtension) { return .note(path) }
        if lower.utf8.contains(UInt8(ascii: "/")) && (ascii || lower.contains("/")) {
            if let path = pathEnding(with: "/" + withExtension) { return .note(path) }
        } else {
            // Of the notes of that file name: the one in the linking note's folder, else the shortest path.
            var first: String?
            var inFolder: String?
            forEachNote(named: String(withExtension.dropLast(3))) { path in
                if first.map({ Self.precedes(path, $0) }) ?? true { first = path }
                if inFolder.map({ Self.precedes(path, $0) }) ?? true, Self.isNote(path, inFolder: folder) {
                    inFolder = path
                }
            }
            if let first { return .note(inFolder ?? first) }
            if let titled = titled(lower) { return .note(titled) }
        }
        return Self.namesAttachment(lower) ? .attachment : .unresolved
    }

    /// The note whose lowercased path ends with `suffix` (which starts with
    /// `/`), the shortest such path winning, then the first in order.
    ///
    /// Such a path's file name is the suffix's last part, so only the notes
    /// of that file name are tried (``byName``), not every path of the vault:
    /// a note of many `[[Folder/Note]]` links costs a dictionary lookup per
    /// link, not a pass over every note.
    private func pathEnding(with suffix: String) -> String? {
        guard let slash = NotePath.lastSlash(in: suffix) else { return nil }
        let fileName = String(suffix[suffix.index(after: slash)...])
        // `byName` holds each note's file name without `.md`, or whole when it ends otherwise (`x.MD`).
        let names =
            fileName.hasSuffix(".md") ? [String(fileName.dropLast(3)), fileName] : [fileName]
        let asciiSuffix = Self.isASCII(suffix)
        var best: String?
        for name in names {
            forEachNote(named: name) { candidate in
                let key = Self.lowercased(candidate)
                let ends =
                    asciiSuffix && Self.isASCII(key) ? Self.hasASCIISuffix(key, suffix) : key.hasSuffix(suffix)
                guard ends else { return }
                if let current = best, (current.count, current) <= (key.count, key) { return }
                best = key
            }
        }
        return best.flatMap { notePath(lowercased: $0) }
    }

    /// True when `name` ends in a file extension other than `.md` (`.png`,
    /// `.pdf`, `.canvas`): a link to an attachment, not to a note.
    static func namesAttachment(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), !name.hasSuffix(".md") else { return false }
        let ext = name[name.index(after: dot)...]
        return (1...8).contains(ext.count) && ext.allSatisfy { $0.isLetter || $0.isNumber }
            && ext.contains { $0.isLetter }
    }

    /// Resolves Markdown link destination `target` (a `.md` path), written in the note at `source`.
    public func resolveMarkdown(_ target: String, from source: String) -> Resolution {
        guard let path = Self.vaultPath(target, from: source) else { return .unresolved }
        return notePath(lowercased: Self.lowercased(path)).map(Resolution.note) ?? .unresolved
    }

    /// The vault-relative path a link destination names, written in the note
    /// at `source`: `../a.png` from `2026/11/x.md` → `2026/a.png`; `/a.png`
    /// → `a.png`; nil above the vault or for the vault itself.
    public static func vaultPath(_ target: String, from source: String) -> String? {
        var parts = target.hasPrefix("/") ? [] : folder(of: source).split(separator: "/").map(String.init)
        for part in target.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The folder of the note at `path`: its path up to the last `/`, "" at the vault's root.
    static func folder(of path: String) -> String {
        guard let slash = NotePath.lastSlash(in: path) else { return "" }
        return String(path[..<slash])
    }
}

/// Entry numbers by the hash of a key that the owner derives from each
/// entry (open addressing, linear probing, at most half full): 8 bytes a
/// slot. A lookup visits every entry whose hash shares 32 bits with the
/// key's, and the owner compares the keys themselves.
private struct EntryTable: Sendable {
    /// Each slot: the high 32 bits of the key's hash, then the entry + 1 (0: empty).
    private var slots: [UInt64]
    private let mask: Int

    init(count: Int) {
        var size = 8
        while size < count * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: hash >> 32)) }

    mutating func insert(_ entry: Int, hash: Int) {
        var i = hash & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = Self.tag(hash) << 32 | UInt64(entry + 1)
    }

    /// Calls `body` with each entry inserted with `hash` (and any other whose hash shares its tag and slot run).
    func forEach(hash: Int, _ body: (Int) -> Void) {
        let tag = Self.tag(hash)
        var i = hash & mask
        while slots[i] != 0 {
            if slots[i] >> 32 == tag { body(Int(slots[i] & 0xffff_ffff) - 1) }
            i = (i + 1) & mask
        }
    }
}
