/// A cloze question's cards, as clozecraft v0.4.0 makes them for the Spaced Repetition plugin:
/// the kind of the question (the highest of classic, overlapping and simple that any pattern
/// finds), its deletions (pattern by pattern, each left to right), and one card per number,
/// per letter of the longest sequence, or per deletion.
public enum OSRClozeNote {
    /// One card of a cloze question.
    public struct Side: Hashable, Sendable {
        /// The text with the asked deletions as gaps (`[…]`, or `[hint]`), the hidden ones as
        /// `[...]` (or `[hint]`) and the others shown.
        public var question: String
        /// The asked deletions' answers, joined by `, `.
        public var answer: String
        /// The text with every deletion shown (the card's identity reads it).
        public var context: String
    }

    /// The kind of cloze question `text` is under `patterns`, nil when it is none.
    public static func kind(
        of text: [Unicode.Scalar], patterns: [OSRClozePattern], budget: OSRClozePattern.Budget? = nil
    ) -> OSRClozePattern.Kind? {
        var best: OSRClozePattern.Kind?
        for pattern in patterns {
            for kind in OSRClozePattern.Kind.allCases where best.map({ kind.rawValue < $0.rawValue }) ?? true {
                if pattern.matches(text, kind: kind, budget: budget) {
                    best = kind
                    break
                }
            }
        }
        return best
    }

    /// The cards of the cloze question `text`, in the plugin's order; none when it holds no deletion.
    public static func sides(of text: String, patterns: [OSRClozePattern], budget: OSRClozePattern.Budget? = nil)
        -> [Side]
    {
        let scalars = Array(text.unicodeScalars)
        guard let kind = kind(of: scalars, patterns: patterns, budget: budget) else { return [] }
        var deletions: [OSRClozePattern.Match] = []
        for pattern in patterns { deletions += pattern.matches(in: scalars, kind: kind, budget: budget) }
        let count: Int
        switch kind {
        case .simple: count = deletions.count
        case .classic: count = deletions.map { Int($0.seq ?? "") ?? 0 }.max() ?? 0
        case .overlapping: count = deletions.map { $0.seq?.unicodeScalars.count ?? 0 }.max() ?? 0
        }
        let shown = replacing(text, deletions) { $0.answer }
        var sides: [Side] = []
        for index in 0..<min(count, 1000) {
            var asked: [String] = []
            let question = replacing(text, deletions) { deletion in
                switch action(of: deletion, in: kind, card: index, simpleIndex: deletions.firstIndex(of: deletion)) {
                case .ask:
                    asked.append(deletion.answer)
                    return deletion.hint.map { "[\($0)]" } ?? Card.clozeGap
                case .hide:
                    return deletion.hint.map { "[\($0)]" } ?? "[...]"
                case .show:
                    return deletion.answer
                }
            }
            sides.append(Side(question: question, answer: asked.joined(separator: ", "), context: shown))
        }
        return sides
    }

    enum Action { case ask, hide, show }

    /// What card `card` does with `deletion`.
    static func action(of deletion: OSRClozePattern.Match, in kind: OSRClozePattern.Kind, card: Int, simpleIndex: Int?)
        -> Action
    {
        switch kind {
        case .simple:
            return simpleIndex == card ? .ask : .show
        case .classic:
            return Int(deletion.seq ?? "") == card + 1 ? .ask : .show
        case .overlapping:
            let letters = Array((deletion.seq ?? "").unicodeScalars)
            guard card < letters.count else { return .show }
            switch letters[card] {
            case "a": return .ask
            case "h": return .hide
            default: return .show
            }
        }
    }

    /// `text` with each deletion's first remaining occurrence (in the order of `deletions`)
    /// replaced by what `replacement` gives, as clozecraft's `String.replace` calls do.
    static func replacing(
        _ text: String, _ deletions: [OSRClozePattern.Match], _ replacement: (OSRClozePattern.Match) -> String
    ) -> String {
        // Each replacement acts on the text as the earlier ones left it.
        var current = text
        for deletion in deletions {
            let replaced = replacement(deletion)
            guard let range = OSRText.firstRange(of: deletion.raw, in: current[...]) else { continue }
            current.replaceSubrange(range, with: replaced)
        }
        return current
    }
}
