import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// The memory-palace screens' rules in-process: learn's next and previous,
/// review's reveals and rating, reverse's typed number, each rating written as
/// a `loci-rate` event through the ledger port, and the summaries.
@Suite("Loci flow")
struct LociFlowTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let now = VaultDate.parse("2026-11-18T09:00:00", in: utc)!

    /// "Home walk": three locations, given out of order.
    static let walk = LociWalk(
        name: "Home walk", description: "The flat, from the door.", folder: "loci/Home walk",
        indexPath: "loci/Home walk/Home walk.md", image: nil,
        stops: [
            LociStop(
                sequence: 3, name: "Kitchen", description: "A kettle whistling.", path: "loci/Home walk/03 Kitchen.md",
                key: "k3", image: "loci/Home walk/03.png"),
            LociStop(
                sequence: 1, name: "Front door", description: "Red, with a brass knocker.",
                path: "loci/Home walk/01 Front door.md", key: "k1", image: "loci/Home walk/01.png"),
            LociStop(
                sequence: 2, name: "Hall", description: "Coats on hooks.", path: "loci/Home walk/02 Hall.md", key: "k2",
                image: "loci/Home walk/02.gif"),
        ])

    struct World {
        let ledger = MemoryLedger(timeZone: LociFlowTests.utc)

        /// The use case that writes the answers (over in-memory ports: no itinerary folders of its own).
        var palaces: LociPalaces {
            LociPalaces(
                AppContext(
                    notes: MemoryNotes(all: []), ledger: ledger, ids: MemoryNoteIDs(),
                    config: VaultConfig(timeZoneIdentifier: "UTC"), now: LociFlowTests.now),
                summaries: [])
        }

        var states: LociStates { LociStates(ratings: ledger.replay().events(LociRating.self).events) }

        func flow(_ mode: LociFlow.Mode, at now: Date = LociFlowTests.now) -> LociFlow {
            LociFlow(mode: mode, walk: LociFlowTests.walk, states: states, start: now)
        }

        var lines: [LedgerEvent] { ledger.events.filter { $0.kind == "loci-rate" } }
    }

    @Test("learn walks forward and back in walking order, says so at either end, and records nothing")
    func learn() throws {
        let world = World()
        let palaces = world.palaces
        var flow = world.flow(.learn)
        #expect(flow.order.map(\.sequence) == [1, 2, 3])
        #expect(flow.step == .walking && flow.showsPicture)
        _ = try flow.send(.previous, through: palaces)
        #expect(flow.index == 0 && flow.notice == .firstLocation)
        _ = try flow.send(.next, through: palaces)
        #expect(flow.stop?.name == "Hall" && flow.notice == nil)
        _ = try flow.send(.next, through: palaces)
        #expect(try flow.send(.next, through: palaces).isEmpty)
        #expect(flow.stop?.name == "Kitchen" && flow.notice == .lastLocation)
        _ = try flow.send(.previous, through: palaces)
        #expect(flow.stop?.name == "Hall")
        #expect(try flow.send(.rate(5, elapsedMilliseconds: 0, responseMilliseconds: 0), through: palaces).isEmpty)
        #expect(try flow.send(.reveal, through: palaces).isEmpty)
        #expect(!flow.ended)
        #expect(try flow.send(.quit, through: palaces).count == 1)
        #expect(flow.ended)
        #expect(world.ledger.events.isEmpty, "learning records nothing")
        #expect(flow.summary.mode == .learn && flow.summary.count == 3)
    }

    @Test("review shows the number, then the picture, then the name; 5 records a review rating of interval 1")
    func review() throws {
        let world = World()
        let palaces = world.palaces
        var flow = world.flow(.review)
        #expect(flow.stop?.sequence == 1)
        #expect(flow.step == .number && !flow.showsPicture)
        _ = try flow.send(.rate(5, elapsedMilliseconds: 0, responseMilliseconds: 0), through: palaces)
        #expect(world.ledger.events.isEmpty, "no rating before all is shown")
        _ = try flow.send(.reveal, through: palaces)
        #expect(flow.step == .picture && flow.showsPicture)
        _ = try flow.send(.reveal, through: palaces)
        #expect(flow.step == .rating)
        #expect((0...5).map { flow.outcome(quality: $0)?.interval } == [1, 1, 1, 1, 1, 1])
        _ = try flow.send(.rate(6, elapsedMilliseconds: 0, responseMilliseconds: 0), through: palaces)
        #expect(world.ledger.events.isEmpty, "6 is no quality")
        #expect(try flow.send(.rate(5, elapsedMilliseconds: 1500, responseMilliseconds: 700), through: palaces).isEmpty)
        #expect(flow.stop?.sequence == 2 && flow.step == .number, "the next location, from its number")
        let line = try #require(world.lines.first)
        #expect(world.lines.count == 1)
        #expect(line["mode"] == "review" && line["quality"] == "5" && line["sequence"] == "1")
        #expect(line["interval"] == "1" && line["location"] == "k1" && line["response_ms"] == "700")
        #expect(line.time == Self.now.addingTimeInterval(1.5))
        #expect(try flow.send(.quit, through: palaces).count == 1)
        let summary = flow.summary
        #expect(summary.stopped && summary.rated == 1 && summary.count == 3)
        #expect(summary.nextDue == Self.now.addingTimeInterval(1.5 + 86400))
    }

    @Test("reverse: the typed number is checked, wrong then right, and recorded with the rating")
    func reverse() throws {
        let world = World()
        let palaces = world.palaces
        var flow = world.flow(.reverse)
        #expect(flow.step == .typing && !flow.showsPicture)
        _ = try flow.send(.digit(9), through: palaces)
        #expect(flow.typed == "9")
        _ = try flow.send(.check, through: palaces)
        #expect(flow.step == .rating && flow.showsPicture)
        #expect(flow.typedRight == false)
        _ = try flow.send(.rate(2, elapsedMilliseconds: 100, responseMilliseconds: 100), through: palaces)
        let second = flow.order[1]
        #expect(flow.stop == second && flow.step == .typing && flow.typed == "")
        _ = try flow.send(.digit(second.sequence), through: palaces)
        _ = try flow.send(.check, through: palaces)
        #expect(flow.typedRight == true)
        _ = try flow.send(.rate(4, elapsedMilliseconds: 200, responseMilliseconds: 100), through: palaces)
        #expect(flow.index == 2)
        _ = flow.handle(.quit)
        #expect(world.lines.map { $0["mode"] } == ["reverse", "reverse"])
        #expect(world.lines.map { $0["answer"] } == ["9", "\(second.sequence)"])
        #expect(world.lines.map { $0["right"] } == ["no", "yes"])
        #expect(world.lines.map { $0["quality"] } == ["2", "4"])
        let summary = flow.summary
        #expect(summary.rated == 2 && summary.right == 1 && summary.stopped)
    }

    @Test("reverse asks out of walking order when nothing is due, in the same order all day; review keeps walking order")
    func reverseOrder() {
        let world = World()
        #expect(world.flow(.review).order.map(\.sequence) == [1, 2, 3])
        let orders = (0..<7).map { day in
            world.flow(.reverse, at: LociFlowTests.now.addingTimeInterval(Double(day) * 86_400)).order.map(\.sequence)
        }
        #expect(orders.allSatisfy { $0.sorted() == [1, 2, 3] })
        #expect(orders.contains { $0 != [1, 2, 3] }, "\(orders)")
        #expect(world.flow(.reverse, at: LociFlowTests.now.addingTimeInterval(3_600)).order.map(\.sequence) == orders[0])
    }

    @Test("under a given moment (VAULT_NOW) a rating is stamped at that moment, never after it")
    func fixedMomentStamps() throws {
        let world = World()
        let palaces = world.palaces
        var flow = world.flow(.review)
        flow.fixedMoment = true
        _ = try flow.send(.reveal, through: palaces)
        _ = try flow.send(.reveal, through: palaces)
        _ = try flow.send(.rate(4, elapsedMilliseconds: 90_000, responseMilliseconds: 500), through: palaces)
        #expect(world.ledger.events.map(\.time) == [LociFlowTests.now])
    }

    @Test("reverse typing: enter with nothing typed asks for the number; a digit can be taken back; seven at most")
    func typing() {
        var flow = World().flow(.reverse)
        _ = flow.handle(.check)
        #expect(flow.notice == .numberMissing && flow.step == .typing)
        for digit in [1, 2, 3, 4, 5, 6, 7, 8] { _ = flow.handle(.digit(digit)) }
        #expect(flow.typed == "1234567")
        #expect(flow.notice == nil)
        _ = flow.handle(.deleteDigit)
        #expect(flow.typed == "123456")
        #expect(flow.handle(.reveal).isEmpty && flow.step == .typing, "reverse has no reveal")
    }

    @Test("rating the last location finishes the walk: done, every location rated, the next due one named")
    func finishes() throws {
        let world = World()
        let palaces = world.palaces
        var flow = world.flow(.review)
        var last: [LociFlow.Effect] = []
        for quality in [5, 4, 3] {
            _ = try flow.send(.reveal, through: palaces)
            _ = try flow.send(.reveal, through: palaces)
            last = try flow.send(.rate(quality, elapsedMilliseconds: 0, responseMilliseconds: 0), through: palaces)
        }
        guard last.count == 1, case .finish = last[0] else {
            Issue.record("expected finish, got \(last)")
            return
        }
        #expect(flow.isFinished && flow.stop == nil && flow.ended)
        #expect(
            flow.summary
                == .init(
                    mode: .review, walkName: "Home walk", count: 3, rated: 3, right: 0, stopped: false,
                    nextDue: Self.now.addingTimeInterval(86400)))
        #expect(world.lines.map { $0["sequence"] } == ["1", "2", "3"])
    }

    @Test("due locations come first in review and reverse, and the header's state is the replayed one")
    func dueFirst() throws {
        let world = World()
        let earlier = Self.now.addingTimeInterval(-3 * 86400)
        try world.ledger.append(
            LociStates(ratings: []).rating(Self.walk.stops[2], of: Self.walk, mode: .review, quality: 4, at: earlier))
        var flow = world.flow(.reverse)
        #expect(world.flow(.review).order.map(\.sequence) == [3, 1, 2])
        #expect(flow.order.first?.sequence == 3, "reverse asks the due location first too; the others shuffled")
        #expect(flow.order.map(\.sequence).sorted() == [1, 2, 3])
        #expect(flow.states.state("k3").repetitions == 1)
        #expect(world.flow(.learn).order.map(\.sequence) == [1, 2, 3], "learn keeps walking order")
        _ = flow.handle(.digit(3))
        _ = flow.handle(.check)
        #expect(flow.outcome(quality: 5)?.interval == 6, "a second success: six days")
    }
}
