import Foundation
import Testing

@testable import VaultCore

/// The curation state's packed slots: devices as numbers, the decision in
/// force as which device's event it is, other devices in a side table.
@Suite("Packed curation slots")
struct PackedSlotTests {
    typealias F = CurationFixture
    typealias Decided = CurationState.Decided
    let week = F.week("2026-W46")

    /// An entry as comparable values: the decision in force, the first device's event, the others'.
    static func parts(_ entry: CurationState.Entry) -> [Decided?] {
        [entry.current, entry.firstDevice] + entry.otherDevices.map { $0 }
    }

    static func parts(_ state: CurationState) -> [CurationState.Key: [Decided?]] {
        state.entries.mapValues(parts)
    }

    func state(_ build: (inout CurationFixture) -> Void) -> CurationState {
        var f = F()
        build(&f)
        return CurationState(events: f.events)
    }

    @Test("a slot takes 32 bytes")
    func size() {
        #expect(MemoryLayout<PackedSlot>.stride == 32)
    }

    @Test("devices are numbered in order of first use and named again on access")
    func deviceTable() {
        let s = state { f in
            f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
            f.decide("n2", .archive, .weekly, "2026-W46", at: "2026-11-15T10:01:00", device: "phone")
            f.decide("n3", .keep, .weekly, "2026-W46", at: "2026-11-15T10:02:00", device: "laptop")
            f.decide("n4", .keep, .monthly, "2026-11", at: "2026-12-01T10:00:00", device: "tablet")
        }
        #expect(s.devices == ["laptop", "phone", "tablet"])
        #expect(s.decision(note: "n1", period: week)?.device == "laptop")
        #expect(s.decision(note: "n2", period: week)?.device == "phone")
        #expect(s.decision(note: "n3", period: week)?.device == "laptop")
        #expect(s.decision(note: "n4", period: F.month("2026-11"))?.device == "tablet")
        #expect(s.decision(note: "n4", period: F.month("2026-11"))?.sequence == 1)
        #expect(s.otherDevices.isEmpty)
    }

    @Test("an undo leaves no decision in force, on the device that decided or another")
    func undo() {
        let s = state { f in
            f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
            f.decide("n1", .undo, .weekly, "2026-W46", at: "2026-11-15T10:01:00", device: "laptop")
            f.decide("n2", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
            f.decide("n2", .undo, .weekly, "2026-W46", at: "2026-11-15T10:01:00", device: "phone")
        }
        #expect(s.decision(note: "n1", period: week) == nil)
        #expect(s.decision(note: "n2", period: week) == nil)
        #expect(s.decisions.isEmpty)
        let n2 = s.slots(of: NoteKey(id: "n2")).first!.entry
        #expect(n2.current == nil)
        #expect(n2.firstDevice?.decision == .keep)
        #expect(n2.otherDevices.map(\.device) == ["phone"])
        #expect(n2.otherDevices.map(\.decision) == [.undo])
        #expect(s.conflicts.count == 1)  // keep against undo: the devices disagree
    }

    @Test("two devices deciding differently are a conflict, the later in force; agreeing, none")
    func twoDevices() {
        let s = state { f in
            f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
            f.decide("n1", .archive, .weekly, "2026-W46", at: "2026-11-15T11:00:00", device: "phone")
            f.decide("n2", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
            f.decide("n2", .keep, .weekly, "2026-W46", at: "2026-11-15T11:00:00", device: "phone")
        }
        #expect(s.decision(note: "n1", period: week)?.decision == .archive)
        #expect(s.decision(note: "n1", period: week)?.device == "phone")
        #expect(s.decision(note: "n2", period: week)?.device == "phone")
        #expect(s.conflicts.map(\.note) == ["n1"])
        #expect(s.conflicts.first?.decisions.map(\.device) == ["laptop", "phone"])
        #expect(s.otherDevices.count == 2)
    }

    @Test("a third device joins the side table; the decision in force follows whoever decided last")
    func thirdDevice() throws {
        var f = F()
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
        f.decide("n1", .archive, .weekly, "2026-W46", at: "2026-11-15T11:00:00", device: "phone")
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T12:00:00", device: "tablet")
        var s = CurationState(events: f.events)
        #expect(s.decision(note: "n1", period: week)?.device == "tablet")
        f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T13:00:00", device: "phone")
        s = CurationState(events: f.events)
        let entry = s.slots(of: NoteKey(id: "n1")).first!.entry
        #expect(entry.current?.device == "phone")
        #expect(entry.current?.sequence == 2)
        #expect(entry.firstDevice?.device == "laptop")
        #expect(entry.otherDevices.map(\.device) == ["phone", "tablet"])
        #expect(s.conflicts.isEmpty)  // all three now say keep
        f.decide("n1", .archive, .weekly, "2026-W46", at: "2026-11-15T14:00:00", device: "laptop")
        s = CurationState(events: f.events)
        #expect(s.decision(note: "n1", period: week)?.device == "laptop")
        #expect(s.decision(note: "n1", period: week)?.decision == .archive)
        let conflict = try #require(s.conflicts.first)
        #expect(conflict.decisions.map(\.device) == ["tablet", "phone", "laptop"])  // by time
        #expect(s.otherDevices.count == 1)
    }

    /// What the state did before it packed its slots: an entry per note and
    /// period, each device's last event kept in full.
    struct ReferenceModel {
        var entries: [CurationState.Key: CurationState.Entry] = [:]

        mutating func record(_ decided: Decided, note: String, period: ReviewPeriod) {
            var entry = entries[CurationState.Key(note: note, period: period)] ?? CurationState.Entry()
            entry.current = decided.decision == .undo ? nil : decided
            if entry.firstDevice == nil || entry.firstDevice!.device == decided.device {
                entry.firstDevice = decided
            } else if let i = entry.otherDevices.firstIndex(where: { $0.device == decided.device }) {
                entry.otherDevices[i] = decided
            } else {
                entry.otherDevices.append(decided)
            }
            entries[CurationState.Key(note: note, period: period)] = entry
        }
    }

    @Test("random events on few notes, periods and devices give what keeping every event in full gives")
    func matchesReference() {
        var random = SplitMix(seed: 29)
        let periods = [F.week("2026-W46"), F.week("2026-W47"), F.month("2026-11"), F.year("2026")]
        let devices = ["laptop", "phone", "tablet", "desk"]
        for round in 0..<20 {
            var model = ReferenceModel()
            var events: [LedgerEvent] = []
            for n in 0..<300 {
                let note = "note-\(random.next(12))"
                let period = periods[random.next(4)]
                let device = devices[random.next(1 + round % 4)]
                let decision = CurationDecision.allCases[random.next(3)]
                let time = Date(timeIntervalSince1970: 1_800_000_000 + Double(n))
                events.append(
                    LedgerEvent(
                        time: time, device: device, sequence: n + 1, kind: "curate",
                        fields: [
                            ("note", note), ("level", period.level.rawValue), ("period", period.id),
                            ("decision", decision.rawValue),
                        ]))
                model.record(
                    Decided(decision: decision, time: time, device: device, sequence: n + 1), note: note, period: period
                )
            }
            let state = CurationState(events: events)
            #expect(Self.parts(state) == model.entries.mapValues(Self.parts), "round \(round)")
            #expect(state.decisions == model.entries.compactMapValues(\.current), "round \(round)")
            for (key, entry) in model.entries {
                #expect(state.decision(note: key.note, period: key.period) == entry.current)
            }
        }
    }

    /// Three devices, an undo, a conflict: every case a slot can be in.
    var mixed: CurationState {
        state { f in
            f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
            f.decide("n1", .archive, .weekly, "2026-W46", at: "2026-11-15T11:00:00", device: "phone")
            f.decide("n1", .keep, .weekly, "2026-W46", at: "2026-11-15T12:00:00", device: "tablet")
            f.decide("n1", .keep, .monthly, "2026-11", at: "2026-12-01T10:00:00", device: "phone")
            f.decide("n2", .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "laptop")
            f.decide("n2", .undo, .weekly, "2026-W46", at: "2026-11-15T10:01:00", device: "laptop")
            f.decide("n3", .archive, .weekly, "2026-W46", at: "2026-11-15T10:00:00", device: "phone")
            f.decide("n3", .keep, .weekly, "2026-W46", at: "2026-11-15T10:05:00", device: "tablet")
            f.decide("n3", .archive, .weekly, "2026-W46", at: "2026-11-15T10:09:00", device: "phone")
        }
    }

    /// The packed parts of `state`, as the replay cache takes them.
    static func packedParts(_ state: CurationState) -> (notes: [NoteKey], counts: [Int], slots: [PackedSlot]) {
        var parts: (notes: [NoteKey], counts: [Int], slots: [PackedSlot]) = ([], [], [])
        state.forEachPackedNote { note, slots in
            parts.notes.append(note)
            parts.counts.append(slots.count)
            parts.slots += slots
        }
        return parts
    }

    @Test("a state rebuilt from its slots or from its packed parts is the same state")
    func rebuild() throws {
        let state = mixed
        var notes: [NoteKey] = []
        var counts: [Int] = []
        var slots: [CurationState.Slot] = []
        state.forEachNote { note, run in
            notes.append(note)
            counts.append(run.count)
            slots += run
        }
        let fromSlots = CurationState(notes: notes, counts: counts, slots: slots, finished: [:], unreadable: [])
        #expect(Self.parts(fromSlots) == Self.parts(state))
        #expect(fromSlots.conflicts == state.conflicts)

        let packed = Self.packedParts(state)
        let fromPacked = try #require(
            CurationState(
                notes: packed.notes, counts: packed.counts, slots: packed.slots, devices: state.devices,
                otherDevices: state.otherDevices, finished: [:], unreadable: []))
        #expect(Self.parts(fromPacked) == Self.parts(state))
        #expect(fromPacked.conflicts == state.conflicts)
        #expect(fromPacked.devices == ["laptop", "phone", "tablet"])
    }

    @Test("packed parts that do not fit together are refused")
    func refused() {
        let state = mixed
        let good = Self.packedParts(state)
        func build(
            counts: [Int]? = nil, slots: [PackedSlot]? = nil, devices: [String]? = nil,
            otherDevices: [PackedSlot.OtherDevices]? = nil
        ) -> CurationState? {
            CurationState(
                notes: good.notes, counts: counts ?? good.counts, slots: slots ?? good.slots,
                devices: devices ?? state.devices, otherDevices: otherDevices ?? state.otherDevices, finished: [:],
                unreadable: [])
        }
        #expect(build() != nil)
        #expect(build(counts: good.counts.dropLast() + [good.counts.last! + 1]) == nil)
        #expect(build(devices: ["laptop", "phone"]) == nil)  // "tablet" is device 2
        #expect(build(devices: ["laptop", "phone", "laptop"]) == nil)
        var slots = good.slots
        slots[0].first.device = 7
        #expect(build(slots: slots) == nil)
        slots = good.slots
        slots[1].others = slots[0].others  // two slots sharing one side-table entry
        #expect(build(slots: slots) == nil)
        slots = good.slots
        slots[2].current = .otherDevice  // n2's week: one device, so no other device's event
        #expect(build(slots: slots) == nil)
        var sideTable = state.otherDevices
        sideTable[0].current = 5
        #expect(build(otherDevices: sideTable) == nil)
    }
}
