extension Card {
    /// What stands in a cloze card's question where its hidden words were.
    public static let clozeGap = "[…]"

    /// The answer as a study screen shows it once revealed: for a cloze card
    /// whose question shows the gap, the sentence whole again with the hidden
    /// words back in place, between `open` and `close` (a front end's marks:
    /// escape codes, `**`, or nothing); for any other card, its answer.
    ///
    /// The terminal, the web page and the web's offline cards all reveal
    /// through this, so a cloze reads the same wherever it is studied.
    public func revealed(marking open: String = "", _ close: String = "") -> String {
        guard kind == .cloze, question.contains(Self.clozeGap) else { return answer }
        return question.replacingOccurrences(of: Self.clozeGap, with: open + answer + close)
    }
}
