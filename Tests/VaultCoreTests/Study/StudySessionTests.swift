import Foundation
import Testing
import VaultCore

@Suite("Study session")
struct StudySessionTests {
    @Test("study keys: 1-4 are Again to Easy, sm2 cards take 0-5, other keys nothing")
    func keys() {
        #expect(ReviewAnswer(key: "1", scheduler: .fsrs) == .fsrs(.again))
        #expect(ReviewAnswer(key: "4", scheduler: .ladder) == .fsrs(.easy))
        #expect(ReviewAnswer(key: "0", scheduler: .fsrs) == nil)
        #expect(ReviewAnswer(key: "5", scheduler: .tiers) == nil)
        #expect(ReviewAnswer(key: "0", scheduler: .sm2) == .quality(0))
        #expect(ReviewAnswer(key: "5", scheduler: .sm2) == .quality(5))
        #expect(ReviewAnswer(key: "6", scheduler: .sm2) == nil)
        #expect(ReviewAnswer(key: "x", scheduler: .fsrs) == nil)
    }

    @Test("the summary counts distinct cards, correct answers over all answers, and the time answering")
    func summary() {
        let a = card("one", position: 0)
        let b = card("two", position: 1)
        let s = CardSchedule(settings: .defaults(.fsrs))
        var session = StudySession()
        #expect(session.accuracy == nil)
        session.record(.init(card: a, answer: .fsrs(.again), responseMilliseconds: 1_500, schedule: s))
        session.record(.init(card: b, answer: .quality(3), responseMilliseconds: 2_000, schedule: s))
        session.record(.init(card: a, answer: .fsrs(.good), responseMilliseconds: 500, schedule: s))
        #expect(session.cardsStudied == 2)
        #expect(session.correct == 2)
        #expect(session.accuracy == 2.0 / 3.0)
        #expect(session.answeringMilliseconds == 4_000)
    }

    @Test("next due is the earliest due time after now among reviewed cards")
    func nextDue() {
        func reviewed(due: Date) -> CardSchedule {
            var s = CardSchedule(settings: .defaults(.ladder))
            s.state = .ladder(LadderCardState(step: 0, due: due, lastReview: t0))
            s.reviews = 1
            return s
        }
        let schedules = [
            reviewed(due: day(-1)), reviewed(due: day(3)), reviewed(due: day(2)),
            CardSchedule(settings: .defaults(.ladder)),
        ]
        #expect(StudySession.nextDue(schedules, after: t0) == day(2))
        #expect(StudySession.nextDue(schedules.prefix(1), after: t0) == nil)
    }
}
