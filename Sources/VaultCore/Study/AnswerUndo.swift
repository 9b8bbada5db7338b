import Foundation

/// An answer taken back (`answer-undo`: the study screen's and the web's
/// undo of the last answer): fields `card`, `note`, `of` (`rate` or `cram`,
/// the kind of the answer undone) and `answered` (its moment, as the ledger
/// wrote it: `2026-11-18T09:00:00.000Z`).
///
/// The answer's line stays in the ledger (it is append-only); this event
/// cancels it wherever answers are read: card replay leaves it out (the
/// card's schedule is what it was before), the day's count of answers
/// (points) drops by one, a cram answer no longer counts in `vault stats`.
/// It cancels the last answer of `card` of that kind given at `answered`
/// that came before it in replay order and is not cancelled yet.
public struct AnswerUndo: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "answer-undo"

    public var time: Date
    public var card: String
    /// The note's id (its path when it has none).
    public var note: String
    /// True when the answer undone is a `cram` event, false for a `rate` event.
    public var cram: Bool
    /// The moment of the answer undone (its event's time).
    public var answered: Date

    public init(time: Date, card: String, note: String, cram: Bool, answered: Date) {
        self.time = time
        self.card = card
        self.note = note
        self.cram = cram
        // The ledger's times are whole milliseconds.
        self.answered = Date(timeIntervalSince1970: (answered.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// Reads an `answer-undo` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when it names no card,
    ///   no kind of answer this build knows, or no moment that reads.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let card = try Self.required("card", in: event)
        let of = try Self.required("of", in: event)
        guard of == RatingEvent.kind || of == CramAnswer.kind else {
            throw Self.unreadable(event, "undoes a '\(of)', not a 'rate' or 'cram' answer")
        }
        let text = try Self.required("answered", in: event)
        guard let answered = Self.moment(text) else {
            throw Self.unreadable(event, "has an 'answered' moment that does not read ('\(text)')")
        }
        self.init(time: event.time, card: card, note: event["note"] ?? "", cram: of == CramAnswer.kind, answered: answered)
    }

    /// The fields, in the order written.
    public var fields: [(key: String, value: String)] {
        [
            ("card", card), ("note", note), ("of", cram ? CramAnswer.kind : RatingEvent.kind),
            ("answered", LedgerLine.formatTime(answered, utcOffset: 0)),
        ]
    }

    /// A moment as the ledger writes times (milliseconds and an offset), in years 1 to 9999.
    static func moment(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeBufferPointer { LedgerLine.parseTime($0, 0..<$0.count) }
        guard let parsed, VaultDate.years.contains(VaultDate.day(of: parsed.time, in: VaultDate.utc).year) else {
            return nil
        }
        return parsed.time
    }

    /// The cram answers of `answers` (in replay order) that no undo of `undos` cancels.
    public static func standing(_ answers: [CramAnswer], undos: [AnswerUndo]) -> [CramAnswer] {
        let cancelling = undos.filter(\.cram)
        guard !cancelling.isEmpty else { return answers }
        var kept = answers
        for undo in cancelling {
            // The last one before the undo, of that card at that moment.
            if let k = kept.lastIndex(where: { $0.card == undo.card && $0.time == undo.answered && $0.time <= undo.time }) {
                kept.remove(at: k)
            }
        }
        return kept
    }
}
