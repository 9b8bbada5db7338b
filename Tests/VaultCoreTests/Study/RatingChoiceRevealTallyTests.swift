import Foundation
import Testing
import VaultCore

/// The pieces every study front end shows the same way: the rating choices of
/// each scheduler, a card revealed, and a session's accuracy.
@Suite("Rating choices, the reveal and the tally")
struct RatingChoiceRevealTallyTests {
    @Test("fsrs, tiers and the ladder offer 1-4 again to easy, good the usual; sm2 0-5 in words, 4 good the usual")
    func choices() {
        for scheduler in [SchedulerName.fsrs, .tiers, .ladder] {
            let choices = RatingChoice.choices(for: scheduler)
            #expect(choices.map(\.key) == ["1", "2", "3", "4"])
            #expect(choices.map(\.label) == ["again", "hard", "good", "easy"])
            #expect(choices.map(\.answer) == [.fsrs(.again), .fsrs(.hard), .fsrs(.good), .fsrs(.easy)])
            #expect(choices.filter(\.isUsual).map(\.label) == ["good"])
        }
        let sm2 = RatingChoice.choices(for: .sm2)
        #expect(sm2.map(\.key) == ["0", "1", "2", "3", "4", "5"])
        #expect(sm2.map(\.label) == ["blackout", "wrong", "almost", "hard", "good", "perfect"])
        #expect(sm2.map(\.answer) == (0...5).map { .quality($0) })
        #expect(sm2.filter(\.isUsual).map(\.answer) == [.quality(4)])
        #expect(!sm2.contains { $0.label.hasPrefix("q") }, "words, not q0…q5")
        // A key gives the answer its choice names, and only the scheduler's keys give one.
        for scheduler in SchedulerName.allCases {
            for choice in RatingChoice.choices(for: scheduler) {
                #expect(ReviewAnswer(key: choice.key, scheduler: scheduler) == choice.answer)
            }
        }
        #expect(RatingChoice.choice(key: "٣", scheduler: .fsrs) == nil, "an Arabic-Indic three is not a key")
        #expect(RatingChoice.choice(key: "0", scheduler: .fsrs) == nil)
    }

    static func card(_ kind: Card.Kind, question: String, answer: String) -> Card {
        Card(
            id: "c", notePath: "n.md", noteID: nil, kind: kind, question: question, answer: answer, line: 1,
            position: 0,
            identityText: question)
    }

    @Test("a cloze is revealed as its sentence with the hidden words back, marked; any other card as its answer")
    func reveal() {
        let cloze = Self.card(.cloze, question: "The \(Card.clozeGap) is completed.", answer: "stress cycle")
        #expect(cloze.revealed() == "The stress cycle is completed.")
        #expect(cloze.revealed(marking: "**", "**") == "The **stress cycle** is completed.")
        let basic = Self.card(.basic, question: "Two and two \(Card.clozeGap)?", answer: "four")
        #expect(basic.revealed(marking: "<", ">") == "four", "a basic card's text is not a gap")
        let gapless = Self.card(.cloze, question: "No gap here.", answer: "hidden")
        #expect(gapless.revealed() == "hidden")
    }

    @Test("the tally counts answers and correct ones, from answers or from the ledger's words")
    func tally() {
        let tally = AnswerTally([.fsrs(.again), .quality(3), .fsrs(.good), .wrong])
        #expect(tally.answers == 4 && tally.correct == 2 && tally.accuracy == 0.5)
        #expect(tally.sentence == "Accuracy: 50% (2 of 4 answers correct).")
        #expect(
            AnswerTally(ledgerWords: ["good", "q2", "not-an-answer", "correct"])
                == AnswerTally([.fsrs(.good), .quality(2), .correct]))
        #expect(AnswerTally(ledgerWords: ["q5"]).sentence == "Accuracy: 100% (1 of 1 answer correct).")
        #expect(AnswerTally([]).sentence == nil && AnswerTally([]).accuracy == nil)
        #expect(
            AnswerTally(ledgerWords: ["good", "again", "hard"]).sentence == "Accuracy: 67% (2 of 3 answers correct).")
    }
}
