import Foundation

/// The curation decisions a ledger holds, replayed: who decided what about
/// which note in which period, which periods were finished, and where two
/// devices disagree.
///
/// Built only from events; which notes exist and which periods they belong
/// to is ``CurationBoard``'s business.
public struct CurationState: Sendable {
    /// One decision in force.
    public struct Decided: Hashable, Sendable {
        public var decision: CurationDecision
        public var time: Date
        public var device: String
        public var sequence: Int

        public init(decision: CurationDecision, time: Date, device: String, sequence: Int) {
            self.decision = decision
            self.time = time
            self.device = device
            self.sequence = sequence
        }
    }

    /// A note in a period.
    public struct Key: Hashable, Sendable {
        public var note: String
        public var period: ReviewPeriod

        public init(note: String, period: ReviewPeriod) {
            self.note = note
            self.period = period
        }
    }

    /// Two or more devices whose last decisions on one note in one period differ.
    public struct Conflict: Hashable, Sendable {
        public var note: String
        public var period: ReviewPeriod
        /// Each device's last decision, ordered by time; the last one is in force.
        public var decisions: [Decided]
    }

    /// What the events say about one note in one period.
    ///
    /// Built on access: the state keeps ``PackedSlot``s.
    public struct Entry: Sendable {
        /// The decision in force (nil after an undo).
        public var current: Decided?
        /// The first device's last event.
        public var firstDevice: Decided?
        /// Other devices' last events, in the order they first decided (empty unless devices disagree).
        public var otherDevices: [Decided] = []

        public init(current: Decided? = nil, firstDevice: Decided? = nil, otherDevices: [Decided] = []) {
            self.current = current
            self.firstDevice = firstDevice
            self.otherDevices = otherDevices
        }
    }

    /// One period's entry in a note's run.
    public struct Slot: Sendable {
        public var period: ReviewPeriod
        public var entry: Entry

        public init(period: ReviewPeriod, entry: Entry) {
            self.period = period
            self.entry = entry
        }
    }

    /// A note's run of slots, each unpacked into a ``Slot`` when read.
    public struct Slots: RandomAccessCollection, Sendable {
        let packed: ArraySlice<PackedSlot>
        let devices: [String]
        let sideTable: [PackedSlot.OtherDevices]

        public var startIndex: Int { packed.startIndex }
        public var endIndex: Int { packed.endIndex }

        public subscript(position: Int) -> Slot {
            let slot = packed[position]
            return Slot(period: slot.period.period, entry: slot.entry(devices: devices, sideTable: sideTable))
        }
    }

    /// Where a note's slots are in ``slots``.
    struct Run {
        var start: Int32
        var count: Int32
    }

    /// Note → its run of slots: one dictionary entry per note, not per note
    /// and period, so the board looks each note up once and the replay
    /// cache rebuilds 100,000 notes quickly.
    ///
    /// Kept as arrays in the order notes were first named, with a table
    /// from key to position (``NoteKeyTable``: no `Hasher` per look-up): ``forEachNote(_:)`` then reads the slots
    /// front to back (the replay cache lays runs out in that order), which
    /// matters when they fill megabytes.
    private var keys: [NoteKey] = []
    private var runs: [Run] = []
    private var positions = NoteKeyTable()
    /// The slots of every note, a run per note (a run that grows moves to the end).
    private var slots: [PackedSlot] = []
    /// The devices named by events, numbered in order of first use (a vault has a handful).
    package private(set) var devices: [String] = []
    private var deviceNumbers: [String: Int32] = [:]
    /// The events of devices after the first to decide one note in one period (rare).
    package private(set) var otherDevices: [PackedSlot.OtherDevices] = []
    /// The periods finished early (an explicit `finish`), with when.
    public private(set) var finished: [ReviewPeriod: Date] = [:]
    /// Curation events that named an unknown level or period, or lacked fields.
    public private(set) var unreadable: [LedgerEvent] = []

    /// Replays `history` (already in replay order).
    public init(_ history: LedgerHistory) {
        self.init(events: history.events)
    }

    /// Replays events that are already deduplicated and in replay order.
    public init(events: [LedgerEvent]) {
        for event in events { apply(event) }
    }

    /// A state rebuilt from its parts, as ``forEachNote(_:)`` gives them:
    /// `notes[i]` owns the next `counts[i]` slots.
    ///
    /// Each entry's `current` must be nil or one of its devices' events, as
    /// replaying events makes it, and each period's year must fit a
    /// ``PackedPeriod``; the replay cache, which reads untrusted bytes, uses
    /// the packed initializer instead, which checks its input.
    public init(
        notes: [NoteKey], counts: [Int], slots: [Slot], finished: [ReviewPeriod: Date], unreadable: [LedgerEvent]
    ) {
        self.init(notes: notes, counts: counts)
        self.slots.reserveCapacity(slots.count)
        for slot in slots {
            guard let period = PackedPeriod(slot.period) else {
                preconditionFailure("\(slot.period) does not fit a PackedPeriod")
            }
            let entry = slot.entry
            var packed = PackedSlot(period: period)
            if let first = entry.firstDevice { packed.first = event(first) }
            if !entry.otherDevices.isEmpty {
                packed.others = Int32(otherDevices.count)
                otherDevices.append(PackedSlot.OtherDevices(events: entry.otherDevices.map { event($0) }, current: 0))
            }
            if let current = entry.current {
                if current == entry.firstDevice {
                    packed.current = .firstDevice
                } else if let k = entry.otherDevices.firstIndex(of: current) {
                    packed.current = .otherDevice
                    otherDevices[Int(packed.others)].current = k
                } else {
                    preconditionFailure("a decision in force that is no device's last event: \(current)")
                }
            }
            self.slots.append(packed)
        }
        self.finished = finished
        self.unreadable = unreadable
    }

    /// A state rebuilt from its packed parts, as ``forEachPackedNote(_:)``,
    /// ``devices`` and ``otherDevices`` give them (the replay cache stores
    /// them): `notes[i]` owns the next `counts[i]` slots.
    ///
    /// Returns nil when the parts do not fit together: counts that do not
    /// add up to the slots, a note named twice, a device or side-table
    /// position out of range, a side-table entry shared by two slots, a
    /// decision in force that points at no event.
    package init?(
        notes: [NoteKey], counts: [Int], slots: [PackedSlot], devices: [String],
        otherDevices: [PackedSlot.OtherDevices], finished: [ReviewPeriod: Date], unreadable: [LedgerEvent]
    ) {
        guard notes.count == counts.count, counts.allSatisfy({ $0 >= 0 }), counts.reduce(0, +) == slots.count,
            slots.count <= Int32.max, devices.count <= Int32.max
        else { return nil }
        self.init(notes: notes, counts: counts)
        guard positions.count == notes.count else { return nil }
        for (n, device) in devices.enumerated() { deviceNumbers[device] = Int32(n) }
        guard deviceNumbers.count == devices.count else { return nil }
        let deviceRange = 0..<Int32(devices.count)
        for side in otherDevices {
            guard side.events.allSatisfy({ deviceRange.contains($0.device) }) else { return nil }
        }
        var used = [Bool](repeating: false, count: otherDevices.count)
        for slot in slots {
            guard slot.first.device == -1 || deviceRange.contains(slot.first.device) else { return nil }
            if slot.others >= 0 {
                guard slot.others < otherDevices.count, !used[Int(slot.others)] else { return nil }
                used[Int(slot.others)] = true
            } else {
                guard slot.others == -1 else { return nil }
            }
            switch slot.current {
            case .none: break
            case .firstDevice: guard slot.first.device >= 0 else { return nil }
            case .otherDevice:
                guard slot.others >= 0,
                    otherDevices[Int(slot.others)].events.indices.contains(otherDevices[Int(slot.others)].current)
                else { return nil }
            }
        }
        self.slots = slots
        self.devices = devices
        self.otherDevices = otherDevices
        self.finished = finished
        self.unreadable = unreadable
    }

    /// The notes and their runs, the slots left to fill.
    private init(notes: [NoteKey], counts: [Int]) {
        keys = notes
        runs.reserveCapacity(notes.count)
        positions = NoteKeyTable(capacity: notes.count)
        var start = 0
        for count in counts {
            positions.insert(runs.count, of: keys)
            runs.append(Run(start: Int32(start), count: Int32(count)))
            start += count
        }
    }

    /// Each note named with its slots.
    public func forEachNote(_ body: (NoteKey, Slots) -> Void) {
        for p in keys.indices { body(keys[p], slotsView(run: runs[p])) }
    }

    /// Each note named with its slots as stored: devices are positions in
    /// ``devices``, other devices' events are in ``otherDevices``.
    package func forEachPackedNote(_ body: (NoteKey, ArraySlice<PackedSlot>) -> Void) {
        for p in keys.indices { body(keys[p], slots[range(of: runs[p])]) }
    }

    /// The number of notes named.
    public var noteCount: Int { keys.count }

    /// Every note and period an event named, with what the events say.
    public var entries: [Key: Entry] {
        var result: [Key: Entry] = [:]
        forEachNote { note, slots in
            for slot in slots { result[Key(note: note.text, period: slot.period)] = slot.entry }
        }
        return result
    }

    /// The slots of `note`: its periods and what was decided in each.
    public func slots(of note: NoteKey) -> Slots {
        guard let p = positions.position(of: note, in: keys) else { return slotsView(run: Run(start: 0, count: 0)) }
        return slotsView(run: runs[p])
    }

    private func range(of run: Run) -> Range<Int> { Int(run.start)..<Int(run.start + run.count) }

    private func slotsView(run: Run) -> Slots {
        Slots(packed: slots[range(of: run)], devices: devices, sideTable: otherDevices)
    }

    // MARK: The board's fast path

    /// Where the slots of `note` are, for ``packedSlot(at:)``; empty when no event named it.
    func slotPositions(of note: NoteKey) -> Range<Int> {
        guard let p = positions.position(of: note, in: keys) else { return 0..<0 }
        return range(of: runs[p])
    }

    /// The slot at `position`, as stored.
    func packedSlot(at position: Int) -> PackedSlot { slots[position] }

    /// The event in force in `slot`, its device still a number (see ``decided(_:)``).
    func currentEvent(of slot: PackedSlot) -> PackedSlot.Event? {
        slot.current == .firstDevice ? slot.first : slot.currentEvent(sideTable: otherDevices)
    }

    /// `event` with its device named.
    func decided(_ event: PackedSlot.Event) -> Decided { event.decided(devices: devices) }

    /// The decision in force in the slot at `position`.
    private func current(at position: Int) -> Decided? {
        currentEvent(of: slots[position]).map(decided)
    }

    // MARK: Replaying

    /// The number of device `name`, numbering it when it is new.
    private mutating func deviceNumber(_ name: String) -> Int32 {
        // A vault has a handful of devices, with 12-character ids: comparing
        // a few such short strings costs less than hashing one (replay numbers a device per event).
        if devices.count <= 8, let n = devices.firstIndex(of: name) { return Int32(n) }
        if let n = deviceNumbers[name] { return n }
        let n = Int32(devices.count)
        devices.append(name)
        deviceNumbers[name] = n
        return n
    }

    /// `decided` with its device numbered.
    private mutating func event(_ decided: Decided) -> PackedSlot.Event {
        PackedSlot.Event(
            time: decided.time, sequence: decided.sequence, device: deviceNumber(decided.device),
            decision: decided.decision)
    }

    /// Records `event` for `note` in `period`.
    private mutating func record(_ event: PackedSlot.Event, note: NoteKey, period: PackedPeriod) {
        if let p = positions.position(of: note, in: keys) {
            let run = runs[p]
            let range = range(of: run)
            if let i = range.first(where: { slots[$0].period == period }) {
                slots[i].record(event, sideTable: &otherDevices)
                return
            }
            var slot = PackedSlot(period: period)
            slot.record(event, sideTable: &otherDevices)
            if range.upperBound == slots.count {
                slots.append(slot)  // the run is last: it grows in place
            } else {
                let moved = Array(slots[range])
                runs[p] = Run(start: Int32(slots.count), count: run.count + 1)
                slots += moved
                slots.append(slot)
                return
            }
            runs[p] = Run(start: run.start, count: run.count + 1)
        } else {
            var slot = PackedSlot(period: period)
            slot.record(event, sideTable: &otherDevices)
            keys.append(note)
            positions.insert(keys.count - 1, of: keys)
            runs.append(Run(start: Int32(slots.count), count: 1))
            slots.append(slot)
        }
    }

    /// Applies the next event in replay order (other kinds are ignored).
    public mutating func apply(_ event: LedgerEvent) {
        switch event.kind {
        case CurationEvent.kind:
            guard let curation = try? CurationEvent(event), let period = PackedPeriod(curation.period) else {
                unreadable.append(event)
                return
            }
            let packed = PackedSlot.Event(
                time: event.time, sequence: event.sequence, device: deviceNumber(event.device),
                decision: curation.decision)
            record(packed, note: NoteKey(id: curation.note), period: period)
        case FinishEvent.kind:
            guard let finish = try? FinishEvent(event) else {
                unreadable.append(event)
                return
            }
            finished[finish.period] = event.time
        default:
            return
        }
    }

    // MARK: Questions

    /// The decision in force for `note` (an id, any case) in `period`.
    public func decision(note: String, period: ReviewPeriod) -> Decided? {
        decision(note: NoteKey(id: note), period: period)
    }

    /// The decision in force for the note with key `key` in `period`, if any.
    public func decision(note key: NoteKey, period: ReviewPeriod) -> Decided? {
        guard let period = PackedPeriod(period) else { return nil }
        return slotPositions(of: key).first { slots[$0].period == period }.flatMap(current(at:))
    }

    /// Every decision in force.
    public var decisions: [Key: Decided] {
        var result: [Key: Decided] = [:]
        for p in keys.indices {
            for i in range(of: runs[p]) {
                guard let decided = current(at: i) else { continue }
                result[Key(note: keys[p].text, period: slots[i].period.period)] = decided
            }
        }
        return result
    }

    /// Notes and periods on which two devices' last decisions differ, sorted by period then note.
    public var conflicts: [Conflict] {
        var result: [Conflict] = []
        for p in keys.indices {
            for slot in slots[range(of: runs[p])] where slot.others >= 0 {
                let events = slot.lastByDevice(sideTable: otherDevices)
                guard Set(events.map(\.decision)).count > 1 else { continue }
                let ordered = events.map { $0.decided(devices: devices) }
                    .sorted { ($0.time, $0.device) < ($1.time, $1.device) }
                result.append(Conflict(note: keys[p].text, period: slot.period.period, decisions: ordered))
            }
        }
        return result.sorted { ($0.period, $0.note) < ($1.period, $1.note) }
    }

    /// Ids of every note the curation events name.
    public var notesNamed: Set<String> { Set(keys.map(\.text)) }
}
