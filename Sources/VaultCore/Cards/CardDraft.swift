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

    public init(kind: Card.Kind, question: String, answer: String, line: Int, clozeContext: String? = nil) {
        self.kind = kind
        self.question = question
        self.answer = answer
        self.line = line
        self.clozeContext = clozeContext
    }
}
