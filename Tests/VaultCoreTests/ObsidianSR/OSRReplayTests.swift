import Foundation
import Testing
import VaultCore

/// A stored schedule and the ledger's answers together (docs/FORMAT.md, Obsidian Spaced
/// Repetition, Both tools on one vault): the comment is a review on its due day less its
/// interval, after every answer of that day.
@Suite("Schedules stored in notes and answers in the ledger")
struct OSRReplayTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    var settings: SchedulerSettings { .osr(OSRSettings(timeZoneIdentifier: "Europe/Berlin")) }
    func day(_ y: Int, _ m: Int, _ d: Int) -> Int { VaultDate.daysFromCivil(y, m, d) }
    func at(_ y: Int, _ m: Int, _ d: Int, hour: Int = 9) -> Date {
        VaultDate.startOfDay(day(y, m, d), in: zone).addingTimeInterval(Double(hour) * 3600)
    }
    func good(_ date: Date) -> CardScheduleReplay.CardEvent { .answer(time: date, answer: .fsrs(.good)) }
    /// Due 2026-11-20, interval 5, ease 250: a review implied on 2026-11-15.
    var stored: StoredSchedule { .osr(dueDay: day(2026, 11, 20), interval: 5, ease: 250) }

    func osr(_ s: CardSchedule) -> OSRCardState? {
        if case .osr(let o) = s.state { return o }
        return nil
    }

    @Test("a stored schedule alone is the card's state, and the card is not new")
    func storedOnly() {
        let s = CardScheduleReplay.fold([], settings: settings, cardID: "c", stored: stored, timeZone: zone)
        #expect(!s.isNew)
        #expect(s.reviews == 0)
        #expect(s.due == VaultDate.startOfDay(day(2026, 11, 20), in: zone))
        #expect(osr(s)?.interval == 5)
        #expect(s.storedReview == VaultDate.startOfDay(day(2026, 11, 15), in: zone))
        #expect(s.tier == .reviewing)
    }

    @Test("an answer after the implied day builds on the stored schedule")
    func answerAfter() {
        let s = CardScheduleReplay.fold(
            [good(at(2026, 11, 20))], settings: settings, cardID: "c", stored: stored, timeZone: zone)
        #expect(osr(s)?.interval == 13)  // 5 × 2.5 = 12.5 → 13
        #expect(osr(s)?.dueDay == day(2026, 12, 3))
        #expect(s.reviews == 1)
    }

    @Test("a schedule the plugin wrote after the ledger's last answer wins; the answers still count")
    func pluginLater() {
        let s = CardScheduleReplay.fold(
            [good(at(2026, 11, 10)), good(at(2026, 11, 15, hour: 23))], settings: settings, cardID: "c", stored: stored,
            timeZone: zone)
        #expect(osr(s)?.interval == 5)
        #expect(osr(s)?.dueDay == day(2026, 11, 20))
        #expect(s.reviews == 2)
    }

    @Test("a schedule vault wrote back after its answer gives that answer's state")
    func writtenBack() {
        let answered = at(2026, 11, 20, hour: 8)
        let fromLedger = CardScheduleReplay.fold(
            [good(answered)], settings: settings, cardID: "c", stored: stored, timeZone: zone)
        let comment = StoredSchedule.osr(
            dueDay: osr(fromLedger)!.dueDay!, interval: osr(fromLedger)!.interval, ease: osr(fromLedger)!.ease)
        let withComment = CardScheduleReplay.fold(
            [good(answered)], settings: settings, cardID: "c", stored: comment, timeZone: zone)
        #expect(withComment.due == fromLedger.due)
        #expect(osr(withComment)?.interval == osr(fromLedger)?.interval)
        #expect(withComment.reviews == 1)
    }

    @Test("a new card starts from the base ease; 2000-01-01 groups are new")
    func newCard() {
        let s = CardScheduleReplay.fold([good(at(2026, 11, 18))], settings: settings, cardID: "c", stored: nil, timeZone: zone)
        #expect(osr(s)?.interval == 3)
        #expect(osr(s)?.dueDay == day(2026, 11, 21))
        #expect(CardScheduleReplay.fold([], settings: settings, cardID: "c", stored: nil, timeZone: zone).isNew)
    }

    @Test("under fsrs an SM-2 group becomes a review card as the plugin converts it; other schedulers ignore it")
    func otherSchedulers() {
        let s = CardScheduleReplay.fold([], settings: .fsrs(FSRSSettings()), cardID: "c", stored: stored, timeZone: zone)
        guard case .fsrs(let f) = s.state else {
            Issue.record("not an fsrs state")
            return
        }
        #expect(f.phase == .review)
        #expect(f.stability == 5)
        #expect(f.difficulty == 5.5)
        #expect(!s.isNew)
        #expect(CardScheduleReplay.fold([], settings: .sm2, cardID: "c", stored: stored, timeZone: zone).isNew)
    }
}
