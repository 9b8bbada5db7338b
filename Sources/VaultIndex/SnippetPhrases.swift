import Foundation
import GRDB
import VaultCore

/// The phrases of a query's MATCH string as FTS5 sees them, folded by the
/// index's own tokenizer, for ``BodySnippet`` to find in a note's body.
///
/// The phrases are numbered as FTS5 numbers them (their order in
/// ``FTSExpression/all(_:)``: group by group, term by term), and each is a
/// list of query tokens (ids into ``tokens``), the last one a prefix for a
/// `word*` term.
struct SnippetPhrases {
    /// A folded query token and whether a body token need only start with it.
    struct Token: Hashable {
        var bytes: [UInt8]
        var isPrefix: Bool
    }

    /// Each phrase: the ids of its tokens in ``tokens``, in order.
    var phrases: [[Int]]
    /// For each AND group of the query, the phrases (indexes into ``phrases``) any of which satisfies it.
    var groups: [[Int]]
    /// The distinct query tokens (at most 64: a body token's matches are one bit mask).
    var tokens: [Token]

    /// The phrases of `groups`, tokenized by `tokenizer` (the index's
    /// ``IndexSchema/tokenizer``); nil when FTS5 must make the snippet
    /// itself: a term with CJK text (searched in the `cjk` column as
    /// bigrams), a term with no token, or more than 64 distinct tokens.
    init?(_ groups: [[SearchTerm]], tokenizer: any FTS5Tokenizer) {
        var phrases: [[Int]] = []
        var ids: [Token: Int] = [:]
        var tokens: [Token] = []
        var groupPhrases: [[Int]] = []
        for group in groups {
            var members: [Int] = []
            for term in group {
                if CJKBigrams.containsCJK(term.text) { return nil }
                guard let words = try? tokenizer.tokenize(query: term.text).map(\.token), !words.isEmpty else {
                    return nil
                }
                var phrase: [Int] = []
                for (index, word) in words.enumerated() {
                    var isPrefix = false
                    if case .prefix = term, index == words.count - 1 { isPrefix = true }
                    let token = Token(bytes: Array(word.utf8), isPrefix: isPrefix)
                    if let id = ids[token] {
                        phrase.append(id)
                    } else {
                        ids[token] = tokens.count
                        phrase.append(tokens.count)
                        tokens.append(token)
                    }
                }
                members.append(phrases.count)
                phrases.append(phrase)
            }
            groupPhrases.append(members)
        }
        guard tokens.count <= 64 else { return nil }
        self.phrases = phrases
        self.groups = groupPhrases
        self.tokens = tokens
    }
}
