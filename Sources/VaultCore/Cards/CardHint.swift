/// A card's hint, written as an Obsidian comment in the question:
/// `Capital of Australia %%hint: not Sydney%% :: Canberra`.
///
/// Obsidian hides `%%…%%` in reading view (and dims it while editing), so
/// the note reads as it did; `vault` takes the hint out of the question (the
/// study screen shows it on `h`, `vault cards --json` as `hint`) and out of
/// the card's identity, so writing or editing a hint keeps the card's id.
/// Any other `%%comment%%` stays in the text.
public enum CardHint {
    /// `text` without its first `%%hint: …%%` (the spaces before it too), and the hint; the text as it is when it has none.
    public static func split(_ text: String) -> (text: String, hint: String?) {
        guard text.contains("%%") else { return (text, nil) }
        var searchStart = text.startIndex
        while let open = text.range(of: "%%", range: searchStart..<text.endIndex) {
            guard let close = text.range(of: "%%", range: open.upperBound..<text.endIndex) else { break }
            let inside = text[open.upperBound..<close.lowerBound].drop { $0 == " " }
            if inside.lowercased().hasPrefix("hint:") {
                let hint = inside.dropFirst(5).trimmingSpaces()
                var before = text[..<open.lowerBound]
                while before.last == " " { before = before.dropLast() }
                var after = text[close.upperBound...]
                if before.isEmpty || before.last == "\n" { after = after.drop { $0 == " " } }
                return (String(before) + String(after), hint.isEmpty ? nil : hint)
            }
            searchStart = close.upperBound
        }
        return (text, nil)
    }
}
