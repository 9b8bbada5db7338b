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
    /// Paths of the notes, lowercased, to their paths.
    private let byPath: [String: String]
    /// File names without `.md`, lowercased, to the paths that have them.
    private let byName: [String: Paths]
    /// Titles and aliases, lowercased, to the paths of the notes that have them.
    private let byTitle: [String: Paths]

    /// - Parameter notes: each note's path, with its title and aliases.
    public init(notes: [(path: String, names: [String])]) {
        var byPath: [String: String] = [:]
        var byName: [String: Paths] = [:]
        var byTitle: [String: Paths] = [:]
        byPath.reserveCapacity(notes.count)
        byName.reserveCapacity(notes.count)
        for note in notes {
            byPath[Self.lowercased(note.path)] = note.path
            let stem = Self.lowercased(NotePath.stem(note.path))
            if byName[stem]?.append(note.path) == nil { byName[stem] = .one(note.path) }
            var seen: [String] = []
            for name in note.names {
                let lower = Self.lowercased(name)
                guard !seen.contains(lower) else { continue }
                seen.append(lower)
                if byTitle[lower]?.append(note.path) == nil { byTitle[lower] = .one(note.path) }
            }
        }
        for i in byName.values.indices { byName.values[i].sortShortestFirst() }
        for i in byTitle.values.indices { byTitle.values[i].sortShortestFirst() }
        self.byPath = byPath
        self.byName = byName
        self.byTitle = byTitle
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
    /// as `String.lowercased()` does, but an ASCII scalar by its byte and a
    /// scalar that does not change when lowercased (scripts without case,
    /// most of the world's) as it is, without looking up its mapping; `text`
    /// itself when no scalar changes. (A path such as `Teams/服水果身住版.md`
    /// has a capital: `String.lowercased()` looked up every scalar's mapping.)
    static func lowercasedByScalar(_ text: String) -> String {
        func changes(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar.value &- 0x41 < 26 : scalar.properties.changesWhenLowercased
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: changes) else { return text }
        // The lowercase is written as UTF-8 bytes: the text before the first
        // scalar that changes as it is, then scalar by scalar.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        bytes += text.utf8[..<first]
        for scalar in scalars[first...] {
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
            } else if scalar.properties.changesWhenLowercased {
                bytes += scalar.properties.lowercaseMapping.utf8
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
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

    /// The paths of the notes known by one name, shortest first (then in
    /// path order). Most names are one note's: that path is held without an
    /// array of its own (over 100,000 notes, 200,000 arrays fewer).
    private enum Paths: Sendable {
        case one(String)
        case many([String])

        var first: String {
            switch self {
            case .one(let path): path
            case .many(let paths): paths[0]
            }
        }

        /// The first path whose note is in `folder`.
        func first(inFolder folder: String) -> String? {
            switch self {
            case .one(let path): LinkResolver.isNote(path, inFolder: folder) ? path : nil
            case .many(let paths): paths.first { LinkResolver.isNote($0, inFolder: folder) }
            }
        }

        mutating func append(_ path: String) {
            switch self {
            case .one(let first): self = .many([first, path])
            case .many(var paths):
                self = .one("")  // the array's one reference, so the append is in place
                paths.append(path)
                self = .many(paths)
            }
        }

        mutating func sortShortestFirst() {
            guard case .many(var paths) = self else { return }
            self = .one("")
            paths.sort { ($0.count, $0) < ($1.count, $1) }
            self = .many(paths)
        }
    }

    /// A resolver over notes known by path alone.
    /// Over `summaries`: each note by its path, title and aliases.
    public init(summaries: [NoteSummary]) {
        self.init(notes: summaries.map { ($0.path, [$0.title] + $0.aliases) })
    }

    public init(paths: [String]) {
        self.init(notes: paths.map { ($0, []) })
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
        if let path = byPath[withExtension] { return .note(path) }
        if lower.utf8.contains(UInt8(ascii: "/")) && (ascii || lower.contains("/")) {
            if let path = pathEnding(with: "/" + withExtension) { return .note(path) }
        } else if let candidates = byName[String(withExtension.dropLast(3))] {
            return .note(candidates.first(inFolder: folder) ?? candidates.first)
        } else if let titled = byTitle[lower]?.first {
            return .note(titled)
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
        guard let slash = suffix.lastIndex(of: "/") else { return nil }
        let fileName = String(suffix[suffix.index(after: slash)...])
        // `byName` holds each note's file name without `.md`, or whole when it ends otherwise (`x.MD`).
        let names =
            fileName.hasSuffix(".md") ? [String(fileName.dropLast(3)), fileName] : [fileName]
        var candidates: [String] = []
        for name in names {
            switch byName[name] {
            case .one(let path): candidates.append(path)
            case .many(let paths): candidates += paths
            case nil: break
            }
        }
        let asciiSuffix = Self.isASCII(suffix)
        var best: String?
        for candidate in candidates {
            let key = Self.lowercased(candidate)
            let ends =
                asciiSuffix && Self.isASCII(key) ? Self.hasASCIISuffix(key, suffix) : key.hasSuffix(suffix)
            guard ends else { continue }
            if let current = best, (current.count, current) <= (key.count, key) { continue }
            best = key
        }
        return best.flatMap { byPath[$0] }
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
        return byPath[Self.lowercased(path)].map(Resolution.note) ?? .unresolved
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
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        // The last `/` byte is the last `/` character unless it shares a
        // character with a mark after it or a prefix before it (`/́`): then
        // the characters are searched.
        if isASCII(path)
            || (slash.samePosition(in: path) != nil && path.index(after: slash) == path.utf8.index(after: slash))
        {
            return String(path[..<slash])
        }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
