/// What a path written in the config may be: inside the vault (relative, no
/// `..`), not hidden (no part starting with `.`, which the vault never
/// lists), and not empty. A note written by `new_note_path` outside these
/// rules would land outside the vault or where no command sees it.
public enum VaultPathRules {
    /// Why `pattern` (a `new_note_path`) is refused, as the end of a sentence; nil when it is fine.
    public static func problem(withPattern pattern: String) -> String? {
        let trimmed = pattern.trimmingSpaces()
        guard !trimmed.isEmpty else { return "is empty; write a pattern such as {yyyy}/{mm}/{slug}.md." }
        let name = trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        if name.isEmpty || name == ".md" || name.hasPrefix(".") {
            return "does not end in a file name, so the notes it makes would be hidden; end it with one such as {slug}.md."
        }
        return problem(path: trimmed, what: "the notes it makes")
    }

    /// Why `path` is refused as a note's path (a rename's target: `vault
    /// new`'s rule for the notes it makes); nil when it is fine. A note's
    /// path stays inside the vault (not absolute, no `..`), outside hidden
    /// folders (`.vault/`, `.git/`, `.obsidian/`: the vault never lists a note
    /// there), holds no control character, and ends in a visible `NAME.md`.
    public static func problem(notePath path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        if name.isEmpty || name.hasPrefix(".") || !name.lowercased().hasSuffix(".md") || name.count <= 3 {
            return "does not end in a note's file name such as Name.md."
        }
        return problem(path: path, what: "a note")
    }

    /// Why `folder` (a deck or scheduler folder) is refused; nil when it is fine.
    public static func problem(folder: String) -> String? {
        let trimmed = folder.trimmingSpaces()
        guard !trimmed.isEmpty else { return "is empty; write a folder such as Flashcards/ (or / for the whole vault)." }
        return problem(path: trimmed, what: "the folder")
    }

    static func problem(path: String, what: String) -> String? {
        if path.hasPrefix("/") && path != "/" || path.hasPrefix("~") {
            return "is an absolute path; write it relative to the vault, such as Inbox/{slug}.md."
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if parts.contains("..") { return "goes out of the vault with '..'; \(what) must stay inside it." }
        if let hidden = parts.first(where: { $0.hasPrefix(".") && $0 != "." }) {
            return "has a hidden part '\(hidden)'; the vault never lists \(what) there."
        }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "holds a control character."
        }
        return nil
    }
}
