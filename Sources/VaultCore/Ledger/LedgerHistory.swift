/// All events of a ledger, deduplicated and in replay order.
///
/// Built from the events of every file in any order: the result depends
/// only on the set of lines, never on their order, so two clones holding the
/// same lines compute the same state.
public struct LedgerHistory: Sendable {
    /// Unique events, ordered by time, then device, then sequence.
    public private(set) var events: [LedgerEvent]
    /// Identities that appeared with different contents (a hand edit or a
    /// bug): the first in replay order is kept.
    public private(set) var clashingIdentities: [LedgerEvent.Identity]

    /// Orders and deduplicates `events` (duplicates share a device and sequence).
    public init(_ events: [LedgerEvent]) {
        var sorted = events
        sorted.sort(by: Self.totalOrder)
        var unique: [LedgerEvent] = []
        unique.reserveCapacity(sorted.count)
        var seen = Set<LedgerEvent.Identity>(minimumCapacity: sorted.count)
        var clashes: [LedgerEvent.Identity] = []
        for event in sorted {
            if let last = unique.last, last.sequence == event.sequence, last.device == event.device,
                last.time == event.time
            {
                if last != event { clashes.append(event.identity) }
                continue
            }
            if seen.insert(event.identity).inserted {
                unique.append(event)
            } else {
                clashes.append(event.identity)
            }
        }
        self.events = unique
        self.clashingIdentities = clashes
    }

    /// The highest sequence number `device` has used, 0 when none.
    public func maxSequence(of device: String) -> Int {
        events.reduce(0) { $1.device == device ? max($0, $1.sequence) : $0 }
    }

    /// Replay order with a tie-break on contents, so that even two different
    /// lines claiming one identity sort the same way on every machine.
    static func totalOrder(_ a: LedgerEvent, _ b: LedgerEvent) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if a.device != b.device { return a.device < b.device }
        if a.sequence != b.sequence { return a.sequence < b.sequence }
        return LedgerLine.format(a) < LedgerLine.format(b)
    }
}
