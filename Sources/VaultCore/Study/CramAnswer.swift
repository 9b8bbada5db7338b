import Foundation

/// An answer given in a cram session (`cram` events, `vault study --cram`):
/// fields `card`, `note`, `scheduler`, `rating`, `response_ms` (empty when
/// unknown). Its own kind, so it never changes a schedule (card replay reads
/// `rate` events only), the FSRS optimizer never trains on it, and `vault
/// stats` counts it as cramming.
public struct CramAnswer: TypedEvent, Hashable {
    /// The ledger event kind.
    public static let kind = "cram"

    public var time: Date
    public var card: String
    /// The note's id (its path when it has none).
    public var note: String
    public var scheduler: SchedulerName
    public var answer: ReviewAnswer
    public var responseMilliseconds: Int?

    public init(
        time: Date, card: String, note: String, scheduler: SchedulerName, answer: ReviewAnswer,
        responseMilliseconds: Int? = nil
    ) {
        self.time = time
        self.card = card
        self.note = note
        self.scheduler = scheduler
        self.answer = answer
        self.responseMilliseconds = responseMilliseconds
    }

    /// Reads a `cram` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when it names no card or an unreadable rating.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let card = try Self.required("card", in: event)
        let scheduler = event["scheduler"].flatMap(SchedulerName.init(ledgerValue:)) ?? .fsrs
        let raw = try Self.required("rating", in: event)
        guard let answer = ReviewAnswer(raw, scheduler: scheduler) else {
            throw Self.unreadable(event, "has a 'rating' this build cannot read ('\(raw)')")
        }
        self.init(
            time: event.time, card: card, note: event["note"] ?? "", scheduler: scheduler, answer: answer,
            responseMilliseconds: event["response_ms"].flatMap(StudyRanges.responseMilliseconds))
    }

    /// The fields, in the order written.
    public var fields: [(key: String, value: String)] {
        [
            ("card", card), ("note", note), ("scheduler", scheduler.rawValue), ("rating", answer.ledgerValue),
            ("response_ms", responseMilliseconds.map(String.init) ?? ""),
        ]
    }
}
