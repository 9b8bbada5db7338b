/// A flashcard found inside a note.
///
/// Cards are never stored: they are read from the notes each time (see
/// ``CardSource`` for the syntax) and named by ``CardIdentity``, so that the
/// ledger's rating events can find them again after small edits.
public struct Card: Hashable, Sendable {
    /// What a card asks for.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Question → answer (`q :: a`, the forward half of `q ::: a`, or a `?` card).
        case basic
        /// Answer → question: the backward half of `q ::: a`.
        case reverse
        /// A paragraph with one `==deletion==` hidden.
        case cloze
        /// A whole note to review (the Spaced Repetition plugin's note reviews: a note tagged
        /// with one of its `tagsToReview`, scheduled by its `sr-*` front matter).
        case note
    }

    /// The card's identity (12 lowercase hex digits), see ``CardIdentity``.
    public var id: String
    /// The vault-relative path of the note holding the card.
    public var notePath: String
    /// The note's id, when it has one; the card id is derived from it.
    public var noteID: String?
    public var kind: Kind
    /// The question as shown (for cloze cards, the paragraph with `[…]` in place of the deletion).
    public var question: String
    /// The answer as shown (for cloze cards, the hidden text).
    public var answer: String
    /// The 1-based line of the body where the card starts.
    public var line: Int
    /// The card's position among the note's cards (0-based, in reading order).
    public var position: Int
    /// The text the identity is computed from: ``CardIdentity/normalise(_:)``
    /// of the question (for cloze cards, of the full paragraph and the deletion).
    public var identityText: String
    /// The hint written in the question as `%%hint: …%%` (``CardHint``), taken out of ``question``.
    public var hint: String?
    /// The deck its syntax puts it in (`flashcards/science`: the Spaced Repetition plugin's tag or
    /// folder); nil in `vault`'s own syntax, where a note's folder is its deck.
    public var deck: String?
    /// The schedule stored with the card in its note (the plugin's `<!--SR:…-->` group): where its
    /// schedule starts (``CardScheduleReplay``); nil when there is none.
    public var stored: StoredSchedule?

    public init(
        id: String, notePath: String, noteID: String?, kind: Kind, question: String, answer: String, line: Int,
        position: Int, identityText: String, hint: String? = nil, deck: String? = nil, stored: StoredSchedule? = nil
    ) {
        self.id = id
        self.notePath = notePath
        self.noteID = noteID
        self.kind = kind
        self.question = question
        self.answer = answer
        self.line = line
        self.position = position
        self.identityText = identityText
        self.hint = hint
        self.deck = deck
        self.stored = stored
    }

    /// The key that scopes card identities: the note id, else its path.
    public var noteKey: String { noteID ?? notePath }
}
