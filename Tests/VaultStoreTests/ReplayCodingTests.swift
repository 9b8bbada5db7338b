import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// The curation state's binary form in the replay cache, with the cases the
/// one-device cache tests do not reach: several devices, a decision in force
/// from a device after the first, an undo.
@Suite("Replay coding of the curation state")
struct ReplayCodingTests {
    let start = Date(timeIntervalSince1970: 1_794_000_000)

    /// A curate event `minutes` after ``start``.
    func curate(
        _ note: String, _ decision: CurationDecision, _ period: String, device: String, sequence: Int, minutes: Int
    ) -> LedgerEvent {
        LedgerEvent(
            time: start.addingTimeInterval(Double(minutes) * 60), device: device, sequence: sequence, kind: "curate",
            fields: [("note", note), ("level", "weekly"), ("period", period), ("decision", decision.rawValue)])
    }

    var events: [LedgerEvent] {
        [
            curate("n1", .keep, "2026-W46", device: "laptop", sequence: 1, minutes: 0),
            curate("n1", .archive, "2026-W46", device: "phone", sequence: 1, minutes: 1),
            curate("n1", .keep, "2026-W46", device: "tablet", sequence: 1, minutes: 2),
            curate("n2", .keep, "2026-W46", device: "laptop", sequence: 2, minutes: 3),
            curate("n2", .undo, "2026-W46", device: "phone", sequence: 2, minutes: 4),
            curate(
                "3F9A0C12-D4E5-4B8B-9A55-3C2F4F0B6D11", .archive, "2026-W47", device: "phone", sequence: 3, minutes: 5),
            curate("n1", .keep, "2026-W47", device: "laptop", sequence: 3, minutes: 6),
            LedgerEvent(
                time: start.addingTimeInterval(420), device: "laptop", sequence: 4, kind: "finish",
                fields: [("level", "weekly"), ("period", "2026-W46")]),
            LedgerEvent(
                time: start.addingTimeInterval(480), device: "laptop", sequence: 5, kind: "curate",
                fields: [("note", "n9"), ("level", "weekly"), ("period", "2026-W99"), ("decision", "keep")]),
        ]
    }

    func encoded(_ state: CurationState) -> [UInt8] {
        var w = CacheWriter(capacity: 256)
        ReplayCoding.encode(state, &w)
        return w.bytes
    }

    func decoded(_ bytes: [UInt8]) throws -> CurationState {
        try bytes.withUnsafeBytes { raw in
            var r = CacheReader(raw)
            let state = try ReplayCoding.decodeCuration(&r)
            guard r.isAtEnd else { throw CacheDamage() }
            return state
        }
    }

    /// Every entry as comparable values.
    func parts(_ state: CurationState) -> [CurationState.Key: [CurationState.Decided?]] {
        state.entries.mapValues { [$0.current, $0.firstDevice] + $0.otherDevices.map { $0 } }
    }

    @Test("a state with three devices, a conflict and an undo decodes to the same state, and replays on alike")
    func roundTrip() throws {
        let state = CurationState(events: events)
        var decoded = try decoded(encoded(state))
        #expect(parts(decoded) == parts(state))
        #expect(decoded.conflicts == state.conflicts)
        #expect(decoded.conflicts.count == 2)
        #expect(decoded.devices == state.devices)
        #expect(decoded.finished == state.finished)
        #expect(decoded.unreadable == state.unreadable)
        #expect(decoded.decision(note: "n1", period: ReviewPeriod("2026-W46", level: .weekly)!)?.device == "tablet")

        // Device numbers and the side table carry on where they were.
        let more = [
            curate("n1", .archive, "2026-W46", device: "desk", sequence: 1, minutes: 10),
            curate("n2", .keep, "2026-W46", device: "phone", sequence: 6, minutes: 11),
            curate("n5", .keep, "2026-W47", device: "tablet", sequence: 2, minutes: 12),
        ]
        var replayed = state
        for event in more {
            decoded.apply(event)
            replayed.apply(event)
        }
        #expect(parts(decoded) == parts(CurationState(events: events + more)))
        #expect(decoded.devices == ["laptop", "phone", "tablet", "desk"])
        #expect(decoded.conflicts == replayed.conflicts)
    }

    @Test("a device table too short for the device numbers is a damaged cache")
    func shortDeviceTable() throws {
        let state = CurationState(events: events)
        var table = CacheWriter(capacity: 64)
        ReplayCoding.encode(state.devices, &table)
        var shorter = CacheWriter(capacity: 64)
        ReplayCoding.encode(Array(state.devices.dropLast()), &shorter)
        let bytes = encoded(state)
        #expect(Array(bytes.prefix(table.bytes.count)) == table.bytes)
        #expect(throws: CacheDamage.self) {
            try decoded(shorter.bytes + bytes.dropFirst(table.bytes.count))
        }
    }
}
