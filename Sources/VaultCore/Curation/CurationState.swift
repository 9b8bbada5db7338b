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
    }

    /// A note in a period.
    public struct Key: Hashable, Sendable {
        public var note: String
        public var period: ReviewPeriod
    }

    /// Two or more devices whose last decisions on one note in one period differ.
    public struct Conflict: Hashable, Sendable {
        public var note: String
        public var period: ReviewPeriod
        /// Each device's last decision, ordered by time; the last one is in force.
        public var decisions: [Decided]
    }

    /// What the events say about one note in one period.
    struct Entry: Sendable {
        /// The decision in force (nil after an undo).
        var current: Decided?
        /// The first device's last event, kept inline: most notes are decided on one device.
        var firstDevice: Decided?
        /// Other devices' last events (empty, so unallocated, unless devices disagree).
        var otherDevices: [Decided] = []

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

    private var entries: [Key: Entry] = [:]
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
        for event in events {
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
                    continue
                }
                let key = Key(note: Self.lowercase(note), period: period)
                let decided = Decided(
                    decision: decision, time: event.time, device: event.device, sequence: event.sequence)
                entries[key, default: Entry()].record(decided)
            case Self.finishKind:
                guard let levelName = event["level"], let level = ReviewLevel(rawValue: levelName),
                    let periodID = event["period"], let period = ReviewPeriod(periodID, level: level)
                else {
                    unreadable.append(event)
                    continue
                }
                finished[period] = event.time
            default:
                continue
            }
        }
    }

    /// `id` in lowercase, without allocating when it already is (ids usually are).
    static func lowercase(_ id: String) -> String {
        id.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) || !id.utf8.allSatisfy({ $0 < 128 }) ? id.lowercased() : id
    }

    /// The decision in force for `note` (an id) in `period`.
    public func decision(note: String, period: ReviewPeriod) -> Decided? {
        entries[Key(note: note.lowercased(), period: period)]?.current
    }

    /// Calls `body` with every decision in force, in no particular order:
    /// the note (an id, lowercased), the period and the decision.
    func forEachDecision(_ body: (_ note: String, _ period: ReviewPeriod, _ decided: Decided) -> Void) {
        for (key, entry) in entries {
            if let current = entry.current { body(key.note, key.period, current) }
        }
    }

    /// Every decision in force.
    public var decisions: [Key: Decided] {
        entries.compactMapValues(\.current)
    }

    /// Notes and periods on which two devices' last decisions differ, sorted by period then note.
    public var conflicts: [Conflict] {
        var result: [Conflict] = []
        for (key, entry) in entries where !entry.otherDevices.isEmpty {
            let kinds = Set(entry.lastByDevice.map(\.decision))
            guard kinds.count > 1 else { continue }
            let ordered = entry.lastByDevice.sorted { ($0.time, $0.device) < ($1.time, $1.device) }
            result.append(Conflict(note: key.note, period: key.period, decisions: ordered))
        }
        return result.sorted { ($0.period, $0.note) < ($1.period, $1.note) }
    }

    /// Ids of every note the curation events name.
    public var notesNamed: Set<String> { Set(entries.keys.map(\.note)) }
}
