/// One answer a study screen offers for a card: the key that gives it, the
/// word that names it, and whether it is the usual answer (the one a front
/// end focuses, so a card recalled as expected costs one key or one tap).
///
/// Every front end (the terminal's key line, the web's buttons) shows the
/// choices of ``choices(for:)`` in their order; no front end lists keys of its own.
///
/// | scheduler | keys and words | usual |
/// |---|---|---|
/// | fsrs, tiers, ladder, osr | 1 again · 2 hard · 3 good · 4 easy | 3 good |
/// | sm2 | 0 blackout · 1 wrong · 2 almost · 3 hard · 4 good · 5 perfect | 4 good |
///
/// The SM-2 words are the grades of Woźniak's scale in a word each: no
/// recall at all; wrong, but the answer known once seen; wrong, but it
/// seemed easy once seen; right with serious difficulty; right after a
/// hesitation; right at once.
public struct RatingChoice: Hashable, Sendable {
    /// The key that gives the answer (`1`, or `0`…`5` for sm2).
    public var key: Character
    /// The answer given.
    public var answer: ReviewAnswer
    /// The answer in a word: `good`, `blackout`.
    public var label: String
    /// True for the answer to a card recalled as expected (Good; quality 4).
    public var isUsual: Bool

    public init(key: Character, answer: ReviewAnswer, label: String, isUsual: Bool) {
        self.key = key
        self.answer = answer
        self.label = label
        self.isUsual = isUsual
    }

    /// How the answer went, in the four colours every front end gives the
    /// choices: failed (red: again; blackout, wrong, almost), hard (amber),
    /// good (green), easy (blue: easy; perfect).
    public enum Tone: String, Hashable, Sendable, CaseIterable {
        case failed, hard, good, easy
    }

    /// This choice's tone.
    public var tone: Tone {
        switch answer {
        case .fsrs(let rating):
            switch rating {
            case .again: return .failed
            case .hard: return .hard
            case .good: return .good
            case .easy: return .easy
            }
        case .quality(let q):
            return q <= 2 ? .failed : q == 3 ? .hard : q == 4 ? .good : .easy
        default:
            return answer.isCorrect ? .good : .failed
        }
    }

    /// The choices offered for a card of `scheduler`, in key order.
    public static func choices(for scheduler: SchedulerName) -> [RatingChoice] {
        scheduler == .sm2 ? qualities : ratings
    }

    /// The choice `key` gives for a card of `scheduler`; nil for any other key.
    public static func choice(key: Character, scheduler: SchedulerName) -> RatingChoice? {
        choices(for: scheduler).first { $0.key == key }
    }

    /// FSRS's four ratings, which the tiers and the ladder read as right or wrong.
    private static let ratings: [RatingChoice] = FSRSRating.allCases.map {
        RatingChoice(
            key: Character(String($0.rawValue)), answer: .fsrs($0), label: $0.name, isUsual: $0 == .good)
    }

    /// SM-2's six qualities.
    private static let qualities: [RatingChoice] = ["blackout", "wrong", "almost", "hard", "good", "perfect"]
        .enumerated().map { quality, word in
            RatingChoice(key: Character(String(quality)), answer: .quality(quality), label: word, isUsual: quality == 4)
        }
}
