/// Rewrites a question's `<!--SR:…-->` comment in a note as the Spaced Repetition plugin writes
/// it after an answer (its `Question.formatForNote`, v1.15.4), so that Obsidian shows the
/// reviews given in `vault` (`obsidian_sr.write_back: true`; docs/FORMAT.md, Obsidian Spaced
/// Repetition, Writing back).
///
/// Only the question's lines change: its old comment is taken out, and the new one (one group
/// per card of the question) goes where the plugin puts it: on the next line, or after a space
/// on the question's last line (`card_comment_on_same_line`, not after a code block), or in an
/// `> [!sr|card-metadata]` callout; a block id (`^id`) closing the question stays its last word
/// or goes before the comment as the plugin places it. Unlike the plugin, the question's own
/// lines keep their trailing spaces, a closing fence stays as written, a tag opening the card
/// stays with folders as decks, and the file's line ends are kept.
public enum OSRWriteBack {
    /// The text of one card's group: the card, its group as the note holds it now (nil when
    /// the comment has none for it).
    public typealias GroupText = (_ card: Card, _ written: String?) -> String

    /// `text` (the note at `notePath`, id `noteID`) with the comment of the question holding the
    /// card `cardID` rewritten from `group`; nil when no question of the note holds that card
    /// (the note changed since it was read). With `droppingNewOnly`, a comment whose every group
    /// is a new card's is taken out instead: the question as it was before its first answer
    /// (an answer taken back).
    public static func rewriting(
        _ text: String, notePath: String, noteID: String?, cardID: String, syntax: ObsidianSRSyntax,
        placement: OSRCommentPlacement, droppingNewOnly: Bool = false, group: GroupText
    ) -> String? {
        let questions = OSRNoteReader.questions(in: text, path: notePath, frontMatterTags: [], syntax: syntax)
        let cards = CardIdentity.cards(from: questions.flatMap(\.cards), notePath: notePath, noteID: noteID)
        var first = 0
        for question in questions {
            let mine = cards[first..<(first + question.cards.count)]
            first += question.cards.count
            guard mine.contains(where: { $0.id == cardID }) else { continue }
            let written = rawGroups(in: question.parsed.text)
            let groups = mine.enumerated().map { k, card in group(card, k < written.count ? written[k] : nil) }
            let newOnly = groups.allSatisfy { OSRScheduleComment.group($0.dropFirst()) == .new }
            let comment = droppingNewOnly && newOnly ? nil : OSRScheduleComment.format(groups)
            return replacing(question.parsed, in: text, comment: comment, placement: placement)
        }
        return nil
    }

    /// The `!…` groups of the question's first comment, as written.
    static func rawGroups(in text: String) -> [String] {
        guard let comment = OSRScheduleComment.firstComment(in: text) else { return [] }
        return comment.split(separator: "!", omittingEmptySubsequences: false)
            .map { OSRText.trim($0) }.filter { !$0.isEmpty }.map { "!" + $0 }
    }

    /// `text` with the lines of `question` replaced by the question with `comment` placed (with
    /// none: the question without a comment, its block id last).
    static func replacing(_ question: OSRParser.Question, in text: String, comment: String?, placement: OSRCommentPlacement)
        -> String?
    {
        var lines = LineSplit(text)
        guard question.firstLine >= 0, question.lastLine < lines.contents.count, question.firstLine <= question.lastLine
        else { return nil }
        let original = lines.contents[question.firstLine...question.lastLine].joined(separator: "\n")
        var body = OSRText.trimEnd(OSRScheduleComment.removing(from: original))
        let (withoutID, blockID) = OSRQuestionText.splittingBlockID(body)
        if blockID != nil { body = withoutID }
        guard let comment else {
            // The callout that held only the comment goes with it.
            if let callout = body.range(of: "\n" + OSRParser.metadataCallout, options: .backwards),
                body[callout.upperBound...].allSatisfy({ $0 == " " || $0 == ">" || $0 == "\n" })
            {
                body = String(body[..<callout.lowerBound])
            }
            let bare = blockID.map { body + " " + $0 } ?? body
            lines.contents.replaceSubrange(
                question.firstLine...question.lastLine,
                with: bare.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            return lines.joined
        }
        let inCallout = OSRText.contains(body[...], OSRParser.metadataCallout)
        let sameLine = placement.sameLine && !body.hasSuffix("```")
        if placement.inCallout && !inCallout {
            body += (body.hasSuffix("\n") ? "" : "\n") + OSRParser.metadataCallout + " \n> "
        }
        let spaced = sameLine || inCallout || placement.inCallout
        if let blockID {
            body += spaced ? " \(comment) \(blockID)" : " \(blockID)\n\(comment)"
        } else {
            body += (spaced ? " " : "\n") + comment
        }
        lines.contents.replaceSubrange(
            question.firstLine...question.lastLine, with: body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        return lines.joined
    }

    /// A text's lines and the line end it uses (`\r\n` when it holds one; a file that mixes
    /// line ends gets the first kind everywhere).
    struct LineSplit {
        var contents: [String]
        var ending: String

        init(_ text: String) {
            contents = OSRText.lines(text).map(String.init)
            var crlf = false
            var previous: Unicode.Scalar = " "
            for s in text.unicodeScalars {
                if s == "\n" {
                    crlf = previous == "\r"
                    break
                }
                previous = s
            }
            ending = crlf ? "\r\n" : "\n"
        }

        var joined: String { contents.joined(separator: ending) }
    }
}
