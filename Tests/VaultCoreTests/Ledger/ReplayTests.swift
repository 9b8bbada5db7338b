import Foundation
import Testing

@testable import VaultCore

@Suite("Replay")
struct ReplayTests {
    typealias F = CurationFixture

    func fixture() -> CurationFixture {
        var f = CurationFixture()
        for day in 10...22 { f.note("n\(day)", created: "2026-11-\(day)T10:00:00") }
        let decisions: [CurationDecision] = [.keep, .archive, .keep, .undo, .keep]
        for (i, day) in (10...22).enumerated() {
            let period = ReviewPeriod(level: .weekly, containing: F.moment("2026-11-\(day)T10:00:00"), in: F.zone).id
            f.decide(
                "n\(day)", decisions[i % 5], .weekly, period, at: "2026-11-22T10:00:00", device: i % 2 == 0 ? "A" : "B")
            f.decide(
                "n\(day)", decisions[(i + 1) % 5], .weekly, period, at: "2026-11-22T10:00:00",
                device: i % 3 == 0 ? "A" : "B")
        }
        f.finish(.weekly, "2026-W47", at: "2026-11-22T10:00:00", device: "B")
        return f
    }

    func summary(_ board: CurationBoard) -> [String] {
        board.items.map { "\($0.note.id!):\($0.cycle.name):\($0.archived)" }
            + ["W46", "W47"].map { "\($0):\(board.review(F.week("2026-\($0)")).status.rawValue)" }
    }

    @Test("shuffled and duplicated lines replay to the identical state")
    func shuffledAndDuplicated() {
        let f = fixture()
        let reference = summary(f.board)
        let lines = f.events.map(LedgerLine.format)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var shuffled = (lines + lines.prefix(Int.random(in: 0...lines.count, using: &generator))).shuffled(
                using: &generator)
            shuffled.shuffle(using: &generator)
            let events = shuffled.map { try! LedgerLine.parse($0).get() }
            let history = LedgerHistory(events)
            #expect(history.events.count == lines.count)
            let board = CurationBoard(notes: f.notes.map(\.summary), state: CurationState(history), timeZone: F.zone)
            #expect(summary(board) == reference)
        }
        #expect(reference.contains { $0.hasSuffix(":weekly:false") })
        #expect(reference.contains { $0.hasSuffix(":true") })
    }

    @Test("history is ordered by time, device, sequence")
    func order() {
        let t = F.moment("2026-11-22T10:00:00")
        let e = { (d: String, s: Int, dt: Double) in
            LedgerEvent(time: t.addingTimeInterval(dt), device: d, sequence: s, kind: "x", fields: [])
        }
        let history = LedgerHistory([e("B", 1, 0), e("A", 2, 0), e("A", 1, 5), e("A", 1, 5)])
        #expect(history.events.map { "\($0.device)\($0.sequence)" } == ["A2", "B1", "A1"])
        #expect(history.maxSequence(of: "A") == 2)
    }

    @Test("two different lines claiming one identity are both kept, in the same order on every machine, and reported")
    func clashingIdentity() {
        let t = F.moment("2026-11-22T10:00:00")
        let a = LedgerEvent(time: t, device: "A", sequence: 1, kind: "x", fields: [("v", "1")])
        let b = LedgerEvent(time: t, device: "A", sequence: 1, kind: "x", fields: [("v", "2")])
        let one = LedgerHistory([a, b])
        let two = LedgerHistory([b, a])
        #expect(one.events.count == 2)
        #expect(one.events == two.events)
        #expect(one.clashingIdentities == [LedgerEvent.Identity(device: "A", sequence: 1)])
        #expect(LedgerHistory([a, b, a]).events.count == 2, "an exact duplicate is still one event")
    }
}
