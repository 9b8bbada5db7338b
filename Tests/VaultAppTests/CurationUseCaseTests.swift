import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// The curation use cases in-process, over in-memory ports.
@Suite("Curation use cases")
struct CurationUseCaseTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// Wednesday 18 November 2026, 10:00 in Berlin: week 47's review is not due yet, week 46's is.
    static let now = VaultDate.parse("2026-11-18T10:00:00", in: zone)!

    /// A note created at `created`, with `id` (none when nil).
    static func note(_ id: String?, _ path: String, created: String, title: String? = nil) -> Note {
        var fm = FrontMatter()
        if let id { fm.entries.append(.init(key: "id", value: .scalar(id), line: 2)) }
        fm.entries.append(.init(key: "created", value: .scalar(created), line: 3))
        return Note(path: path, frontMatter: fm, body: BodyFacts(firstHeading: title ?? path), timeZone: zone)
    }

    struct World {
        var ledger = MemoryLedger(timeZone: zone)
        var ids = MemoryNoteIDs(fresh: ["99999999-0000-4000-8000-000000000001"])
        var notes: [Note]

        var context: AppContext {
            AppContext(
                notes: MemoryNotes(all: notes), ledger: ledger, ids: ids,
                config: VaultConfig(timeZoneIdentifier: "Europe/Berlin"), now: CurationUseCaseTests.now)
        }
    }

    /// Three notes of week 46 (one without an id) and one of week 47.
    static func world() -> World {
        World(notes: [
            note("aaaaaaaa-0000-4000-8000-000000000001", "a.md", created: "2026-11-10T09:00:00"),
            note("bbbbbbbb-0000-4000-8000-000000000002", "b.md", created: "2026-11-11T09:00:00"),
            note(nil, "plain.md", created: "2026-11-12T09:00:00", title: "Plain note"),
            note("dddddddd-0000-4000-8000-000000000004", "d.md", created: "2026-11-17T09:00:00"),
        ])
    }

    @Test("the default weekly review is last week's, with its three notes pending")
    func defaultPeriod() {
        let review = CurationReview(CurationSnapshot.load(Self.world().context), level: .weekly)
        #expect(review.period.id == "2026-W46")
        #expect(review.review.items.map(\.note.path) == ["a.md", "b.md", "plain.md"])
        #expect(review.review.pendingCount == 3)
    }

    @Test("keep appends a curate event and promotes the note to weekly")
    func keepPromotes() throws {
        let world = Self.world()
        let review = CurationReview(CurationSnapshot.load(world.context), level: .weekly)
        let decisions = try review.resolve([(.keep, ["aaaa"]), (.archive, ["b.md"])])
        for decision in decisions { _ = try review.record(decision.decision, decision.note) }
        #expect(world.ledger.events.map(\.kind) == ["curate", "curate"])
        #expect(world.ledger.events.map { $0["decision"] } == ["keep", "archive"])
        let board = CurationSnapshot.load(world.context).board
        let a = try #require(board.items.first { $0.note.path == "a.md" })
        let b = try #require(board.items.first { $0.note.path == "b.md" })
        #expect(a.cycle == .weekly && !a.archived)
        #expect(b.cycle == .daily && b.archived)
    }

    @Test("deciding a note without an id adopts one through the id port and names it in the event")
    func adoptsID() throws {
        let world = Self.world()
        let review = CurationReview(CurationSnapshot.load(world.context), level: .weekly)
        let planned = try #require(try review.resolve([(.keep, ["plain.md"])]).first)
        let recorded = try review.record(planned.decision, planned.note)
        #expect(recorded.adopted)
        #expect(recorded.id == "99999999-0000-4000-8000-000000000001")
        #expect(world.ids.adopted == ["plain.md"])
        #expect(world.ledger.events.first?["note"] == recorded.id)
    }

    @Test("a note from another week is refused before anything is written")
    func refusesIneligible() throws {
        let world = Self.world()
        let review = CurationReview(CurationSnapshot.load(world.context), level: .weekly)
        #expect(throws: AppError.self) { try review.resolve([(.keep, ["a.md"]), (.keep, ["d.md"])]) }
        #expect(world.ledger.events.isEmpty)
    }

    @Test("finish ends the period early and leaves the undecided notes where they are")
    func finishCompletes() throws {
        let world = Self.world()
        let review = CurationReview(CurationSnapshot.load(world.context), level: .weekly)
        _ = try review.record(.keep, try #require(try review.resolve([(.keep, ["a.md"])]).first).note)
        try review.finish()
        let after = CurationReview(CurationSnapshot.load(world.context), level: .weekly, period: review.period).review
        #expect(after.status == .finishedEarly)
        #expect(after.finishedAt == CurationUseCaseTests.now)
        #expect(after.decidedCount == 1)
        #expect(after.undecidedCount == 2)
    }

    @Test("status lists the due week with its pending notes and counts them to review")
    func statusCounts() throws {
        let status = VaultStatus.load(Self.world().context)
        #expect(status.noteCount == 4)
        let due = try #require(status.report.periods.first { $0.role == .due && $0.review.period.id == "2026-W46" })
        #expect(due.review.pendingCount == 3)
        #expect(status.report.notesToReview >= 3)
    }

    @Test("the weekly tab groups kept notes by month; the daily tab by week, newest first")
    func tabs() throws {
        let world = Self.world()
        let review = CurationReview(CurationSnapshot.load(world.context), level: .weekly)
        _ = try review.record(.keep, try #require(try review.resolve([(.keep, ["b.md"])]).first).note)
        let listing = NoteListing(CurationSnapshot.load(world.context), includeArchived: false)
        #expect(listing.groups(.weekly).map(\.id) == ["2026-11"])
        #expect(listing.groups(.weekly).first?.items.map(\.note.path) == ["b.md"])
        #expect(listing.groups(.daily).map(\.id) == ["2026-W47", "2026-W46"])
        #expect(listing.notes().map(\.path) == ["d.md", "plain.md", "b.md", "a.md"])
    }

    @Test("history lists the events that name a note, and none for a note without an id")
    func history() throws {
        let world = Self.world()
        let review = CurationReview(CurationSnapshot.load(world.context), level: .weekly)
        _ = try review.record(.keep, try #require(try review.resolve([(.keep, ["a.md"])]).first).note)
        _ = try review.record(.undo, try #require(try review.resolve([(.undo, ["a.md"])]).first).note)
        let history = try NoteHistory.load(world.context, note: "aaaaaaaa")
        #expect(history.events.map { $0["decision"] } == ["keep", "undo"])
        #expect(try NoteHistory.load(world.context, note: "b.md").events.isEmpty)
        #expect(throws: AppError.noteNotFound("nosuch")) { try NoteHistory.load(world.context, note: "nosuch") }
    }
}
