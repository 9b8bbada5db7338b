import Foundation
import Testing

@testable import VaultCore

@Suite("Card histories in one array")
struct CardHistoriesTests {
    typealias Event = CardScheduleReplay.CardEvent

    /// Every kind of event, each field at an edge: what is stored reads back.
    static let edges: [Event] = [
        .answer(time: Date(timeIntervalSince1970: 1_795_000_000.125), answer: .fsrs(.again), responseMilliseconds: nil),
        .answer(time: .distantPast, answer: .fsrs(.easy), responseMilliseconds: 0),
        .answer(time: .distantFuture, answer: .quality(0), responseMilliseconds: 86_400_000),
        .answer(time: Date(timeIntervalSinceReferenceDate: -0.5), answer: .quality(5), responseMilliseconds: 1),
        .answer(time: Date(timeIntervalSinceReferenceDate: 0), answer: .correct, responseMilliseconds: 1_234),
        .answer(time: Date(timeIntervalSinceReferenceDate: 1), answer: .wrong, responseMilliseconds: nil),
        .tier(time: Date(timeIntervalSinceReferenceDate: 2), tier: .learning),
        .tier(time: Date(timeIntervalSinceReferenceDate: 3), tier: .inactive),
        .forget(time: Date(timeIntervalSinceReferenceDate: 4)),
        .dueSet(time: Date(timeIntervalSinceReferenceDate: 5), due: Date(timeIntervalSince1970: 1_795_000_000.999)),
        .dueSet(time: Date(timeIntervalSinceReferenceDate: 6), due: .distantPast),
    ]

    @Test("an event takes 24 bytes and reads back as given, each kind and field at its edges")
    func roundTrip() {
        #expect(MemoryLayout<CardHistories.Packed>.stride == 24, "an array per slot took 48 bytes and 40 an event")
        let histories = CardHistories([Self.edges, [], Self.edges.reversed()])
        #expect(histories.count == 3)
        #expect(histories[0] == Self.edges)
        #expect(histories[1] == [])
        #expect(histories[2] == Self.edges.reversed())
        #expect(Array(histories) == [Self.edges, [], Self.edges.reversed()])
    }

    /// A random event of any kind.
    static func event(_ random: inout SplitMix64) -> Event {
        let time = Date(timeIntervalSinceReferenceDate: Double(random.next() % 1_000_000))
        switch random.next() % 4 {
        case 0:
            let answers: [ReviewAnswer] = [.fsrs(.hard), .quality(3), .correct, .wrong]
            let milliseconds: Int? = random.next() % 2 == 0 ? nil : Int(random.next() % 100_000)
            return .answer(time: time, answer: answers[Int(random.next() % 4)], responseMilliseconds: milliseconds)
        case 1: return .tier(time: time, tier: StudyTier.allCases[Int(random.next() % 4)])
        case 2: return .forget(time: time)
        default: return .dueSet(time: time, due: time.addingTimeInterval(86_400))
        }
    }

    @Test("appends to any slot, removals and compaction keep every history as an array of arrays would")
    func asArrays() {
        var random = SplitMix64(seed: 47)
        var model: [[Event]] = []
        var histories = CardHistories()
        for step in 0..<20_000 {
            let roll = random.next() % 100
            if model.isEmpty || roll < 5 {
                let first = random.next() % 3 == 0 ? [Self.event(&random)] : []
                model.append(first)
                histories.add(first)
            } else if roll < 90 {
                // Mostly the few busiest slots, as a ledger's answers are; any slot sometimes.
                let busiest = UInt64(roll < 60 ? min(model.count, 8) : model.count)
                let slot = Int(random.next() % busiest)
                let event = Self.event(&random)
                model[slot].append(event)
                histories.append(event, to: slot)
            } else if roll < 98 {
                let slot = Int(random.next() % UInt64(model.count))
                guard !model[slot].isEmpty else { continue }
                let index = Int(random.next() % UInt64(model[slot].count))
                model[slot].remove(at: index)
                histories.remove(at: index, from: slot)
            } else {
                histories = histories.compacted()
            }
            if step % 997 == 0 {
                #expect(Array(histories) == model, "step \(step)")
            }
        }
        #expect(Array(histories) == model)
        #expect(histories == CardHistories(model), "equal by their events, not by how they are laid out")
        #expect(histories.compacted() == histories)
        var other = CardHistories(model)
        other.append(Self.edges[0], to: 0)
        #expect(other != histories)
    }

    @Test("a log built from events keeps its histories in one array, and an answer undone leaves it")
    func inTheLog() {
        let answered = card("What is a span?")
        let rate = { (day: Double, rating: FSRSRating) -> LedgerEvent in
            RatingEvent.answering(
                answered, with: .fsrs(rating), at: Date(timeIntervalSince1970: day * 86_400), responseMilliseconds: 900,
                schedule: .init(settings: .defaults(.fsrs))
            ).event.ledgerEvent(device: "d", sequence: Int(day))
        }
        var log = CardEventLog(events: [rate(1, .good), rate(2, .again), rate(3, .easy)])
        #expect(log.histories[0].count == 3)
        let undo = AnswerUndo(
            time: Date(timeIntervalSince1970: 2 * 86_400 + 60), card: answered.id, note: "n1", cram: false,
            answered: Date(timeIntervalSince1970: 2 * 86_400))
        log.apply(undo.ledgerEvent(device: "d", sequence: 10))
        #expect(log.histories[0].map(\.time) == [1.0, 3].map { Date(timeIntervalSince1970: $0 * 86_400) })
    }
}
