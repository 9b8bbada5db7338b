import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Curation review")
struct CurationReviewTests {
    let ledger = MemoryLedger(timeZone: Fixture.zone)
    let ids = MemoryNoteIDs(fresh: ["99999999-0000-4000-8000-000000000001", "99999999-0000-4000-8000-000000000002"])

    var context: AppContext { Fixture.context(Fixture.weekNotes, ledger: ledger, ids: ids) }
    func review(_ level: ReviewLevel = .weekly, period: String? = nil) -> CurationReview {
        CurationReview(
            CurationSnapshot.load(context), level: level, period: period.flatMap { ReviewPeriod($0, level: level) })
    }

    @Test("references resolve by id prefix and path, in the order given, before anything is written")
    func resolve() throws {
        let decisions = try review().resolve([(.archive, ["b.md"]), (.keep, ["aaaa", "plain.md"])])
        #expect(decisions.map(\.decision) == [.archive, .keep, .keep])
        #expect(decisions.map(\.note.path) == ["b.md", "a.md", "plain.md"])
        #expect(ledger.events.isEmpty)
    }

    @Test("an unknown reference and a note of another week are refused, naming why")
    func refusals() throws {
        #expect(throws: AppError.noteNotFound("nosuch")) { try review().resolve([(.keep, ["a.md", "nosuch"])]) }
        #expect(throws: AppError.notInReview(note: "d.md", period: review().period.title, why: "it was created in 2026-W47")) {
            try review().resolve([(.keep, ["d.md"])])
        }
        #expect(ledger.events.isEmpty)
    }

    @Test("an archived note is no longer up for the week's review")
    func archivedRefused() throws {
        let week = review()
        _ = try week.record(.archive, try week.resolve([(.archive, ["b.md"])])[0].note)
        let monthly = review(.monthly, period: "2026-11")
        #expect(monthly.snapshot.board.ineligibility(ofNoteAt: "b.md", in: monthly.period) == "it is archived")
    }

    @Test("keep and archive append curate events naming the note's id and the period; no id is adopted for a note that has one")
    func recordKeepArchive() throws {
        let week = review()
        let kept = try week.record(.keep, try week.resolve([(.keep, ["a.md"])])[0].note)
        let archived = try week.record(.archive, try week.resolve([(.archive, ["b.md"])])[0].note)
        #expect(!kept.adopted && !archived.adopted)
        #expect(ids.adopted.isEmpty)
        #expect(ledger.events.map { $0["note"] } == [Fixture.idA, Fixture.idB])
        #expect(ledger.events.map { $0["period"] } == ["2026-W46", "2026-W46"])
        #expect(ledger.events.map { $0["decision"] } == ["keep", "archive"])
        #expect(ledger.events.allSatisfy { $0.time == Fixture.now })
        let after = review(period: "2026-W46").review
        #expect(after.decidedCount == 2 && after.pendingCount == 1 && after.status == .inProgress)
    }

    @Test("a note without an id gets the id port's next id, and the event names it")
    func adoption() throws {
        let week = review()
        let recorded = try week.record(.keep, try week.resolve([(.keep, ["plain.md"])])[0].note)
        #expect(recorded.adopted && recorded.id == "99999999-0000-4000-8000-000000000001")
        #expect(ids.adopted == ["plain.md"])
        #expect(ledger.events.map { $0["note"] } == ["99999999-0000-4000-8000-000000000001"])
    }

    @Test("when the id cannot be written nothing is appended")
    func adoptionFails() throws {
        let noIDs = MemoryNoteIDs()
        let week = CurationReview(CurationSnapshot.load(Fixture.context(Fixture.weekNotes, ledger: ledger, ids: noIDs)), level: .weekly)
        let note = try week.resolve([(.keep, ["plain.md"])])[0].note
        #expect(throws: (any Error).self) { try week.record(.keep, note) }
        #expect(ledger.events.isEmpty)
    }

    @Test("undo takes a decision back: the note is pending again at its old cycle")
    func undo() throws {
        let week = review()
        let note = try week.resolve([(.keep, ["a.md"])])[0].note
        _ = try week.record(.keep, note)
        #expect(CurationSnapshot.load(context).board.items.first { $0.note.path == "a.md" }?.cycle == .weekly)
        _ = try week.record(.undo, note)
        #expect(ledger.events.map { $0["decision"] } == ["keep", "undo"])
        #expect(CurationSnapshot.load(context).board.items.first { $0.note.path == "a.md" }?.cycle == .daily)
        #expect(review(period: "2026-W46").review.pendingCount == 3)
    }

    @Test("finish appends a finish event for the period; the review then waits on nothing")
    func finish() throws {
        try review().finish()
        #expect(ledger.events.map(\.kind) == ["finish"])
        #expect(ledger.events.first?["period"] == "2026-W46")
        let after = review(period: "2026-W46").review
        #expect(after.status == .finishedEarly && after.pendingCount == 0 && after.undecidedCount == 3)
    }

    @Test("a monthly review warns about the weeks inside it still pending; a weekly one never does")
    func lowerPeriods() throws {
        #expect(review(.monthly, period: "2026-11").incompleteLowerPeriods.map(\.period.id) == ["2026-W46", "2026-W47"])
        #expect(review().incompleteLowerPeriods.isEmpty)
    }

    @Test("the ledger's problems are counted from the ledger port")
    func ledgerProblems() {
        let problems = ProblemLedger(
            ledger, problems: [Diagnostic(code: "x", severity: .error, path: ".vault/ledger/a.log", line: 1, message: "m")])
        let context = AppContext(
            notes: MemoryNotes(all: Fixture.weekNotes), ledger: problems, ids: ids, config: Fixture.config, now: Fixture.now)
        #expect(CurationReview(CurationSnapshot.load(context), level: .weekly).ledgerProblems == 1)
        #expect(review().ledgerProblems == 0)
    }
}
