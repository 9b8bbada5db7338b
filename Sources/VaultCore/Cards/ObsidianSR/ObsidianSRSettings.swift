/// The settings of Obsidian's Spaced Repetition plugin (st3v3nmw/obsidian-spaced-repetition,
/// read at v1.15.4) that decide which notes hold cards, how cards are written and where their
/// schedules are stored: the `obsidian_sr:` section of `.vault/config.yml`, taken from the
/// plugin's `data.json` by `vault init` and `vault check --fix` (docs/FORMAT.md, Obsidian
/// Spaced Repetition).
///
/// Every value defaults to the plugin's own default (its `DEFAULT_SETTINGS`), so a section
/// holding only `write_back: true` reads a vault as the plugin does out of the box.
public struct ObsidianSRSettings: Hashable, Sendable {
    /// The plugin version the settings were taken from (`manifest.json`), for people; nil when unknown.
    public var pluginVersion: String?
    /// Tags whose notes (and sub-tags' notes) hold cards; each written with its `#`.
    public var flashcardTags: [String]
    /// Tags whose notes hold no cards even when tagged with a flashcard tag.
    public var flashcardTagsToIgnore: [String]
    /// True: a note's folder path is its deck, and every note in a folder holds cards.
    public var convertFoldersToDecks: Bool
    /// `question::answer` (no spaces needed).
    public var singleLineCardSeparator: String
    /// `side::: other side`: a card each way.
    public var singleLineReversedCardSeparator: String
    /// A line holding only this splits a multi-line card's question from its answer.
    public var multilineCardSeparator: String
    /// The same for a multi-line card that is asked both ways.
    public var multilineReversedCardSeparator: String
    /// A line holding only this ends a multi-line card; empty: a blank line ends it.
    public var multilineCardEndMarker: String
    /// The cloze syntaxes, in clozecraft's pattern language (`==[123;;]answer[;;hint]==`).
    public var clozePatterns: [String]
    /// Tags whose notes come up as note reviews (`sr-due`, `sr-interval`, `sr-ease`).
    public var tagsToReview: [String]
    /// Tags whose notes never come up as note reviews.
    public var noteTagsToIgnore: [String]
    /// True: a one-line card's schedule comment is written on the card's line, not the next one.
    public var cardCommentOnSameLine: Bool
    /// True: schedule comments are written inside an `> [!sr|card-metadata]` callout.
    public var calloutsForSchedulingComments: Bool
    /// `vault`'s own setting, off by default: an answer given in `vault` also rewrites the
    /// card's `<!--SR:…-->` comment (or a note's `sr-*` front matter) as the plugin would.
    public var writeBack: Bool

    /// The plugin's defaults (v1.15.4 `DEFAULT_SETTINGS`), without write-back.
    public init(
        pluginVersion: String? = nil, flashcardTags: [String] = ["#flashcards"], flashcardTagsToIgnore: [String] = [],
        convertFoldersToDecks: Bool = false, singleLineCardSeparator: String = "::",
        singleLineReversedCardSeparator: String = ":::", multilineCardSeparator: String = "?",
        multilineReversedCardSeparator: String = "??", multilineCardEndMarker: String = "",
        clozePatterns: [String] = [ObsidianSRSettings.highlightPattern], tagsToReview: [String] = ["#review"],
        noteTagsToIgnore: [String] = [], cardCommentOnSameLine: Bool = false,
        calloutsForSchedulingComments: Bool = false, writeBack: Bool = false
    ) {
        self.pluginVersion = pluginVersion
        self.flashcardTags = flashcardTags
        self.flashcardTagsToIgnore = flashcardTagsToIgnore
        self.convertFoldersToDecks = convertFoldersToDecks
        self.singleLineCardSeparator = singleLineCardSeparator
        self.singleLineReversedCardSeparator = singleLineReversedCardSeparator
        self.multilineCardSeparator = multilineCardSeparator
        self.multilineReversedCardSeparator = multilineReversedCardSeparator
        self.multilineCardEndMarker = multilineCardEndMarker
        self.clozePatterns = clozePatterns
        self.tagsToReview = tagsToReview
        self.noteTagsToIgnore = noteTagsToIgnore
        self.cardCommentOnSameLine = cardCommentOnSameLine
        self.calloutsForSchedulingComments = calloutsForSchedulingComments
        self.writeBack = writeBack
    }

    /// `==highlight==` clozes, the plugin's default pattern.
    public static let highlightPattern = "==[123;;]answer[;;hint]=="
    /// `**bold**` clozes (the plugin's "convert bold text to clozes").
    public static let boldPattern = "**[123;;]answer[;;hint]**"
    /// `{{curly}}` clozes (the plugin's "convert curly brackets to clozes").
    public static let curlyPattern = "{{[123;;]answer[;;hint]}}"

    /// The plugin's folder inside a vault, where its `data.json` and `manifest.json` are.
    public static let pluginFolder = ".obsidian/plugins/obsidian-spaced-repetition"
    /// The plugin's settings and data file.
    public static let dataFile = pluginFolder + "/data.json"
    /// The plugin's manifest, which names its version.
    public static let manifestFile = pluginFolder + "/manifest.json"

    /// The card syntax these settings read.
    public var syntax: ObsidianSRSyntax {
        ObsidianSRSyntax(
            singleLineCardSeparator: singleLineCardSeparator,
            singleLineReversedCardSeparator: singleLineReversedCardSeparator,
            multilineCardSeparator: multilineCardSeparator,
            multilineReversedCardSeparator: multilineReversedCardSeparator,
            multilineCardEndMarker: multilineCardEndMarker, clozePatterns: clozePatterns,
            flashcardTags: flashcardTags, convertFoldersToDecks: convertFoldersToDecks, tagsToReview: tagsToReview,
            noteTagsToIgnore: noteTagsToIgnore)
    }

    /// Which notes hold cards under these settings.
    public var deckRule: ObsidianSRDeckRule {
        ObsidianSRDeckRule(
            flashcardTags: flashcardTags, flashcardTagsToIgnore: flashcardTagsToIgnore,
            convertFoldersToDecks: convertFoldersToDecks, tagsToReview: tagsToReview,
            noteTagsToIgnore: noteTagsToIgnore)
    }

    /// How the schedule comments are placed when written back.
    public var commentPlacement: OSRCommentPlacement {
        OSRCommentPlacement(sameLine: cardCommentOnSameLine, inCallout: calloutsForSchedulingComments)
    }
}

/// Where the plugin writes a question's `<!--SR:…-->` comment (its `cardCommentOnSameLine`
/// and `useCalloutsForSchedulingComments` settings).
public struct OSRCommentPlacement: Hashable, Sendable {
    /// On the card's own line (a one-line card not ending in a code block), else on the next line.
    public var sameLine: Bool
    /// Inside an `> [!sr|card-metadata]` callout under the card.
    public var inCallout: Bool

    public init(sameLine: Bool = false, inCallout: Bool = false) {
        self.sameLine = sameLine
        self.inCallout = inCallout
    }
}

/// Which notes hold the plugin's cards, and which come up as note reviews.
public struct ObsidianSRDeckRule: Hashable, Sendable {
    public var flashcardTags: [String]
    public var flashcardTagsToIgnore: [String]
    public var convertFoldersToDecks: Bool
    public var tagsToReview: [String]
    public var noteTagsToIgnore: [String]

    public init(
        flashcardTags: [String], flashcardTagsToIgnore: [String], convertFoldersToDecks: Bool,
        tagsToReview: [String] = [], noteTagsToIgnore: [String] = []
    ) {
        self.flashcardTags = flashcardTags
        self.flashcardTagsToIgnore = flashcardTagsToIgnore
        self.convertFoldersToDecks = convertFoldersToDecks
        self.tagsToReview = tagsToReview
        self.noteTagsToIgnore = noteTagsToIgnore
    }

    /// Whether the note at `path` with `tags` (without `#`, as notes carry them) holds cards
    /// or is a note review: a flashcard tag or a sub-tag of one (or, with folders as decks,
    /// any folder), and no ignored tag; or a review tag and no ignored note tag.
    ///
    /// Tags are compared as the plugin compares them: exactly, case included (`#Flashcards`
    /// is not `#flashcards`), a tag matching its sub-tags (`#flashcards/science`).
    public func contains(path: String, tags: [String]) -> Bool {
        holdsCards(path: path, tags: tags) || isNoteReview(tags: tags)
    }

    /// Whether the note's cards are read (see ``contains(path:tags:)``).
    public func holdsCards(path: String, tags: [String]) -> Bool {
        let hashed = tags.map { "#" + $0 }
        if Self.anyTag(hashed, in: flashcardTagsToIgnore) { return false }
        if convertFoldersToDecks { return path.contains("/") }
        return Self.anyTag(hashed, in: flashcardTags)
    }

    /// Whether the note comes up as a note review.
    public func isNoteReview(tags: [String]) -> Bool {
        let hashed = tags.map { "#" + $0 }
        return Self.anyTag(hashed, in: tagsToReview) && !Self.anyTag(hashed, in: noteTagsToIgnore)
    }

    /// The plugin's `isSubTagContainedInTag`: `tag` is `listed`, or one of its sub-tags.
    public static func isSubTag(_ tag: String, of listed: String) -> Bool {
        tag == listed || tag.hasPrefix(listed + "/")
    }

    /// True when one of `tags` is, or is a sub-tag of, one of `list`.
    public static func anyTag(_ tags: [String], in list: [String]) -> Bool {
        tags.contains { tag in list.contains { isSubTag(tag, of: $0) } }
    }
}
