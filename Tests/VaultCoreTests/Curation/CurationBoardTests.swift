import Foundation
import Testing

@testable import VaultCore

/// How the board orders notes and matches the ledger's decisions to them.
@Suite("Curation board order and matching")
struct CurationBoardTests {
    typealias F = CurationFixture

    @Test("notes created at the same moment are listed by path; one path twice keeps the order given")
    func sameMoment() {
        var f = CurationFixture()
        f.note("c", created: "2026-11-10T09:00:00", path: "c.md")
        f.note("late", created: "2026-11-10T09:00:01", path: "a-late.md")
        f.note("b2", created: "2026-11-10T09:00:00", path: "b.md")
        f.note("a", created: "2026-11-10T09:00:00", path: "a.md")
        f.note("b1", created: "2026-11-10T09:00:00", path: "b.md")
        f.note("early", created: "2026-11-09T23:59:00", path: "z.md")
        #expect(f.board.items.map(\.note.path) == ["z.md", "a.md", "b.md", "b.md", "c.md", "a-late.md"])
        #expect(f.board.eligibleIDs(F.week("2026-W46")) == ["early", "a", "b2", "b1", "c", "late"])
    }

    @Test("two notes with one id both take its decisions")
    func sharedID() {
        var f = CurationFixture()
        f.note("twin", created: "2026-11-10T09:00:00", path: "one.md")
        f.note("other", created: "2026-11-11T09:00:00")
        f.note("twin", created: "2026-11-12T09:00:00", path: "two.md")
        f.decide("twin", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        let board = f.board
        #expect(board.items.map(\.cycle) == [.weekly, .daily, .weekly])
        #expect(board.review(F.week("2026-W46")).decisions.map { $0?.decision } == [.keep, nil, .keep])
        #expect(board.review(F.month("2026-11")).items.map(\.note.path) == ["one.md", "two.md"])
    }

    @Test("an id matches its decisions in any case, in the note or in the ledger")
    func idCase() {
        var f = CurationFixture()
        f.note("AbC-1", created: "2026-11-10T09:00:00")
        f.note("def-2", created: "2026-11-10T10:00:00")
        f.decide("abc-1", .keep, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        f.decide("DEF-2", .archive, .weekly, "2026-W46", at: "2026-11-15T18:00:00")
        let board = f.board
        #expect(board.items.map(\.key) == ["abc-1", "def-2"])
        #expect(board.cycle("ABC-1") == .weekly)
        #expect(board.isArchived("def-2") == true)
    }

    @Test("a note without an id that opens a day leaves the next note's decisions alone")
    func keylessFirstInDay() {
        var f = CurationFixture()
        f.note("before", created: "2026-11-30T09:00:00")
        f.note(nil, created: "2026-12-01T00:10:00", path: "plain.md")
        f.note("after", created: "2026-12-01T08:00:00")
        f.decide("after", .keep, .weekly, "2026-W49", at: "2026-12-06T18:00:00")
        f.decide("after", .keep, .monthly, "2026-12", at: "2027-01-01T10:00:00")
        let board = f.board
        #expect(board.cycle("after") == .monthly)
        #expect(board.review(F.month("2026-12")).decisions.map { $0?.decision } == [.keep])
        #expect(board.review(F.month("2026-11")).items.isEmpty)
    }

    @Test("the periods of a level come oldest first, and a level's periods sort before the next level's")
    func periodOrder() {
        var f = CurationFixture()
        f.note("new", created: "2027-01-04T09:00:00")
        f.note("old", created: "2025-12-29T09:00:00")  // ISO week 2026-W01, month 2025-12
        let board = f.board
        #expect(board.periods(.weekly).map(\.id) == ["2026-W01", "2027-W01"])
        #expect(board.periods(.monthly).map(\.id) == ["2025-12", "2027-01"])
        #expect(board.periods(.yearly).map(\.id) == ["2025", "2027"])
        #expect(ReviewLevel.allCases.sorted(by: >) == [.yearly, .monthly, .weekly])
        #expect(F.week("2027-W01") < F.month("2025-12"))
        #expect(F.month("2027-01") < F.year("2025"))
    }
}
