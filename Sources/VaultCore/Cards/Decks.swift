/// Which notes hold flashcards: the notes in a deck.
///
/// A note is in a deck when its front matter says `cards: true`, or it is
/// tagged with the deck tag (`#flashcards` by default), or it lies in a
/// folder listed under `decks:` in `.vault/config.yml` (`/` is the whole
/// vault); `cards: false` keeps a note out whatever else holds. Outside a
/// deck nothing is a card, so an adopted Obsidian vault's `==highlights==`
/// and Dataview `key:: value` fields stay text. A card whose note leaves
/// every deck keeps its history in the ledger and comes back with it.
public struct Decks: Hashable, Sendable {
    /// Deck folders, vault-relative, each ending in `/`; `""` is the whole vault.
    public var folders: [String]
    /// The tag that puts a note in a deck, without `#`.
    public var tag: String
    /// In a vault adopted from the Spaced Repetition plugin, the plugin's rule (its flashcard
    /// tags, tags to ignore, folders as decks, and its note reviews' tags), read instead of
    /// ``folders`` and ``tag``; nil otherwise.
    public var obsidianSR: ObsidianSRDeckRule?

    public static let defaultTag = "flashcards"

    /// - Parameter folders: folder paths as written (`2026/07`, `Decks/`, `/` for the whole vault).
    public init(folders: [String] = [], tag: String = Decks.defaultTag) {
        self.folders = folders.map(Self.normalizedFolder)
        self.tag = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
    }

    /// The whole vault as one deck (what `vault init` writes in an empty folder).
    public static let wholeVault = Decks(folders: ["/"])

    /// `folder` as a prefix of note paths: no leading `/` or `./`, one trailing `/`; the root is `""`.
    public static func normalizedFolder(_ folder: String) -> String {
        var path = Substring(folder)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        while path.hasSuffix("/") { path = path.dropLast() }
        if path == "." { path = "" }
        return path.isEmpty ? "" : String(path) + "/"
    }

    /// Whether the note at `path` with `tags` and its own `cards:` setting (nil when it has none) is in a deck.
    public func contains(path: String, tags: [String], setting: Bool?) -> Bool {
        if let setting { return setting }
        if let rule = obsidianSR { return rule.contains(path: path, tags: tags) }
        if !tag.isEmpty, Tag.matches(tag, in: tags) { return true }
        return folders.contains { $0.isEmpty || path.hasPrefix($0) }
    }

    /// Whether `note` is in a deck.
    public func contains(_ note: NoteSummary) -> Bool {
        contains(path: note.path, tags: note.tags, setting: note.cardsSetting)
    }
}
