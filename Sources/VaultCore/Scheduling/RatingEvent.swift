import Foundation

/// One answer to a card, as the ledger keeps it (`rate` events): enough for
/// an optimizer to refit FSRS, like Anki's revlog.
///
/// Fields, in order: `card`, `note`, `scheduler`, `rating`, `response_ms`
/// (empty when unknown), `pos`, `text` and `card_kind` (the card's position,
/// normalised identity text and kind, for re-linking), then the scheduler's state
/// fields with `_before` and then with `_after`: fsrs `state step s d due`,
/// sm2 `ef n interval due`, tiers `tier streak due`, ladder `step due`.
/// Replay recomputes the state from the ratings; the before/after fields are
/// a record for people and optimizers, never read back.
public struct RatingEvent: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "rate"

    public var time: Date
    public var card: String
    /// The note's id (its path when it has none).
    public var note: String
    public var scheduler: SchedulerName
    public var answer: ReviewAnswer
    public var responseMilliseconds: Int?
    public var position: Int?
    public var text: String?
    /// The card's kind (basic, reverse, cloze), for re-linking.
    public var cardKind: Card.Kind?
    public var before: [Field]
    public var after: [Field]

    /// A state field (`s`, `due`…) without its `_before`/`_after` suffix.
    public struct Field: Hashable, Sendable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    public init(
        time: Date, card: String, note: String, scheduler: SchedulerName, answer: ReviewAnswer,
        responseMilliseconds: Int? = nil, position: Int? = nil, text: String? = nil, cardKind: Card.Kind? = nil,
        before: [Field] = [],
        after: [Field] = []
    ) {
        self.time = time
        self.card = card
        self.note = note
        self.scheduler = scheduler
        self.answer = answer
        self.responseMilliseconds = responseMilliseconds
        self.position = position
        self.text = text
        self.cardKind = cardKind
        self.before = before
        self.after = after
    }

    /// The answer to `card` at `time` on `schedule`, with the states before and after.
    public static func answering(
        _ card: Card, with answer: ReviewAnswer, at time: Date, responseMilliseconds: Int?, schedule: CardSchedule
    ) -> (event: RatingEvent, schedule: CardSchedule) {
        let next = schedule.answering(answer, at: time, cardID: card.id)
        let event = RatingEvent(
            time: time, card: card.id, note: card.noteKey, scheduler: schedule.settings.name, answer: answer,
            responseMilliseconds: responseMilliseconds, position: card.position, text: card.identityText,
            cardKind: card.kind,
            before: schedule.state.fields.map { Field($0.key, $0.value) },
            after: next.state.fields.map { Field($0.key, $0.value) })
        return (event, next)
    }

    /// The fields, in the order written.
    public var fields: [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = [
            ("card", card), ("note", note), ("scheduler", scheduler.rawValue), ("rating", answer.ledgerValue),
            ("response_ms", responseMilliseconds.map(String.init) ?? ""),
        ]
        if let position { fields.append(("pos", String(position))) }
        if let text { fields.append(("text", text)) }
        if let cardKind { fields.append(("card_kind", cardKind.rawValue)) }
        fields += before.map { ($0.key + "_before", $0.value) }
        fields += after.map { ($0.key + "_after", $0.value) }
        return fields
    }

    /// Reads a `rate` event.
    /// - Throws: ``VaultCoreError/badRatingEvent(device:sequence:reason:)`` when a field is missing or unreadable.
    public init(_ event: LedgerEvent) throws {
        func fail(_ reason: String) -> VaultCoreError {
            .badRatingEvent(device: event.device, sequence: event.sequence, reason: reason)
        }
        guard event.kind == Self.kind else { throw fail("is a '\(event.kind)' event, not 'rate'") }
        guard let card = event["card"], !card.isEmpty else { throw fail("has no 'card' field") }
        let scheduler = event["scheduler"].flatMap(SchedulerName.init(ledgerValue:)) ?? .fsrs
        guard let raw = event["rating"], let answer = ReviewAnswer(raw, scheduler: scheduler) else {
            throw fail("has a 'rating' this build cannot read ('\(event["rating"] ?? "")')")
        }
        var before: [Field] = []
        var after: [Field] = []
        for field in event.fields {
            if field.key.hasSuffix("_before") {
                before.append(Field(String(field.key.dropLast(7)), field.value))
            } else if field.key.hasSuffix("_after") {
                after.append(Field(String(field.key.dropLast(6)), field.value))
            }
        }
        self.init(
            time: event.time, card: card, note: event["note"] ?? "", scheduler: scheduler, answer: answer,
            responseMilliseconds: event["response_ms"].flatMap(StudyRanges.responseMilliseconds), position: event["pos"].flatMap { Int($0) },
            text: event["text"], cardKind: event["card_kind"].flatMap(Card.Kind.init(rawValue:)), before: before,
            after: after)
    }
}
