/// A card as the Markdown adapter finds it, before it has an identity.
///
/// The adapter (which knows CommonMark) produces drafts; ``CardIdentity``
/// (which knows nothing of Markdown) turns them into ``Card`` values.
public struct CardDraft: Hashable, Sendable {
    public var kind: Card.Kind
    public var question: String
    public var answer: String
    /// 1-based body line where the card starts.
    public var line: Int
    /// For cloze cards: the paragraph's full text with every deletion shown.
    public var clozeContext: String?
    /// The deck the card's syntax puts it in (the Spaced Repetition plugin's tag or folder), nil for none.
    public var deck: String?
    /// The schedule stored with the card in the note (the plugin's `<!--SR:…-->` group), nil for none.
    public var stored: StoredSchedule?

    public init(kind: Card.Kind, question: String, answer: String, line: Int, clozeContext: String? = nil) {
        self.kind = kind
        self.question = question
        self.answer = answer
        self.line = line
        self.clozeContext = clozeContext
    }
}
