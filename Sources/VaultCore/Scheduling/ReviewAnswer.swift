/// An answer given to a card, in the scale of the scheduler that asked.
///
/// Each scheduler has its own scale: FSRS rates Again/Hard/Good/Easy (1-4),
/// SM-2 a quality 0-5, the tiers and the ladder right or wrong. A card can
/// move to a folder with another scheduler, so every scheduler reads every
/// answer through the table in docs/FORMAT.md (Flashcards):
///
/// | answer | fsrs | sm2 | tiers, ladder |
/// |---|---|---|---|
/// | again / 1 (fsrs) | again | 1 | wrong |
/// | hard / 2 (fsrs) | hard | 3 | correct |
/// | good / 3 (fsrs) | good | 4 | correct |
/// | easy / 4 (fsrs) | easy | 5 | correct |
/// | q0…q2 (sm2) | again | q | wrong |
/// | q3 (sm2) | hard | 3 | correct |
/// | q4 / q5 (sm2) | good / easy | q | correct |
/// | correct | good | 4 | correct |
/// | wrong | again | 1 | wrong |
public enum ReviewAnswer: Hashable, Sendable {
    case fsrs(FSRSRating)
    case quality(Int)
    case correct
    case wrong

    /// Reads a ledger `rating` value or a `--rate CARD=…` word: `again`,
    /// `hard`, `good`, `easy`, `q0`…`q5`, `correct`, `wrong`. A bare digit is
    /// read in the scale of `scheduler`: 1-4 for fsrs, 0-5 for sm2, 0/1 for the others.
    public init?(_ text: String, scheduler: SchedulerName = .fsrs) {
        // The ledger writes lowercase words: try them before lowercasing (replay reads millions).
        switch text {
        case "good": self = .fsrs(.good)
        case "again": self = .fsrs(.again)
        case "hard": self = .fsrs(.hard)
        case "easy": self = .fsrs(.easy)
        case "correct": self = .correct
        case "wrong": self = .wrong
        default: self.init(slow: text, scheduler: scheduler)
        }
    }

    private init?(slow text: String, scheduler: SchedulerName) {
        switch text.lowercased() {
        case "again": self = .fsrs(.again)
        case "hard": self = .fsrs(.hard)
        case "good": self = .fsrs(.good)
        case "easy": self = .fsrs(.easy)
        case "correct", "right", "yes": self = .correct
        case "wrong", "no": self = .wrong
        case let word where word.hasPrefix("q") && word.count == 2:
            guard let q = Int(word.dropFirst()), (0...5).contains(q) else { return nil }
            self = .quality(q)
        case let word:
            guard let n = Int(word) else { return nil }
            switch scheduler {
            case .fsrs, .osr:
                guard let rating = FSRSRating(rawValue: n) else { return nil }
                self = .fsrs(rating)
            case .sm2:
                guard (0...5).contains(n) else { return nil }
                self = .quality(n)
            case .tiers, .ladder:
                guard n == 0 || n == 1 else { return nil }
                self = n == 1 ? .correct : .wrong
            }
        }
    }

    /// The answer a study screen key gives (``RatingChoice/choices(for:)``):
    /// `0`…`5` (quality) for sm2 cards, `1`…`4` (Again/Hard/Good/Easy) for
    /// the others (osr's buttons too); nil for any other key.
    public init?(key: Character, scheduler: SchedulerName) {
        guard let choice = RatingChoice.choice(key: key, scheduler: scheduler) else { return nil }
        self = choice.answer
    }

    /// How the ledger writes the answer: `good`, `q4`, `correct`…
    public var ledgerValue: String {
        switch self {
        case .fsrs(let r): return r.name
        case .quality(let q): return "q\(q)"
        case .correct: return "correct"
        case .wrong: return "wrong"
        }
    }

    /// The answer as an FSRS rating.
    public var fsrsRating: FSRSRating {
        switch self {
        case .fsrs(let r): return r
        case .quality(let q): return q < 3 ? .again : q == 3 ? .hard : q == 4 ? .good : .easy
        case .correct: return .good
        case .wrong: return .again
        }
    }

    /// The answer as an SM-2 quality 0-5.
    public var quality: Int {
        switch self {
        case .fsrs(let r): return [1, 3, 4, 5][r.rawValue - 1]
        case .quality(let q): return q
        case .correct: return 4
        case .wrong: return 1
        }
    }

    /// True when the card was recalled (Hard or better, quality 3 or better).
    public var isCorrect: Bool {
        switch self {
        case .fsrs(let r): return r != .again
        case .quality(let q): return q >= 3
        case .correct: return true
        case .wrong: return false
        }
    }
}

/// FSRS's four ratings.
public enum FSRSRating: Int, Hashable, Sendable, CaseIterable {
    case again = 1, hard, good, easy

    public var name: String {
        switch self {
        case .again: return "again"
        case .hard: return "hard"
        case .good: return "good"
        case .easy: return "easy"
        }
    }
}
