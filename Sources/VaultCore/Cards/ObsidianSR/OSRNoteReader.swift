/// A note's cards as the Spaced Repetition plugin reads them (its `NoteQuestionParser`, v1.15.4):
/// the questions of ``OSRParser``, each cut by ``OSRQuestionText`` and expanded into its cards
/// (a reversed question and a cloze question give several, siblings in the plugin's order),
/// each card's deck, and each card's group of the question's schedule comment.
///
/// Nothing here reads a file: the caller gives the note's text and its front matter tags.
public enum OSRNoteReader {
    /// A question and the cards it gives, with where it is in the note (0-based lines of the file).
    public struct Question: Sendable {
        public var parsed: OSRParser.Question
        public var text: OSRQuestionText
        /// The cards, in sibling order.
        public var cards: [CardDraft]
        /// Groups of its comment that `vault` cannot read, with the reason.
        public var unreadable: [String]
    }

    /// The card drafts of the note `text` at `path` (lines are the file's, 1-based).
    public static func drafts(
        in text: String, path: String, frontMatterTags: [String], syntax: ObsidianSRSyntax
    ) -> [CardDraft] {
        questions(in: text, path: path, frontMatterTags: frontMatterTags, syntax: syntax).flatMap(\.cards)
    }

    /// The questions of the note `text` at `path`, with their cards.
    public static func questions(
        in text: String, path: String, frontMatterTags: [String], syntax: ObsidianSRSyntax
    ) -> [Question] {
        let patterns = syntax.clozePatterns.compactMap(OSRClozePattern.init)
        let (content, _) = OSRParser.blankingFrontMatter(text)
        let budget = OSRClozePattern.Budget()
        let parsed = OSRParser.questions(in: content, syntax: syntax, patterns: patterns, budget: budget)
        guard !parsed.isEmpty else { return [] }
        let tagLines = syntax.convertFoldersToDecks ? [] : flashcardTagLines(content, syntax: syntax)
        let frontTags = frontMatterTags.map { $0.hasPrefix("#") ? $0 : "#" + $0 }
            .filter { tag in syntax.flashcardTags.contains { ObsidianSRDeckRule.isSubTag(tag, of: $0) } }
        // Note-level tags: those on no question's lines.
        let noteLevel = tagLines.filter { entry in !parsed.contains { ($0.firstLine...$0.lastLine).contains(entry.line) } }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var out: [Question] = []
        var count = 0
        for question in parsed {
            guard count < CardLimits.cardsPerNote else { break }
            let cut = OSRQuestionText(question.text)
            let deck: String?
            if syntax.convertFoldersToDecks {
                deck = folder.isEmpty ? nil : folder
            } else if let own = cut.deck {
                deck = own
            } else if let line = noteLevel.last(where: { $0.line < question.firstLine })?.line {
                deck = noteLevel.first { $0.line == line }?.tag
            } else if let first = frontTags.first {
                deck = deckPath(of: first)
            } else {
                deck = tagLines.first?.tag
            }
            let sides = self.sides(
                of: question.type, question: cut.question, syntax: syntax, patterns: patterns, budget: budget)
            let groups = OSRScheduleComment.groups(in: question.text)
            var unreadable: [String] = []
            var drafts: [CardDraft] = []
            for (k, side) in sides.enumerated() {
                var stored: StoredSchedule?
                if k < groups.count {
                    switch groups[k] {
                    case .scheduled(let s): stored = s
                    case .new: stored = nil
                    case .unreadable(let text, let reason): unreadable.append("'\(text)': \(reason)")
                    }
                }
                var draft = CardDraft(
                    kind: side.kind, question: side.question, answer: side.answer, line: question.firstLine + 1,
                    clozeContext: side.context)
                draft.deck = deck
                draft.stored = stored
                drafts.append(draft)
            }
            count += drafts.count
            out.append(Question(parsed: question, text: cut, cards: drafts, unreadable: unreadable))
        }
        return out
    }

    /// The note review of a note tagged with one of the plugin's `tagsToReview` (and none of
    /// its `noteTagsToIgnore`): a card of kind ``Card/Kind/note`` asking for the note `title`,
    /// its body (cut at ``noteReviewText`` characters) the answer, its schedule from the
    /// `sr-due`, `sr-interval` and `sr-ease` front matter when all three read (the plugin's
    /// rule: dates as `YYYY-MM-DD`, `DD-MM-YYYY` or `ddd MMM DD YYYY`, numbers as decimals);
    /// nil for any other note.
    public static func noteReview(
        title: String, body: String, noteTags: [String], due: String?, interval: String?, ease: String?,
        syntax: ObsidianSRSyntax, line: Int
    ) -> CardDraft? {
        let hashed = noteTags.map { $0.hasPrefix("#") ? $0 : "#" + $0 }
        guard ObsidianSRDeckRule.anyTag(hashed, in: syntax.tagsToReview),
            !ObsidianSRDeckRule.anyTag(hashed, in: syntax.noteTagsToIgnore)
        else { return nil }
        var text = String(OSRText.trim(reviewText(body)[...]))
        if text.unicodeScalars.count > noteReviewText {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(noteReviewText))) + "…"
        }
        var draft = CardDraft(kind: .note, question: title, answer: text, line: line)
        draft.deck = hashed.first { tag in syntax.tagsToReview.contains { ObsidianSRDeckRule.isSubTag(tag, of: $0) } }
            .map(deckPath(of:))
        if let due = due.flatMap(OSRDates.day), let interval = interval.flatMap(OSR.parseFloat),
            let ease = ease.flatMap(OSR.parseFloat)
        {
            draft.stored = .note(dueDay: due, interval: interval, ease: ease)
        }
        return draft
    }

    /// The most characters of a note review's note shown as its answer.
    public static let noteReviewText = 2000

    /// A note as its review shows it: its cards' `<!--SR:…-->` comments left out, with the
    /// lines that held nothing else (the plugin opens the note itself; vault shows its text).
    static func reviewText(_ body: String) -> String {
        guard body.contains(OSRParser.commentStart) else { return body }
        return OSRText.lines(body).compactMap { line -> String? in
            guard OSRText.contains(line, OSRParser.commentStart) else { return String(line) }
            let kept = OSRText.trimEnd(OSRScheduleComment.removing(from: String(line)))
            return OSRText.trim(kept[...]).isEmpty ? nil : kept
        }.joined(separator: "\n")
    }

    /// One card of a question, before its identity.
    struct Side {
        var kind: Card.Kind
        var question: String
        var answer: String
        var context: String?
    }

    /// The cards a question gives (the plugin's `CardFrontBackUtil.expand`), sides trimmed.
    static func sides(
        of type: OSRParser.QuestionType, question: String, syntax: ObsidianSRSyntax, patterns: [OSRClozePattern],
        budget: OSRClozePattern.Budget? = nil
    ) -> [Side] {
        func trimmed(_ s: Substring) -> String { String(OSRText.trim(s)) }
        switch type {
        case .singleLineBasic, .singleLineReversed:
            let separator =
                type == .singleLineBasic ? syntax.singleLineCardSeparator : syntax.singleLineReversedCardSeparator
            guard let range = OSRText.firstRange(of: separator, in: question[...]) else { return [] }
            let front = trimmed(question[..<range.lowerBound])
            let back = trimmed(question[range.upperBound...])
            var sides = [Side(kind: .basic, question: front, answer: back)]
            if type == .singleLineReversed { sides.append(Side(kind: .reverse, question: back, answer: front)) }
            return sides
        case .multiLineBasic, .multiLineReversed:
            let separator =
                type == .multiLineBasic ? syntax.multilineCardSeparator : syntax.multilineReversedCardSeparator
            let lines = question.split(separator: "\n", omittingEmptySubsequences: false)
            guard let at = lines.firstIndex(where: { OSRText.equals(OSRText.trim($0), separator) }) else { return [] }
            let front = trimmed(lines[..<at].joined(separator: "\n")[...])
            let back = trimmed(lines[(at + 1)...].joined(separator: "\n")[...])
            var sides = [Side(kind: .basic, question: front, answer: back)]
            if type == .multiLineReversed { sides.append(Side(kind: .reverse, question: back, answer: front)) }
            return sides
        case .cloze:
            return OSRClozeNote.sides(of: question, patterns: patterns, budget: budget).prefix(CardLimits.clozesPerParagraph).map {
                Side(kind: .cloze, question: trimmed($0.question[...]), answer: $0.answer, context: trimmed($0.context[...]))
            }
        }
    }

    /// A flashcard tag written in the note's text, with its line (0-based).
    struct TagLine {
        var tag: String
        var line: Int
    }

    /// The deck path of a tag: `#flashcards/science/` → `flashcards/science`.
    static func deckPath(of tag: String) -> String {
        String(tag.dropFirst()).split(separator: "/").joined(separator: "/")
    }

    /// The flashcard tags written in `content` (outside fences at column 0), first of each line
    /// group by line: where the plugin's tag cache would find them.
    static func flashcardTagLines(_ content: String, syntax: ObsidianSRSyntax) -> [TagLine] {
        guard syntax.flashcardTags.contains(where: { OSRText.contains(content[...], $0) }) else { return [] }
        var found: [TagLine] = []
        var fence: String?
        for (n, line) in OSRText.lines(content).enumerated() {
            if let open = fence {
                if OSRText.hasPrefix(line, open) { fence = nil }
                continue
            }
            if OSRText.hasPrefix(line, "```") || OSRText.hasPrefix(line, "~~~") {
                fence = OSRParser.fenceRun(line)
                continue
            }
            guard line.unicodeScalars.contains("#") else { continue }
            for tag in tags(in: line)
            where syntax.flashcardTags.contains(where: { ObsidianSRDeckRule.isSubTag(tag, of: $0) }) {
                found.append(TagLine(tag: deckPath(of: tag), line: n))
            }
        }
        return found
    }

    /// The `#tags` of a line: `#` at its start or after white space, then letters, digits,
    /// `_`, `-` and `/`, at least one of them not a digit (Obsidian's tags).
    static func tags(in line: Substring) -> [String] {
        let s = Array(line.unicodeScalars)
        var tags: [String] = []
        var i = 0
        var inCode = false
        while i < s.count {
            if s[i] == "`" { inCode.toggle() }
            guard !inCode, s[i] == "#", i == 0 || OSRText.isWhitespace(s[i - 1]) else {
                i += 1
                continue
            }
            var j = i + 1
            while j < s.count,
                s[j].properties.isAlphabetic || s[j].properties.numericType != nil || s[j] == "_" || s[j] == "-"
                    || s[j] == "/"
            {
                j += 1
            }
            let body = s[(i + 1)..<j]
            if body.contains(where: { !("0"..."9").contains($0) && $0 != "/" }) {
                tags.append("#" + String(String.UnicodeScalarView(body)))
            }
            i = j
        }
        return tags
    }
}

/// The bounds every card syntax keeps to.
public enum CardLimits {
    /// The most cards one note gives (the first, in reading order).
    public static let cardsPerNote = 1000
    /// The most cloze cards one paragraph (one question) gives.
    public static let clozesPerParagraph = 50
}
