/// The word a person most likely meant, for "did you mean" in a message.
public enum Suggestion {
    /// The one of `candidates` closest to `word` by edit distance (letters
    /// added, removed or changed, case ignored), when it is within a third of
    /// the word's length (at least 1) or one of the two starts the other (a
    /// plural, a prefix of three letters or more); nil when none is, or for
    /// words over 64 characters.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let word = Array(word.lowercased().unicodeScalars)
        guard !word.isEmpty, word.count <= 64 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            let distance = editDistance(word, other)
            let near =
                distance <= max(1, word.count / 3)
                || (word.count >= 3 && (other.starts(with: word) || word.starts(with: other)))
            if near, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Levenshtein distance, two rows at a time.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let change = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(change, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
