import Foundation
import Testing
import VaultCore

/// 2026-11-18T09:00:00Z, and days after it.
let t0 = Date(timeIntervalSince1970: 1_794_992_400)
func day(_ n: Double) -> Date { t0.addingTimeInterval(n * 86_400) }

@Suite("SM-2 rules")
struct SM2Tests {
    @Test("quality 5 from a new card gives 1, 6, then round(6 × EF') days")
    func perfectAnswers() {
        var card = SM2CardState.new
        card = SM2.review(card, quality: 5, at: t0)
        #expect(card.interval == 1)
        #expect(abs(card.easeFactor - 2.6) < 1e-12)
        card = SM2.review(card, quality: 5, at: day(1))
        #expect(card.interval == 6)
        #expect(abs(card.easeFactor - 2.7) < 1e-12)
        card = SM2.review(card, quality: 5, at: day(7))
        #expect(abs(card.easeFactor - 2.8) < 1e-12)
        #expect(card.interval == 17)  // 6 × 2.8 = 16.8 → 17
        #expect(card.due == day(24))
    }

    @Test("quality below 3 restarts the repetitions with a 1-day interval")
    func failureResets() {
        var card = SM2CardState.new
        for n in 0..<3 { card = SM2.review(card, quality: 4, at: day(Double(n * 10))) }
        #expect(card.repetitions == 3)
        #expect(card.interval == 15)  // 6 × 2.5 = 15
        card = SM2.review(card, quality: 2, at: day(40))
        #expect(card.repetitions == 0)
        #expect(card.interval == 1)
        #expect(card.due == day(41))
        card = SM2.review(card, quality: 4, at: day(41))
        #expect(card.interval == 1)
    }

    @Test("the ease factor never falls below 1.3")
    func easeFloor() {
        var card = SM2CardState.new
        card = SM2.review(card, quality: 0, at: t0)
        #expect(abs(card.easeFactor - 1.7) < 1e-12)  // 2.5 − 0.8
        card = SM2.review(card, quality: 0, at: day(1))
        #expect(card.easeFactor == 1.3)
        card = SM2.review(card, quality: 3, at: day(2))
        #expect(card.easeFactor == 1.3)
    }

    @Test("intervals round half away from zero")
    func rounding() {
        let card = SM2CardState(easeFactor: 2.36, repetitions: 2, interval: 6)
        // q=4 keeps EF: 6 × 2.36 = 14.16 → 14; from 2.5 with interval 5: 12.5 → 13
        #expect(SM2.review(card, quality: 4, at: t0).interval == 14)
        let half = SM2CardState(easeFactor: 2.5, repetitions: 2, interval: 5)
        #expect(SM2.review(half, quality: 4, at: t0).interval == 13)
    }
}

@Suite("FSRS rules with a fixed clock")
struct FSRSRuleTests {
    @Test("a new card answered Good goes through the 10-minute step, then to review for days")
    func learningSteps() {
        let fsrs = FSRS()
        var card = fsrs.review(.new, rating: .good, at: t0)
        #expect(card.phase == .learning)
        #expect(card.step == 1)
        #expect(card.due == t0.addingTimeInterval(600))
        #expect(card.stability == 2.3065)
        card = fsrs.review(card, rating: .good, at: t0.addingTimeInterval(600))
        #expect(card.phase == .review)
        #expect(card.due! > day(1))
    }

    @Test("Again in review moves the card to relearning for 10 minutes")
    func lapse() {
        let fsrs = FSRS()
        var card = fsrs.review(.new, rating: .easy, at: t0)
        #expect(card.phase == .review)
        card = fsrs.review(card, rating: .again, at: card.due!)
        #expect(card.phase == .relearning)
        #expect(card.due == card.lastReview!.addingTimeInterval(600))
    }

    @Test("the default interval is capped at the maximum interval")
    func maximumInterval() {
        let fsrs = FSRS(settings: FSRSSettings(maximumInterval: 30))
        #expect(fsrs.nextInterval(10_000) == 30)
        #expect(FSRS().nextInterval(10_000) > 30)
    }

    @Test("fuzz is deterministic for one card and time, and changes long intervals only a little")
    func fuzz() {
        let plain = FSRS()
        let fuzzy = FSRS(settings: FSRSSettings(fuzz: true))
        let card = FSRSCardState(phase: .review, step: nil, stability: 40, difficulty: 5, due: day(40), lastReview: t0)
        let a = fuzzy.review(card, rating: .good, at: day(40), cardID: "abc")
        let b = fuzzy.review(card, rating: .good, at: day(40), cardID: "abc")
        let p = plain.review(card, rating: .good, at: day(40), cardID: "abc")
        #expect(a.due == b.due)
        let shift = abs(a.due!.timeIntervalSince(p.due!)) / 86_400
        #expect(shift <= 0.05 * p.due!.timeIntervalSince(day(40)) / 86_400 + 5)
        let others = (0..<20).map { fuzzy.review(card, rating: .good, at: day(40), cardID: "card\($0)").due! }
        #expect(Set(others).count > 1)
    }
}

@Suite("Tiers and ladder rules")
struct TiersLadderTests {
    @Test(
        "tiers: learning daily, reviewing 3 days after a right answer and 2 after a wrong one, mastered 7/6, inactive never"
    )
    func rhythm() {
        let tiers = Tiers()
        #expect(tiers.review(.new, correct: true, at: t0).due == day(1))
        let reviewing = TiersCardState(tier: .reviewing, correctStreak: 0)
        #expect(tiers.review(reviewing, correct: true, at: t0).due == day(3))
        #expect(tiers.review(reviewing, correct: false, at: t0).due == day(2))
        let mastered = TiersCardState(tier: .mastered, correctStreak: 0)
        #expect(tiers.review(mastered, correct: true, at: t0).due == day(7))
        #expect(tiers.review(mastered, correct: false, at: t0).due == day(6))
        #expect(tiers.review(TiersCardState(tier: .inactive, correctStreak: 0), correct: true, at: t0).due == nil)
    }

    @Test("tiers: answers never promote; five right in a row suggest it, a wrong one resets")
    func promotion() {
        let tiers = Tiers()
        var card = TiersCardState.new
        for n in 0..<4 { card = tiers.review(card, correct: true, at: day(Double(n))) }
        #expect(!tiers.suggestsPromotion(card))
        card = tiers.review(card, correct: true, at: day(4))
        #expect(tiers.suggestsPromotion(card))
        #expect(card.tier == .learning)
        card = tiers.move(card, to: .reviewing, at: day(4))
        #expect(card.tier == .reviewing)
        #expect(!tiers.suggestsPromotion(card))
        card = tiers.review(card, correct: false, at: day(5))
        #expect(card.correctStreak == 0)
    }

    @Test("ladder: right answers climb 1, 7, 30, 90 days and stay on top; a wrong one goes back to 1 day")
    func ladder() {
        let ladder = Ladder()
        var card = LadderCardState.new
        var dues: [Date] = []
        var now = t0
        for _ in 0..<5 {
            card = ladder.review(card, correct: true, at: now)
            dues.append(card.due!)
            now = card.due!
        }
        #expect(dues == [day(1), day(8), day(38), day(128), day(218)])
        card = ladder.review(card, correct: false, at: now)
        #expect(card.step == 0)
        #expect(card.due == now.addingTimeInterval(86_400))
    }
}

@Suite("Answers across scales")
struct ReviewAnswerTests {
    @Test("words and digits read in the scheduler's scale, and map to the others")
    func parsing() {
        #expect(ReviewAnswer("good") == .fsrs(.good))
        #expect(ReviewAnswer("3", scheduler: .fsrs) == .fsrs(.good))
        #expect(ReviewAnswer("3", scheduler: .sm2) == .quality(3))
        #expect(ReviewAnswer("5", scheduler: .fsrs) == nil)
        #expect(ReviewAnswer("q2")?.fsrsRating == .again)
        #expect(ReviewAnswer("hard")?.quality == 3)
        #expect(ReviewAnswer("hard")?.isCorrect == true)
        #expect(ReviewAnswer("wrong")?.fsrsRating == .again)
        #expect(ReviewAnswer("q4")?.ledgerValue == "q4")
    }
}
