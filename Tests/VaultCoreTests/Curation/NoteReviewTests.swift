import Foundation
import Testing

@testable import VaultCore

/// ``CurationBoard/nextReview(ofNoteAt:today:)``: the review a note comes
/// up in next and where it stands there (the editor's hover and quick actions).
@Suite("A note's next review")
struct NoteReviewTests {
    typealias F = CurationFixture

    @Test("due since its review day while undecided, then decided, then finished; due on a day ahead")
    func standing() {
        var f = CurationFixture()
        f.note("a", created: "2026-11-10T09:00:00", path: "a.md")
        f.note("b", created: "2026-11-11T09:00:00", path: "b.md")
        f.note("c", created: "2026-11-17T09:00:00", path: "c.md")
        let today = F.day("2026-11-18T10:00:00")
        let sunday = F.day("2026-11-15T00:00:00")
        let open = f.board.nextReview(ofNoteAt: "a.md", today: today)
        #expect(
            open == CurationBoard.NoteReview(level: .weekly, period: F.week("2026-W46"), standing: .dueSince(sunday)))
        #expect(open?.isActionable == true)
        let ahead = f.board.nextReview(ofNoteAt: "c.md", today: today)
        #expect(ahead?.period == F.week("2026-W47") && ahead?.standing == .dueOn(F.day("2026-11-22T00:00:00")))
        #expect(ahead?.isActionable == false)
        f.decide("a", .keep, .weekly, "2026-W46", at: "2026-11-16T09:00:00")
        // Kept: weekly now, so the month's review is the next, and its day has not come.
        let kept = f.board.nextReview(ofNoteAt: "a.md", today: today)
        #expect(kept?.level == .monthly && kept?.period == F.month("2026-11") && kept?.isActionable == false)
        #expect(f.board.nextReview(ofNoteAt: "b.md", today: today)?.standing == .dueSince(sunday))
        f.decide("b", .archive, .weekly, "2026-W46", at: "2026-11-16T09:01:00")
        #expect(f.board.nextReview(ofNoteAt: "b.md", today: today) == nil, "archived: in no review")
        f.finish(.weekly, "2026-W47", at: "2026-11-18T09:00:00")
        #expect(f.board.nextReview(ofNoteAt: "c.md", today: today)?.standing == .finished)
        #expect(f.board.nextReview(ofNoteAt: "nowhere.md", today: today) == nil)
    }

    @Test("a note left at its cycle by a decision is decided there, not actionable; an undone decision is none")
    func decided() {
        var f = CurationFixture()
        f.note("a", created: "2025-03-05T09:00:00", path: "a.md")
        f.decide("a", .keep, .weekly, "2025-W10", at: "2025-03-09T09:00:00")
        f.decide("a", .keep, .monthly, "2025-03", at: "2025-04-02T09:00:00")
        let today = F.day("2026-11-18T10:00:00")
        #expect(f.board.nextReview(ofNoteAt: "a.md", today: today)?.standing == .dueSince(F.year("2025").reviewDay))
        f.decide("a", .archive, .yearly, "2025", at: "2026-01-03T09:00:00")
        let decided = f.board.nextReview(ofNoteAt: "a.md", today: today)
        #expect(decided == CurationBoard.NoteReview(level: .yearly, period: F.year("2025"), standing: .decided))
        #expect(decided?.isActionable == false)
        f.decide("a", .undo, .yearly, "2025", at: "2026-01-03T09:01:00")
        #expect(f.board.nextReview(ofNoteAt: "a.md", today: today)?.isActionable == true)
    }
}
