import VaultCore

/// Builds FTS5 `MATCH` strings from query terms.
///
/// Every piece of user text goes into an FTS5 string literal (`"…"`, inner
/// quotes doubled), so nothing a person types can be read as FTS5 syntax:
/// `NEAR`, `:` column filters, `^` and parentheses are just text. The only
/// operators in the result are the ones written here: `AND`, `OR`, `*`.
enum FTSExpression {
    /// All groups must match; each group matches when one of its terms does.
    static func all(_ groups: [[SearchTerm]]) -> String {
        groups.map { any($0) }.joined(separator: " AND ")
    }

    /// Matches when any of `terms` does.
    static func any(_ terms: [SearchTerm]) -> String {
        "(" + terms.map(term).joined(separator: " OR ") + ")"
    }

    /// One term as an FTS5 phrase.
    ///
    /// Text with CJK characters is searched as the phrase of its bigrams in
    /// the `cjk` column (see ``CJKBigrams``); a lone CJK character as a
    /// prefix, since it starts an indexed token.
    static func term(_ term: SearchTerm) -> String {
        let text = term.text
        if CJKBigrams.containsCJK(text) {
            let runs = CJKBigrams.runs(in: text)
            var tokens: [String] = []
            for (index, run) in runs.enumerated() {
                tokens += CJKBigrams.queryTokens(run)
                // Between runs the index has the run's last character alone.
                if index < runs.count - 1, run.count > 1 { tokens.append(String(run[run.count - 1])) }
            }
            let lone = runs.count == 1 && runs[0].count == 1
            let phrase = "cjk : " + quoted(tokens.joined(separator: " "))
            return lone || isPrefix(term) ? phrase + "*" : phrase
        }
        return isPrefix(term) ? quoted(text) + "*" : quoted(text)
    }

    private static func isPrefix(_ term: SearchTerm) -> Bool {
        if case .prefix = term { return true }
        return false
    }

    /// `text` as an FTS5 string: wrapped in `"`, each `"` doubled, also one
    /// that a combining mark follows (scalar by scalar, not by `Character`).
    /// Not `replacingOccurrences`, which goes through `NSString` on Linux.
    static func quoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append(scalar) }
        }
        quoted.append("\"")
        return String(quoted)
    }
}
