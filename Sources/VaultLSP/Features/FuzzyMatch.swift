/// Fuzzy matching of what was typed against a name, as note pickers do:
/// the typed letters in order, anywhere in the name, case ignored; a name
/// that starts with them, has them together, or at word starts ranks higher.
/// Works on lowercased UTF-8 bytes, so ten thousand notes' names are matched
/// in about a millisecond.
public enum FuzzyMatch {
    /// The score of `name` (lowercased UTF-8) for `query` (lowercased UTF-8),
    /// higher is better; nil when the query's bytes are not all in it, in order.
    /// `name` is indexed from 0 (an array, a buffer).
    public static func score<Name: RandomAccessCollection<UInt8>>(_ query: [UInt8], in name: Name) -> Int?
    where Name.Index == Int {
        if query.isEmpty { return 0 }
        // The match starts at a word's start (`inter` finds "Interleaving" and
        // "spaced interleaving", not "quality of your relationships").
        var best: Int?
        for start in name.indices where name[start] == query[0] && (start == 0 || isBoundary(name[start - 1])) {
            if let score = score(query, in: name, from: start), score > best ?? Int.min { best = score }
        }
        return best
    }

    private static func score<Name: RandomAccessCollection<UInt8>>(_ query: [UInt8], in name: Name, from start: Int)
        -> Int?
    where Name.Index == Int {
        var score = 0
        var q = 0
        var previousMatch = -2
        for (i, byte) in name.enumerated().dropFirst(start) where q < query.count && byte == query[q] {
            var points = 1
            if i == previousMatch + 1 { points += 4 }  // together
            if i == 0 { points += 8 } else if isBoundary(name[i - 1]) { points += 3 }
            score += points
            previousMatch = i
            q += 1
        }
        guard q == query.count else { return nil }
        if name.starts(with: query) { score += 20 }
        if name.count == query.count { score += 20 }
        return score * 100 - min(name.count, 99)
    }

    private static func isBoundary(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x2D || byte == 0x5F || byte == 0x2F || byte == 0x2E
    }

    /// `text` lowercased, as bytes.
    public static func bytes(_ text: some StringProtocol) -> [UInt8] { Array(text.lowercased().utf8) }
}
