import Foundation
import Testing

@testable import VaultCore

/// The table of SPEC section 4, one test per cell, plus statuses and schedules.
@Suite("Curation rules")
struct CurationRulesTests {
    typealias F = CurationFixture

    /// Three notes in 2026-W46 (Nov 9–15), one in W47, one in October.
    func fixture() -> CurationFixture {
        var f = CurationFixture()
        f.note("n1", created: "2026-11-09T08:00:00")
        f.note("n2", created: "2026-11-11T12:00:00")
        f.note("n3", created: "2026-11-15T22:00:00")
        f.note("n4", created: "2026-11-16T09:00:00")
        f.note("old", created: "2026-10-07T09:00:00")
        return f
    }

    @Test("every note starts at daily and the weekly review looks at the notes created in its week")
    func weeklyEligibility() {
        let board = fixture().board
        #expect(board.items.allSatisfy { $0.cycle == .daily && !$0.archived })
        #expect(board.eligibleIDs(F.week("2026-W46")) == ["n1", "n2", "n3"])
        #expect(board.eligibleIDs(F.week("2026-W47")) == ["n4"])
    }

    @Test("a note outside a review is told why: another period, archived, or the wrong cycle")
    func ineligibility() {
        var f = fixture()
        f.decide("n2", .archive, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:01:00")
        let board = f.board
        #expect(board.ineligibility(ofNoteAt: "n3.md", in: F.week("2026-W46")) == nil)
        #expect(board.ineligibility(ofNoteAt: "n4.md", in: F.week("2026-W46")) == "it was created in 2026-W47")
        #expect(board.ineligibility(ofNoteAt: "n2.md", in: F.month("2026-11")) == "it is archived")
        #expect(
            board.ineligibility(ofNoteAt: "n3.md", in: F.month("2026-11"))
                == "its cycle is daily, and this review looks at weekly notes")
        #expect(board.ineligibility(ofNoteAt: "missing.md", in: F.week("2026-W46")) == "it has no created date")
    }

    @Test("weekly keep promotes a daily note to weekly")
    func weeklyKeep() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        #expect(f.board.cycle("n1") == .weekly)
        #expect(f.board.cycle("n2") == .daily)
    }

    @Test("weekly archive archives the note but keeps it in the week's review as decided")
    func weeklyArchive() {
        var f = fixture()
        f.decide("n2", .archive, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        let board = f.board
        #expect(board.isArchived("n2") == true)
        #expect(board.cycle("n2") == .daily)
        let review = board.review(F.week("2026-W46"))
        #expect(review.items.map(\.note.id) == ["n1", "n2", "n3"])
        #expect(review.decisions[1]?.decision == .archive)
    }

    @Test("monthly review looks at weekly notes created in the month; keep promotes to monthly")
    func monthlyKeep() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        f.decide("n2", .keep, .weekly, "2026-W46", at: "2026-11-15T18:01:00")
        f.decide("n2", .keep, .monthly, "2026-11", at: "2026-12-01T10:00:00")
        let board = f.board
        #expect(board.eligibleIDs(F.month("2026-11")) == ["n1", "n2"])
        #expect(board.cycle("n2") == .monthly)
        #expect(board.cycle("n1") == .weekly)
    }

    @Test("monthly archive leaves the note weekly, decided for the month")
    func monthlyArchive() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        f.decide("n1", .archive, .monthly, "2026-11", at: "2026-12-01T10:00:00")
        let board = f.board
        #expect(board.cycle("n1") == .weekly)
        #expect(board.isArchived("n1") == false)
        let review = board.review(F.month("2026-11"))
        #expect(review.status == .completed)
        #expect(review.decisions.first??.decision == .archive)
    }

    @Test("yearly review looks at monthly notes of the year; keep makes them yearly, archive leaves them monthly")
    func yearly() {
        var f = fixture()
        for id in ["n1", "n2"] {
            f.decide(id, .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
            f.decide(id, .keep, .monthly, "2026-11", at: "2026-12-01T10:00:00")
        }
        f.decide("n1", .keep, .yearly, "2026", at: "2027-01-01T10:00:00")
        f.decide("n2", .archive, .yearly, "2026", at: "2027-01-01T10:01:00")
        let board = f.board
        #expect(board.eligibleIDs(F.year("2026")) == ["n1", "n2"])
        #expect(board.cycle("n1") == .yearly)
        #expect(board.cycle("n2") == .monthly)
    }

    @Test("a daily note is not eligible for the monthly review and an archived one is in no later review")
    func notEligibleAbove() {
        var f = fixture()
        f.decide("n1", .archive, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        let board = f.board
        #expect(board.eligibleIDs(F.month("2026-11")).isEmpty)
        #expect(board.review(F.month("2026-11")).status == .empty)
    }

    @Test("the later decision wins and undo makes the note pending again")
    func decisionChanges() {
        var f = fixture()
        f.decide("n1", .archive, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:05:00")
        #expect(f.board.cycle("n1") == .weekly)
        #expect(f.board.isArchived("n1") == false)
        f.decide("n1", .undo, .weekly, "2026-W46", at: "2026-11-15T18:06:00")
        #expect(f.board.cycle("n1") == .daily)
        #expect(f.board.review(F.week("2026-W46")).pendingCount == 3)
    }

    @Test("a decision for another period than the note's does not count")
    func wrongPeriod() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W45", at: "2026-11-15T18:00:00")
        #expect(f.board.cycle("n1") == .daily)
    }

    @Test("status goes not started, in progress, completed")
    func statuses() {
        var f = fixture()
        let w46 = F.week("2026-W46")
        #expect(f.board.review(w46).status == .notStarted)
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        #expect(f.board.review(w46).status == .inProgress)
        f.decide("n2", .archive, .weekly, "2026-W46", at: "2026-11-15T18:00:01")
        f.decide("n3", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:02")
        #expect(f.board.review(w46).status == .completed)
        #expect(f.board.review(F.week("2026-W40")).status == .empty)
    }

    @Test("finish ends a period early: undecided notes stay daily and are no longer pending")
    func finishedEarly() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        f.finish(.weekly, "2026-W46", at: "2026-11-15T18:10:00")
        let review = f.board.review(F.week("2026-W46"))
        #expect(review.status == .finishedEarly)
        #expect(review.pendingCount == 0)
        #expect(review.undecidedCount == 2)
        #expect(f.board.cycle("n2") == .daily)
        #expect(f.board.missed(.weekly, today: F.day("2026-11-25")).map(\.period.id) == ["2026-W41"])
    }

    @Test("the due week is this week on Sunday and last week on other days; months and years are the previous ones")
    func duePeriods() {
        #expect(CurationBoard.duePeriod(.weekly, today: F.day("2026-11-22")).id == "2026-W47")
        #expect(CurationBoard.duePeriod(.weekly, today: F.day("2026-11-18")).id == "2026-W46")
        #expect(CurationBoard.duePeriod(.weekly, today: F.day("2026-11-16")).id == "2026-W46")
        #expect(CurationBoard.duePeriod(.monthly, today: F.day("2026-12-01")).id == "2026-11")
        #expect(CurationBoard.duePeriod(.monthly, today: F.day("2026-11-30")).id == "2026-10")
        #expect(CurationBoard.duePeriod(.yearly, today: F.day("2027-01-01")).id == "2026")
    }

    @Test("past periods with pending notes are missed; the due one is not")
    func missedPeriods() {
        var f = fixture()
        let today = F.day("2026-11-25")  // Wednesday of W48: W47 is due
        #expect(f.board.missed(.weekly, today: today).map(\.period.id) == ["2026-W41", "2026-W46"])
        f.decide("old", .keep, .weekly, "2026-W41", at: "2026-11-20T10:00:00")
        #expect(f.board.missed(.weekly, today: today).map(\.period.id) == ["2026-W46"])
    }

    @Test("the default period is the latest up to the due one with pending notes, else the due one")
    func defaultPeriod() {
        var f = fixture()
        let today = F.day("2026-11-25")
        #expect(f.board.defaultPeriod(.weekly, today: today).id == "2026-W47")
        f.decide("n4", .keep, .weekly, "2026-W47", at: "2026-11-22T10:00:00")
        #expect(f.board.defaultPeriod(.weekly, today: today).id == "2026-W46")
        for id in ["n1", "n2", "n3"] { f.decide(id, .keep, .weekly, "2026-W46", at: "2026-11-22T10:00:00") }
        f.decide("old", .keep, .weekly, "2026-W41", at: "2026-11-22T10:00:00")
        #expect(f.board.defaultPeriod(.weekly, today: today).id == "2026-W47")
    }

    @Test("a monthly review names the weeks inside it that are not completed")
    func lowerPeriodWarnings() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        let incomplete = f.board.incompleteLowerPeriods(of: F.month("2026-11")).map(\.period.id)
        #expect(incomplete == ["2026-W46", "2026-W47"])
        #expect(f.board.incompleteLowerPeriods(of: F.month("2026-09")).isEmpty)
    }

    @Test("two devices deciding a note differently are a conflict; the later wins")
    func conflicts() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00", device: "laptop")
        f.decide("n1", .archive, .weekly, "2026-W46", at: "2026-11-15T19:00:00", device: "phone")
        f.decide("n2", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00", device: "laptop")
        f.decide("n2", .keep, .weekly, "2026-W46", at: "2026-11-15T19:00:00", device: "phone")
        let state = CurationState(LedgerHistory(f.events))
        #expect(state.conflicts.count == 1)
        let conflict = state.conflicts[0]
        #expect(conflict.note == "n1")
        #expect(conflict.decisions.map(\.device) == ["laptop", "phone"])
        #expect(conflict.decisions.map(\.decision) == [.keep, .archive])
        #expect(f.board.isArchived("n1") == true)
    }

    @Test("a note without an id is eligible but cannot be decided")
    func noteWithoutID() {
        var f = fixture()
        f.note(nil, created: "2026-11-10T10:00:00", path: "plain.md")
        let review = f.board.review(F.week("2026-W46"))
        #expect(review.items.map(\.note.path).contains("plain.md"))
        #expect(review.pendingCount == 4)
    }

    @Test("status report counts pending notes in due and missed periods, not the current one")
    func statusReport() {
        var f = fixture()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        let report = StatusReport(board: f.board, today: F.day("2026-11-18"))
        let weekly = report.periods.filter { $0.review.period.level == .weekly }
        #expect(weekly.map(\.role) == [.missed, .due, .current])
        #expect(weekly.map(\.review.period.id) == ["2026-W41", "2026-W46", "2026-W47"])
        #expect(report.notesToReview == 1 + 2)
        #expect(report.dueFlashcards == nil)
    }
}
