/// How a vault's notes write their cards: chosen once per vault, from its config, and handed
/// to the card reader (`CardExtractor`), so each syntax is one value and not flags spread
/// through the reader.
///
/// - ``vault``: `vault`'s own syntax (docs/FORMAT.md, Flashcards), read from the CommonMark tree.
/// - ``obsidianSR(_:)``: the Spaced Repetition plugin's, read line by line as the plugin reads
///   it, with its separators, cloze patterns and `<!--SR:…-->` schedules (docs/FORMAT.md,
///   Obsidian Spaced Repetition); a vault whose config has an `obsidian_sr:` section.
public enum CardSyntax: Hashable, Sendable {
    case vault
    case obsidianSR(ObsidianSRSyntax)

    /// The syntax in one canonical form: equal syntaxes give equal text and every setting
    /// changes it. The note catalog is kept for one syntax (its cards depend on it).
    public var canonicalText: String {
        switch self {
        case .vault:
            return "vault"
        case .obsidianSR(let s):
            func quoted(_ values: [String]) -> String {
                values.map { "\($0.utf8.count):\($0)" }.joined(separator: ",")
            }
            return "obsidian-sr v1 sep=\(quoted([s.singleLineCardSeparator, s.singleLineReversedCardSeparator]))"
                + " multi=\(quoted([s.multilineCardSeparator, s.multilineReversedCardSeparator, s.multilineCardEndMarker]))"
                + " cloze=\(quoted(s.clozePatterns)) tags=\(quoted(s.flashcardTags))"
                + " folders=\(s.convertFoldersToDecks) review=\(quoted(s.tagsToReview))"
                + " review-ignore=\(quoted(s.noteTagsToIgnore))"
        }
    }
}

/// What the Spaced Repetition plugin's syntax reads a note with (a part of
/// ``ObsidianSRSettings``): the separators, the end marker, the cloze patterns, the tags
/// that name decks, and the tags that make a note a note review.
public struct ObsidianSRSyntax: Hashable, Sendable {
    public var singleLineCardSeparator: String
    public var singleLineReversedCardSeparator: String
    public var multilineCardSeparator: String
    public var multilineReversedCardSeparator: String
    public var multilineCardEndMarker: String
    public var clozePatterns: [String]
    /// The tags that name decks (with `#`): a tag opening a card names its deck.
    public var flashcardTags: [String]
    /// True: a note's folder path is its cards' deck, and tags opening a card do not name one.
    public var convertFoldersToDecks: Bool
    /// The tags (with `#`) whose notes come up as note reviews.
    public var tagsToReview: [String]
    public var noteTagsToIgnore: [String]

    public init(
        singleLineCardSeparator: String = "::", singleLineReversedCardSeparator: String = ":::",
        multilineCardSeparator: String = "?", multilineReversedCardSeparator: String = "??",
        multilineCardEndMarker: String = "", clozePatterns: [String] = [ObsidianSRSettings.highlightPattern],
        flashcardTags: [String] = ["#flashcards"], convertFoldersToDecks: Bool = false,
        tagsToReview: [String] = ["#review"], noteTagsToIgnore: [String] = []
    ) {
        self.singleLineCardSeparator = singleLineCardSeparator
        self.singleLineReversedCardSeparator = singleLineReversedCardSeparator
        self.multilineCardSeparator = multilineCardSeparator
        self.multilineReversedCardSeparator = multilineReversedCardSeparator
        self.multilineCardEndMarker = multilineCardEndMarker
        self.clozePatterns = clozePatterns
        self.flashcardTags = flashcardTags
        self.convertFoldersToDecks = convertFoldersToDecks
        self.tagsToReview = tagsToReview
        self.noteTagsToIgnore = noteTagsToIgnore
    }
}
