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
    public struct Entry: Sendable {
        /// The decision in force (nil after an undo).
        public var current: Decided?
        /// The first device's last event, kept inline: most notes are decided on one device.
        public var firstDevice: Decided?
        /// Other devices' last events (empty, so unallocated, unless devices disagree).
        public var otherDevices: [Decided] = []

        public init(current: Decided? = nil, firstDevice: Decided? = nil, otherDevices: [Decided] = []) {
            self.current = current
            self.firstDevice = firstDevice
            self.otherDevices = otherDevices
        }

        /// Each device's last event.
        var lastByDevice: [Decided] { (firstDevice.map { [$0] } ?? []) + otherDevices }

        /// Applies one event (in replay order), in place.
        mutating func record(_ decided: Decided) {
            current = decided.decision == .undo ? nil : decided
            if firstDevice == nil || firstDevice!.device == decided.device {
                firstDevice = decided
            } else if let i = otherDevices.firstIndex(where: { $0.device == decided.device }) {
                otherDevices[i] = decided
            } else {
                otherDevices.append(decided)
            }
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

    /// Where a note's slots are in ``slots``.
    struct Run {
        var start: Int32
        var count: Int32
    }

    /// Note → its run of slots: one dictionary entry per note, not per note
    /// and period, so the board looks each note up once and the replay
    /// cache rebuilds 100,000 notes quickly.
    ///
    /// Kept as arrays in the order notes were first named, with a dictionary
    /// from key to position: ``forEachNote(_:)`` then reads the slots
    /// front to back (the replay cache lays runs out in that order), which
    /// matters when they fill tens of megabytes.
    private var keys: [NoteKey] = []
    private var runs: [Run] = []
    private var positions: [NoteKey: Int] = [:]
    /// The slots of every note, a run per note (a run that grows moves to the end).
    private var slots: [Slot] = []
    /// The periods finished early (an explicit `finish`), with when.
    public private(set) var finished: [ReviewPeriod: Date] = [:]
    /// Curation events that named an unknown level or period, or lacked fields.
    public private(set) var unreadable: [LedgerEvent] = []

    /// The kinds this state reads; others are left to other layers.
    public static let curateKind = "curate"
    public static let finishKind = "finish"

    /// Replays `history` (already in replay order).
    public init(_ history: LedgerHistory) {
        self.init(events: history.events)
    }

    /// Replays events that are already deduplicated and in replay order.
    public init(events: [LedgerEvent]) {
        for event in events { apply(event) }
    }

    /// A state rebuilt from its parts, as ``forEachNote(_:)`` gives them (the
    /// replay cache stores them): `notes[i]` owns the next `counts[i]` slots.
    public init(
        notes: [NoteKey], counts: [Int], slots: [Slot], finished: [ReviewPeriod: Date], unreadable: [LedgerEvent]
    ) {
        keys = notes
        runs.reserveCapacity(notes.count)
        positions.reserveCapacity(notes.count)
        var start = 0
        for (note, count) in zip(notes, counts) {
            positions[note] = runs.count
            runs.append(Run(start: Int32(start), count: Int32(count)))
            start += count
        }
        self.slots = slots
        self.finished = finished
        self.unreadable = unreadable
    }

    /// Each note named with its slots.
    public func forEachNote(_ body: (NoteKey, ArraySlice<Slot>) -> Void) {
        for p in keys.indices { body(keys[p], slots[Int(runs[p].start)..<Int(runs[p].start + runs[p].count)]) }
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
    public func slots(of note: NoteKey) -> ArraySlice<Slot> {
        guard let p = positions[note] else { return [] }
        let run = runs[p]
        return slots[Int(run.start)..<Int(run.start + run.count)]
    }

    /// Records `decided` for `note` in `period`.
    private mutating func record(_ decided: Decided, note: NoteKey, period: ReviewPeriod) {
        if let p = positions[note] {
            let run = runs[p]
            let range = Int(run.start)..<Int(run.start + run.count)
            if let i = range.first(where: { slots[$0].period == period }) {
                slots[i].entry.record(decided)
                return
            }
            var entry = Entry()
            entry.record(decided)
            if range.upperBound == slots.count {
                slots.append(Slot(period: period, entry: entry))  // the run is last: it grows in place
            } else {
                let moved = Array(slots[range])
                runs[p] = Run(start: Int32(slots.count), count: run.count + 1)
                slots += moved
                slots.append(Slot(period: period, entry: entry))
                return
            }
            runs[p] = Run(start: run.start, count: run.count + 1)
        } else {
            var entry = Entry()
            entry.record(decided)
            positions[note] = keys.count
            keys.append(note)
            runs.append(Run(start: Int32(slots.count), count: 1))
            slots.append(Slot(period: period, entry: entry))
        }
    }

    /// Applies the next event in replay order (other kinds are ignored).
    public mutating func apply(_ event: LedgerEvent) {
        switch event.kind {
        case Self.curateKind:
            // One pass over the fields rather than four look-ups: replay reads millions.
            var note: String?
            var levelName: String?
            var periodID: String?
            var decisionName: String?
            for field in event.fields {
                switch field.key {
                case "note": note = field.value
                case "level": levelName = field.value
                case "period": periodID = field.value
                case "decision": decisionName = field.value
                default: break
                }
            }
            guard let note, !note.isEmpty, let levelName, let level = ReviewLevel(rawValue: levelName),
                let periodID, let period = ReviewPeriod(periodID, level: level), let decisionName,
                let decision = CurationDecision(rawValue: decisionName)
            else {
                unreadable.append(event)
                return
            }
            let decided = Decided(
                decision: decision, time: event.time, device: event.device, sequence: event.sequence)
            record(decided, note: NoteKey(id: note), period: period)
        case Self.finishKind:
            guard let levelName = event["level"], let level = ReviewLevel(rawValue: levelName),
                let periodID = event["period"], let period = ReviewPeriod(periodID, level: level)
            else {
                unreadable.append(event)
                return
            }
            finished[period] = event.time
        default:
            return
        }
    }

    /// The decision in force for `note` (an id, any case) in `period`.
    public func decision(note: String, period: ReviewPeriod) -> Decided? {
        slots(of: NoteKey(id: note)).first { $0.period == period }?.entry.current
    }

    /// Every decision in force.
    public var decisions: [Key: Decided] {
        entries.compactMapValues(\.current)
    }

    /// Notes and periods on which two devices' last decisions differ, sorted by period then note.
    public var conflicts: [Conflict] {
        var result: [Conflict] = []
        forEachNote { note, slots in
            for slot in slots where !slot.entry.otherDevices.isEmpty {
                let kinds = Set(slot.entry.lastByDevice.map(\.decision))
                guard kinds.count > 1 else { continue }
                let ordered = slot.entry.lastByDevice.sorted { ($0.time, $0.device) < ($1.time, $1.device) }
                result.append(Conflict(note: note.text, period: slot.period, decisions: ordered))
            }
        }
        return result.sorted { ($0.period, $0.note) < ($1.period, $1.note) }
    }

    /// Ids of every note the curation events name.
    public var notesNamed: Set<String> { Set(keys.map(\.text)) }
}
