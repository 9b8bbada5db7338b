import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// The review screen's rules in-process: every key path the tmux tests drive,
/// over the curation use cases' in-memory world (three notes of week 46: a.md,
/// b.md and plain.md, which has no id).
@Suite("Review flow")
struct ReviewFlowTests {
    typealias World = CurationUseCaseTests.World

    func review(_ world: World) -> CurationReview {
        CurationReview(CurationSnapshot.load(world.context), level: .weekly)
    }

    func decisions(_ world: World) -> [String] {
        world.ledger.events.map { "\($0["note"] ?? "?") \($0["decision"] ?? "?")" }
    }

    @Test("keep asks for the decision to be recorded and changes nothing until it is")
    func keepIsAnEffect() {
        let world = CurationUseCaseTests.world()
        var flow = ReviewFlow(review(world))
        #expect(flow.index == 0)
        #expect(flow.note?.path == "a.md")
        #expect(flow.handle(.keep) == [.record(.keep, flow.notes[0])])
        #expect(flow.index == 0)
        #expect(flow.decidedCount == 0)
        #expect(world.ledger.events.isEmpty)
    }

    @Test("keep then quit: one curate event, the next note shown, the summary counts one of three")
    func keepThenQuit() throws {
        let world = CurationUseCaseTests.world()
        let review = review(world)
        var flow = ReviewFlow(review)
        #expect(try flow.send(.keep, through: review).isEmpty)
        #expect(flow.index == 1)
        #expect(flow.note?.path == "b.md")
        #expect(flow.decisions == [.keep, nil, nil])
        #expect(decisions(world) == ["aaaaaaaa-0000-4000-8000-000000000001 keep"])
        #expect(world.ledger.events.first?["period"] == "2026-W46")
        #expect(!flow.ended)
        #expect(try flow.send(.quit, through: review) == [.finish])
        #expect(flow.ended)
        #expect(flow.summary == .init(periodTitle: "Week 46, 2026", decided: 1, total: 3, adoptedPaths: []))
        #expect(try flow.send(.keep, through: review).isEmpty, "a review left takes no more decisions")
        #expect(world.ledger.events.count == 1)
    }

    @Test("a review left halfway resumes at the first undecided note, its decisions shown")
    func resumes() throws {
        let world = CurationUseCaseTests.world()
        var first = ReviewFlow(review(world))
        _ = try first.send(.keep, through: review(world))
        let again = ReviewFlow(review(world))
        #expect(again.index == 1)
        #expect(again.decisions == [.keep, nil, nil])
        #expect(again.decidedCount == 1)
    }

    @Test("archive, back to it, keep: the ledger holds both decisions and the note counts as kept")
    func backAndChange() throws {
        let world = CurationUseCaseTests.world()
        let review = review(world)
        var flow = ReviewFlow(review)
        _ = try flow.send(.skip, through: review)
        _ = try flow.send(.archive, through: review)
        #expect(flow.index == 2)
        _ = try flow.send(.previous, through: review)
        #expect(flow.index == 1)
        #expect(flow.decision == .archive)
        _ = try flow.send(.keep, through: review)
        #expect(flow.index == 2)
        #expect(flow.decisions == [nil, .keep, nil])
        #expect(
            decisions(world) == [
                "bbbbbbbb-0000-4000-8000-000000000002 archive", "bbbbbbbb-0000-4000-8000-000000000002 keep",
            ])
        let board = CurationSnapshot.load(world.context).board
        #expect(board.items.first { $0.note.path == "b.md" }?.archived == false)
    }

    @Test("skip and previous write nothing and stop at the end page and the first note")
    func skipAndPreviousBounds() throws {
        let world = CurationUseCaseTests.world()
        let review = review(world)
        var flow = ReviewFlow(review)
        #expect(try flow.send(.previous, through: review).isEmpty)
        #expect(flow.index == 0)
        for _ in 0..<5 { _ = try flow.send(.skip, through: review) }
        #expect(flow.index == 3)
        #expect(flow.isAtEnd && flow.note == nil)
        #expect(try flow.send(.keep, through: review).isEmpty, "nothing to decide on the end page")
        #expect(try flow.send(.edit, through: review).isEmpty)
        _ = try flow.send(.previous, through: review)
        #expect(flow.note?.path == "plain.md")
        #expect(world.ledger.events.isEmpty)
        #expect(flow.summary.decided == 0)
    }

    @Test("deciding every note reaches the end page; quitting there reports all decided and the id adopted")
    func decideAll() throws {
        let world = CurationUseCaseTests.world()
        let review = review(world)
        var flow = ReviewFlow(review)
        _ = try flow.send(.keep, through: review)
        _ = try flow.send(.archive, through: review)
        _ = try flow.send(.keep, through: review)
        #expect(flow.isAtEnd)
        #expect(flow.notice == .adoptedID(id: "99999999-0000-4000-8000-000000000001", path: "plain.md"))
        #expect(flow.notes[2].id == "99999999-0000-4000-8000-000000000001")
        #expect(world.ids.adopted == ["plain.md"])
        #expect(world.ledger.events.last?["note"] == "99999999-0000-4000-8000-000000000001")
        _ = try flow.send(.previous, through: review)
        #expect(flow.notice == nil, "a notice lasts one input")
        #expect(flow.decision == .keep)
        #expect(try flow.send(.quit, through: review) == [.finish])
        #expect(
            flow.summary
                == .init(periodTitle: "Week 46, 2026", decided: 3, total: 3, adoptedPaths: ["plain.md"]))
    }

    @Test("edit asks for the editor on the note shown and decides nothing; the note read back replaces it")
    func edit() throws {
        let world = CurationUseCaseTests.world()
        let review = review(world)
        var flow = ReviewFlow(review)
        #expect(try flow.send(.edit, through: review) == [.openInEditor("a.md")])
        #expect(flow.index == 0)
        var edited = flow.notes[0]
        edited.title = "Edited title"
        _ = flow.handle(.edited(edited))
        #expect(flow.note?.title == "Edited title")
        #expect(flow.index == 0)
        _ = flow.handle(.editFailed("the editor 'vi' did not exit cleanly; nothing was saved."))
        #expect(flow.notice == .editFailed("the editor 'vi' did not exit cleanly; nothing was saved."))
        #expect(world.ledger.events.isEmpty)
    }

    @Test("a decision that cannot be written leaves the flow where it was")
    func failedWrite() throws {
        var world = CurationUseCaseTests.world()
        world.ids = MemoryNoteIDs(fresh: [])  // plain.md cannot be given an id
        let review = review(world)
        var flow = ReviewFlow(review)
        _ = try flow.send(.skip, through: review)
        _ = try flow.send(.skip, through: review)
        #expect(throws: (any Error).self) { try flow.send(.keep, through: review) }
        #expect(flow.index == 2)
        #expect(flow.decisions == [nil, nil, nil])
        #expect(world.ledger.events.isEmpty)
    }
}
