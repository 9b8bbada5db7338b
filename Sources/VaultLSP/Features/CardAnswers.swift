import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `textDocument/codeAction` on a flashcard's lines: one action per answer its scheduler offers
/// (``CardAnswerChoices``: the study screens' choices, with the interval each gives), while the
/// card is up for study (new, or due today; not suspended, buried or inactive). Choosing one
/// runs `workspace/executeCommand` `vault.answer`, which records the answer as `vault study`
/// and the web do (``Studying/answer(_:with:at:responseMilliseconds:replay:cram:given:writingBack:)``,
/// the same `rate` event) and, with `obsidian_sr.write_back: true`, rewrites the card's
/// `<!--SR:…-->` comment: in the editor's buffer through `workspace/applyEdit` when the note is
/// open (the editor owns it), else, or when the client refuses the edit, in the file through
/// the files port (``ObsidianSRWriteBack``), atomically.
public enum CardAnswers {
    /// The command that records an answer: arguments URI, card id, answer (`good`, `q4`…).
    public static let command = "vault.answer"

    /// A card's lines hold the cursor from its first line to the end of its paragraph, or to
    /// the line before the next card that starts in that paragraph (one-line cards written
    /// without blank lines between them). A card's comment on the next line is in its paragraph.
    public static func actions(for range: Range, in path: String, workspace: VaultWorkspace) -> [CodeActionItem] {
        guard let text = workspace.text(at: path) else { return [] }
        let all = cards(of: path, workspace: workspace)
        let here = cards(from: range.start.line, to: range.end.line, among: all, text: text)
        guard !here.isEmpty else { return [] }
        let offered = CardAnswerChoices.offered(for: all, context: workspace.app).filter { choices in
            here.contains { $0.id == choices.card.id }
        }
        let uri = workspace.uri(of: path)
        return offered.flatMap { choices in
            let which = here.count == 1 ? "this card" : "“\(Self.excerpt(choices.card.question))”"
            return choices.ratings.map { rating -> CodeActionItem in
                .command(
                    Command(
                        title: "Answer \(which): \(rating.choice.label.capitalizedFirst) (\(rating.interval))",
                        command: command, arguments: [uri, choices.card.id, rating.choice.answer.ledgerValue]))
            }
        }
    }

    /// The cards of the note at `path` as the editor shows it (the buffer's when it is open),
    /// when the note is in a deck; in reading order.
    static func cards(of path: String, workspace: VaultWorkspace) -> [Card] {
        if let document = workspace.documents[path] {
            guard let note = workspace.note(at: path), workspace.context.config.decks.contains(note.summary) else {
                return []
            }
            return CardExtractor.cards(
                in: Data(document.text.text.utf8), of: note.summary, syntax: workspace.context.config.cardSyntax)
        }
        return workspace.baseCards.cards.filter { $0.notePath == path }
    }

    /// The cards whose lines (see ``actions(for:in:workspace:)``) meet lines `first`…`last` (0-based).
    static func cards(from first: Int, to last: Int, among cards: [Card], text: DocumentText) -> [Card] {
        let starts = Set(cards.map { $0.line - 1 }).sorted()
        return cards.filter { card in
            let start = card.line - 1
            var end = start
            let next = starts.first { $0 > start } ?? Int.max
            while end + 1 < text.lines.count, end + 1 < next,
                !text.lines[end + 1].allSatisfy({ $0 == " " || $0 == "\t" })
            {
                end += 1
            }
            return start <= last && first <= end
        }
    }

    /// A question cut to a title's length, on one line.
    static func excerpt(_ question: String) -> String {
        let line = question.replacingOccurrences(of: "\n", with: " ")
        return line.count > 40 ? line.prefix(39) + "…" : line
    }

    /// What an answer recorded, and what is left to write back.
    public struct Answered {
        /// A sentence saying what was recorded (the command's result).
        public var message: String
        /// The note's path.
        public var path: String
        /// The card answered, as it was found.
        public var card: Card
        /// Its new schedule.
        public var schedule: CardSchedule
        /// The schedules before the answer, for its siblings' groups.
        public var siblings: [String: CardSchedule]
        /// The edit of the open buffer to send (`workspace/applyEdit`); nil when there is none to send.
        public var edit: WorkspaceEdit?
        /// What writing back did when it was written (or not) without the editor; nil when the edit is sent.
        public var written: ObsidianSRWriteBack.Outcome?
    }

    /// `vault.answer URI CARD ANSWER`: the answer recorded as `vault study` records it, then
    /// written back: as an edit of the open buffer when `edits` (the client applies workspace
    /// edits) and the note is open, else into the file.
    /// - Throws: ``RPCError`` for arguments that name no card of the note, no answer of its
    ///   scheduler, or a card not up for study (answered already); the ledger's error.
    public static func execute(_ arguments: [JSONValue], edits: Bool, workspace: VaultWorkspace) throws -> Answered {
        let words = arguments.compactMap(\.string)
        guard words.count == 3, let path = workspace.path(of: words[0]) else {
            throw RPCError.invalidParams("expected a note's URI, a card id and an answer")
        }
        let app = workspace.app
        // The note's cards alone are replayed (a card's schedule depends on its note's events
        // only), so an answer costs the same in a vault of 50,000 cards as in one of ten.
        let ofNote = cards(of: path, workspace: workspace)
        let studying = Studying(app, cardsOfOneNote: ofNote)
        guard let card = ofNote.first(where: { $0.id == words[1] }) else {
            throw RPCError.failed(
                "\(path) holds no card \(words[1]) now: the note changed since the answers were offered.")
        }
        guard let choices = CardAnswerChoices.offered(for: ofNote, context: app).first(where: { $0.card.id == card.id })
        else {
            throw RPCError.failed(
                "The card \(card.id) of \(path) is not up for study now (answered already, or not due).")
        }
        guard let rating = choices.ratings.first(where: { $0.choice.answer.ledgerValue == words[2] }) else {
            throw RPCError.invalidParams(
                "\(words[2]) is no answer of the \(choices.schedule.settings.name.rawValue) scheduler; use "
                    + choices.ratings.map(\.choice.answer.ledgerValue).joined(separator: ", ") + ".")
        }
        // To the millisecond, as `vault study --rate` records it; under a given moment (`VAULT_NOW`,
        // `--now`) at that moment, as the study screens stamp every answer then.
        let now = app.clock.isFixed ? workspace.context.now : app.now
        let time = Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded() / 1000)
        let replay = studying.replay()
        let schedule = try studying.answer(
            card, with: rating.choice.answer, at: time, responseMilliseconds: nil, replay: replay, writingBack: false)
        let due =
            schedule.due.map {
                " due \(RelativeTime.describe($0, from: time, in: app.timeZone)) (\(VaultDate.dayString($0, in: app.timeZone)))"
            } ?? " no due date"
        var answered = Answered(
            message: "Answered \(rating.choice.label.capitalizedFirst):\(due).", path: path, card: card,
            schedule: schedule, siblings: replay.schedules)
        let writer = ObsidianSRWriteBack(context: app)
        guard writer.isOn(for: schedule) else {
            answered.written = .off
            return answered
        }
        if edits, let document = workspace.documents[path] {
            switch writer.rewrite(
                Data(document.text.text.utf8), of: card, schedule: schedule, siblings: replay.schedules)
            {
            case .rewritten(let data):
                let new = String(decoding: data, as: UTF8.self)
                if let edit = minimalEdit(from: document.text.text, to: new) {
                    answered.edit = WorkspaceEdit(documentChanges: [
                        .edit(uri: workspace.uri(of: path), version: document.version, edits: [edit])
                    ])
                } else {
                    answered.written = .written(path)  // the buffer says it already
                }
            case .off: answered.written = .off
            case .notFound: answered.written = .notFound(path)
            case .refused(let reason): answered.written = .failed(path, reason: reason)
            }
            return answered
        }
        answered.written = writeFile(answered, workspace: workspace)
        return answered
    }

    /// Writes the answer back into the note's file through the files port (the note is not
    /// open, or the client refused the edit), and has the workspace read the file again.
    public static func writeFile(_ answered: Answered, workspace: VaultWorkspace) -> ObsidianSRWriteBack.Outcome {
        let outcome = ObsidianSRWriteBack(context: workspace.app).write(
            answered.card, schedule: answered.schedule, siblings: answered.siblings)
        if case .written = outcome { workspace.fileChanged(answered.path) }
        return outcome
    }

    /// The one edit that turns `old` into `new`: the span between their common start and
    /// common end (so a rewritten comment is all that is replaced); nil when they are equal.
    static func minimalEdit(from old: String, to new: String) -> TextEdit? {
        let a = Array(old.utf16), b = Array(new.utf16)
        guard a != b else { return nil }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        // Never cut a surrogate pair.
        if prefix > 0, UTF16.isLeadSurrogate(a[prefix - 1]) { prefix -= 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        if suffix > 0, UTF16.isTrailSurrogate(a[a.count - suffix]) { suffix -= 1 }
        let replaced = String(decoding: b[prefix..<(b.count - suffix)], as: UTF16.self)
        return TextEdit(
            range: Range(start: position(of: prefix, in: a), end: position(of: a.count - suffix, in: a)),
            newText: replaced)
    }

    /// The LSP position of UTF-16 offset `offset` in `text`.
    static func position(of offset: Int, in text: [UTF16.CodeUnit]) -> Position {
        var line = 0, start = 0
        for i in 0..<offset where text[i] == 0x0A {
            line += 1
            start = i + 1
        }
        return Position(line: line, character: offset - start)
    }
}

extension String {
    /// The text with its first letter in capitals: `good` → `Good`.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
