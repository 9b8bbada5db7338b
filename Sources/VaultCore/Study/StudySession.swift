import Foundation

/// One interactive study session: the answers given so far, and the summary
/// shown at its end (cards studied, accuracy, time spent, next due).
public struct StudySession: Sendable {
    /// One answered card.
    public struct Answer: Hashable, Sendable {
        public var card: Card
        public var answer: ReviewAnswer
        /// From the question being shown to the rating key, in milliseconds.
        public var responseMilliseconds: Int
        /// The card's schedule after the answer.
        public var schedule: CardSchedule

        public init(card: Card, answer: ReviewAnswer, responseMilliseconds: Int, schedule: CardSchedule) {
            self.card = card
            self.answer = answer
            self.responseMilliseconds = responseMilliseconds
            self.schedule = schedule
        }
    }

    /// The answers in the order given.
    public private(set) var answers: [Answer] = []

    public init() {}

    /// Adds an answer.
    public mutating func record(_ answer: Answer) { answers.append(answer) }

    /// Takes the last answer back (an undo).
    public mutating func removeLast() { if !answers.isEmpty { answers.removeLast() } }

    /// Distinct cards answered.
    public var cardsStudied: Int { Set(answers.map(\.card.id)).count }
    /// The answers counted: how many recalled the card, the accuracy.
    public var tally: AnswerTally { AnswerTally(answers.lazy.map(\.answer)) }
    /// Answers that recalled the card (Hard or better, quality 3 or better, correct).
    public var correct: Int { tally.correct }
    /// Correct answers over all answers; nil before the first answer.
    public var accuracy: Double? { tally.accuracy }
    /// Time spent answering: the sum of the response times, in milliseconds.
    public var answeringMilliseconds: Int { answers.reduce(0) { $0 + $1.responseMilliseconds } }

    /// The earliest due time after `now` among `schedules` (reviewed cards
    /// only: new cards have no due time): when studying is next needed.
    public static func nextDue(_ schedules: some Sequence<CardSchedule>, after now: Date) -> Date? {
        var next: Date?
        for schedule in schedules where !schedule.isNew {
            guard let due = schedule.due, due > now else { continue }
            if next.map({ due < $0 }) ?? true { next = due }
        }
        return next
    }
}
