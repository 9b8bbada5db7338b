import Foundation
import Testing

@testable import VaultCore

/// Extending a replay event by event must give what replaying everything gives.
@Suite("Ledger replay, extended")
struct LedgerReplayTests {
    let zone = TimeZone(identifier: "America/New_York")!

    /// Curation, finish and rate events by three devices over three weeks, in replay order.
    func history() -> LedgerHistory {
        var events: [LedgerEvent] = []
        let start = VaultDate.parse("2026-11-01T09:00:00Z", in: TimeZone(identifier: "UTC")!)!
        let devices = ["aaa", "bbb", "ccc"]
        for i in 0..<300 {
            let device = devices[i % 3]
            let time = start.addingTimeInterval(Double(i) * 5_000)
            let fields: [(key: String, value: String)]
            let kind: String
            switch i % 5 {
            case 0, 1:
                kind = "curate"
                fields = [
                    ("note", "N\(i % 17)"), ("level", "weekly"), ("period", "2026-W4\(5 + i % 3)"),
                    ("decision", ["keep", "archive", "undo"][i % 3]),
                ]
            case 2:
                kind = "finish"
                fields = [("level", "monthly"), ("period", "2026-11")]
            default:
                kind = "rate"
                fields = [("card", "c\(i % 7)"), ("rating", "good")]
            }
            events.append(LedgerEvent(time: time, device: device, sequence: i / 3 + 1, kind: kind, fields: fields))
        }
        return LedgerHistory(events.shuffled())
    }

    @Test("a replay extended event by event equals the full replay, at every split")
    func extendedEqualsFull() {
        let history = history()
        let full = LedgerReplay(history, timeZone: zone)
        for split in stride(from: 0, through: history.events.count, by: 37) {
            var replay = LedgerReplay(LedgerHistory(Array(history.events.prefix(split))), timeZone: zone)
            for event in history.events.dropFirst(split) {
                #expect(replay.follows(event))
                replay.append(event)
            }
            #expect(replay.eventCount == full.eventCount)
            #expect(replay.position == full.position)
            #expect(replay.sequences == full.sequences)
            #expect(replay.activity.firstEvent == full.activity.firstEvent)
            #expect(replay.curation.decisions == full.curation.decisions)
            #expect(replay.curation.finished == full.curation.finished)
            #expect(replay.curation.conflicts == full.curation.conflicts)
        }
    }

    @Test("an earlier event, a repeated identity or a used sequence does not follow")
    func follows() {
        let history = history()
        let replay = LedgerReplay(history, timeZone: zone)
        let last = history.events.last!
        var earlier = last
        earlier.time = last.time.addingTimeInterval(-1)
        earlier.sequence = 10_000
        #expect(!replay.follows(earlier))
        #expect(!replay.follows(last))
        var reused = last
        reused.time = last.time.addingTimeInterval(60)
        #expect(!replay.follows(reused))
        var next = reused
        next.sequence = replay.maxSequence(of: last.device) + 1
        #expect(replay.follows(next))
        var newDevice = reused
        newDevice.device = "zzz"
        newDevice.sequence = 1
        #expect(replay.follows(newDevice))
    }
}

@Suite("Curation state storage")
struct CurationStateStorageTests {
    @Test("interleaved decisions on many notes and periods are each found, whatever order they came in")
    func interleaved() {
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let periods = ["2026-W45", "2026-W46", "2026-W47"].map { ReviewPeriod($0, level: .weekly)! }
        var expected: [CurationState.Key: CurationDecision] = [:]
        var events: [LedgerEvent] = []
        var sequence = 0
        for round in 0..<3 {
            for note in ["B", "a", "C", "d"] {
                for (p, period) in periods.enumerated() where (p + round) % 2 == 0 || note == "a" {
                    sequence += 1
                    let decision: CurationDecision = [.keep, .archive][(sequence + p) % 2]
                    events.append(
                        LedgerEvent(
                            time: time.addingTimeInterval(Double(sequence)), device: "dev", sequence: sequence,
                            kind: "curate",
                            fields: [
                                ("note", note), ("level", "weekly"), ("period", period.id),
                                ("decision", decision.rawValue),
                            ]
                        ))
                    expected[CurationState.Key(note: note.lowercased(), period: period)] = decision
                }
            }
        }
        let state = CurationState(events: events)
        #expect(state.noteCount == 4)
        #expect(state.entries.count == expected.count)
        for (key, decision) in expected {
            #expect(state.decision(note: key.note.uppercased(), period: key.period)?.decision == decision)
        }
        #expect(state.decisions.mapValues(\.decision) == expected)
        #expect(state.decision(note: "a", period: ReviewPeriod("2026-W48", level: .weekly)!) == nil)
    }
}
