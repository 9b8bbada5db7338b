/// Makes Chinese, Japanese and Korean text searchable by a word index.
///
/// These scripts do not put spaces between words, so a word tokenizer sees a
/// whole run of ideographs as one token and a search for a word inside it
/// finds nothing. Each run is therefore also indexed as overlapping bigrams
/// followed by its last character alone (`東京大学` → `東京 京大 大学 学`), and a
/// query run is searched as the phrase of its bigrams. A one-character query
/// becomes a prefix search, which the trailing single character makes
/// complete: every character of a run starts some indexed token.
public enum CJKBigrams {
    /// The bigram text of every CJK run in `text`, runs separated by newlines;
    /// empty when `text` has none.
    public static func indexText(_ text: String) -> String {
        var out = ""
        for run in runs(in: text) {
            if !out.isEmpty { out.append("\n") }
            out.append(tokens(of: run).joined(separator: " "))
        }
        return out
    }

    /// The tokens a query run is searched as: its bigrams, or the single
    /// character itself for a one-character run.
    public static func queryTokens(_ run: [Character]) -> [String] {
        run.count == 1 ? [String(run[0])] : (0..<(run.count - 1)).map { String(run[$0...($0 + 1)]) }
    }

    /// True when `text` contains a CJK character.
    public static func containsCJK(_ text: String) -> Bool {
        // Every CJK scalar is encoded from lead byte 0xE3 up: most text is
        // ruled out without decoding a character.
        // (The bytes are read in place: indexing runs this over every note's body.)
        let mayHoldCJK =
            text.utf8.withContiguousStorageIfAvailable { $0.contains { $0 >= 0xE3 } }
            ?? text.utf8.contains { $0 >= 0xE3 }
        guard mayHoldCJK else { return false }
        return text.unicodeScalars.contains(where: isCJK)
    }

    /// The maximal runs of CJK characters in `text`.
    public static func runs(in text: String) -> [[Character]] {
        var result: [[Character]] = []
        var current: [Character] = []
        for character in text {
            if isCJK(character) {
                current.append(character)
            } else if !current.isEmpty {
                result.append(current)
                current = []
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    static func tokens(of run: [Character]) -> [String] {
        run.count == 1 ? [String(run[0])] : queryTokens(run) + [String(run[run.count - 1])]
    }

    /// Han ideographs, kana, Hangul and their extensions.
    public static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return isCJK(scalar)
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x3400...0x4DBF,  // CJK Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK Compatibility Ideographs
            0x20000...0x2FA1F:  // Extensions B–F, compatibility supplement
            return true
        default:
            return false
        }
    }
}
