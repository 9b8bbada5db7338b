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
        /// Each device's last event, usually just one.
        var lastByDevice: [Decided]
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
                guard let note = event["note"], !note.isEmpty, let levelName = event["level"],
                    let level = ReviewLevel(rawValue: levelName), let periodID = event["period"],
                    let period = ReviewPeriod(periodID, level: level), let raw = event["decision"],
                    let decision = CurationDecision(rawValue: raw)
                else {
                    unreadable.append(event)
                    continue
                }
                let key = Key(note: note.lowercased(), period: period)
                let decided = Decided(decision: decision, time: event.time, device: event.device, sequence: event.sequence)
                let current = decision == .undo ? nil : decided
                if var entry = entries[key] {
                    entry.current = current
                    if let i = entry.lastByDevice.firstIndex(where: { $0.device == event.device }) {
                        entry.lastByDevice[i] = decided
                    } else {
                        entry.lastByDevice.append(decided)
                    }
                    entries[key] = entry
                } else {
                    entries[key] = Entry(current: current, lastByDevice: [decided])
                }
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

    /// The decision in force for `note` (an id) in `period`.
    public func decision(note: String, period: ReviewPeriod) -> Decided? {
        entries[Key(note: note.lowercased(), period: period)]?.current
    }

    /// The decision in force for `note` (an id already lowercased) in `period`.
    func decision(lowercasedNote note: String, period: ReviewPeriod) -> Decided? {
        entries[Key(note: note, period: period)]?.current
    }

    /// Every decision in force.
    public var decisions: [Key: Decided] {
        entries.compactMapValues(\.current)
    }

    /// Notes and periods on which two devices' last decisions differ, sorted by period then note.
    public var conflicts: [Conflict] {
        var result: [Conflict] = []
        for (key, entry) in entries where entry.lastByDevice.count > 1 {
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
