/// A question's text cut as the Spaced Repetition plugin cuts it (its `QuestionText.splitText`):
/// the schedule comment taken out, a tag opening the text (the card's own deck), the question
/// itself, and an Obsidian block id (` ^id`) closing it.
public struct OSRQuestionText: Hashable, Sendable {
    /// The tag opening the question (`#flashcards/science`), nil when there is none.
    public var tag: String?
    /// The white space before the tag, and between it and the question (kept when written back).
    public var before = ""
    public var after = ""
    /// The question as its cards read it: no tag, no schedule comment, no block id, no trailing space.
    public var question: String
    /// The block id (`^d7cee0`), nil when there is none.
    public var blockID: String?

    /// Cuts `original` (a question's text as the parser keeps it).
    public init(_ original: String) {
        let withoutComment = Self.removingDataID(OSRScheduleComment.removing(from: original))
        var question = OSRText.trimEnd(withoutComment)
        let start = OSRText.trimStart(withoutComment[...])
        if let tag = Self.leadingTag(start), tag.unicodeScalars.dropFirst().contains(where: { $0 != "/" }) {
            let before = String(withoutComment.unicodeScalars.prefix(withoutComment.unicodeScalars.count - start.unicodeScalars.count))
            let afterTag = Substring(start.unicodeScalars.dropFirst(tag.unicodeScalars.count))
            let rest = OSRText.trimStart(afterTag)
            self.before = before
            self.tag = tag
            self.after = String(afterTag.unicodeScalars.prefix(afterTag.unicodeScalars.count - rest.unicodeScalars.count))
            // The plugin keeps the rest's trailing white space here; only the block id is cut.
            question = String(rest)
        }
        let (text, blockID) = Self.splittingBlockID(question)
        self.question = text
        self.blockID = blockID
    }

    /// `text` without a `^sr-data-id-ID` marker (a data store outside the notes names the
    /// question's entry with it; it is no part of the card, as the plugin's stores read it).
    static func removingDataID(_ text: String) -> String {
        guard let at = OSRText.firstRange(of: OSRDataStoreImport.dataIDMarker, in: text[...]) else { return text }
        let rest = text[at.upperBound...].unicodeScalars.drop { !OSRText.isWhitespace($0) }
        return String(text[..<at.lowerBound]) + String(Substring(rest))
    }

    /// The plugin's `/^#[^\s#]+/` at the start of `text`.
    static func leadingTag(_ text: Substring) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.first == "#" else { return nil }
        let body = scalars.dropFirst().prefix { !OSRText.isWhitespace($0) && $0 != "#" }
        guard !body.isEmpty else { return nil }
        return "#" + String(String.UnicodeScalarView(body))
    }

    /// The plugin's `/ (\^[a-zA-Z0-9-]+)$/`: a block id after a space at the very end.
    static func splittingBlockID(_ text: String) -> (String, String?) {
        let scalars = Array(text.unicodeScalars)
        var i = scalars.count
        while i > 0, scalars[i - 1].isASCII, scalars[i - 1].properties.isAlphabetic || ("0"..."9").contains(scalars[i - 1]) || scalars[i - 1] == "-" {
            i -= 1
        }
        guard i < scalars.count, i >= 2, scalars[i - 1] == "^", scalars[i - 2] == " " else { return (text, nil) }
        let id = String(String.UnicodeScalarView(scalars[(i - 1)...]))
        let rest = String(String.UnicodeScalarView(scalars[..<(i - 2)]))
        return (OSRText.trimEnd(rest + " "), id)
    }

    /// The deck path the opening tag names (`flashcards/science`), nil without one.
    public var deck: String? {
        tag.map { String($0.dropFirst()).split(separator: "/").joined(separator: "/") }
    }

    /// The tag and the question as the plugin writes them back: `before` `#tag` `after` question.
    public var topicAndQuestion: String {
        (tag.map { before + $0 + after } ?? "") + question
    }
}
