/// The answers of a study session counted: how many, how many recalled the
/// card, and the accuracy a session's summary states. The terminal counts
/// the answers its flow recorded (``StudySession``), the web page the
/// ledger words its address carries; both through this one count and sentence.
public struct AnswerTally: Hashable, Sendable {
    /// Answers given.
    public var answers: Int
    /// Answers that recalled the card (Hard or better, quality 3 or better, correct).
    public var correct: Int

    /// The tally of `answers`.
    public init(_ answers: some Sequence<ReviewAnswer>) {
        var (count, correct) = (0, 0)
        for answer in answers {
            count += 1
            if answer.isCorrect { correct += 1 }
        }
        self.answers = count
        self.correct = correct
    }

    /// The tally of answers written as the ledger writes them (`good`, `q4`,
    /// `correct`); a word that names no answer is not counted.
    public init(ledgerWords: some Sequence<String>) {
        self.init(ledgerWords.compactMap { ReviewAnswer($0) })
    }

    /// Correct answers over all answers; nil before the first answer.
    public var accuracy: Double? { answers == 0 ? nil : Double(correct) / Double(answers) }

    /// `3 answered, 67% correct`: the live count a study screen shows as it
    /// goes (the terminal's header, the web page's); nil before the first answer.
    public var progress: String? {
        guard let accuracy else { return nil }
        return "\(answers) answered, \(Int((accuracy * 100).rounded()))% correct"
    }

    /// `Accuracy: 67% (2 of 3 answers correct).`; nil before the first answer.
    public var sentence: String? {
        guard let accuracy else { return nil }
        return
            "Accuracy: \(Int((accuracy * 100).rounded()))% (\(correct) of \(answers) answer\(answers == 1 ? "" : "s") correct)."
    }
}
