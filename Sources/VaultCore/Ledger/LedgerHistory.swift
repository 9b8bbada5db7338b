/// All events of a ledger, deduplicated and in replay order.
///
/// Built from the events of every file in any order: the result depends
/// only on the set of lines, never on their order, so two clones holding the
/// same lines compute the same state.
public struct LedgerHistory: Sendable {
    /// Unique events, ordered by time, then device, then sequence (then
    /// content, for two different events claiming one identity).
    public private(set) var events: [LedgerEvent]
    /// Identities that appeared with different contents (a vault copied with
    /// its device id, a hand edit): every one of those events is kept, so no
    /// decision is lost, and `vault check` reports the clash.
    public private(set) var clashingIdentities: [LedgerEvent.Identity]

    /// Events dropped because an earlier one (in replay order) carries the
    /// same given id (``GivenID``): one answer sent twice.
    public private(set) var repeatedGivenIDs = 0

    /// Orders `events`, drops exact duplicates (the same line read twice)
    /// and every event whose given id (``GivenID``) an earlier one carries.
    public init(_ events: [LedgerEvent]) {
        var sorted = events
        // Ledger files are appended in time order, so the common case is
        // already sorted: check in one pass before paying for a sort.
        if !Self.isSorted(sorted) { sorted = Self.sortedByKeys(sorted) }
        if let fast = Self.uniqueIfSequencesIncrease(sorted) {
            (self.events, repeatedGivenIDs) = Self.droppingRepeatedGivenIDs(fast)
            self.clashingIdentities = []
            return
        }
        var unique: [LedgerEvent] = []
        unique.reserveCapacity(sorted.count)
        // `LedgerEvent` hashes by identity and compares by content: the set
        // holds each different line once, whatever identity it claims.
        var seen = Set<LedgerEvent>(minimumCapacity: sorted.count)
        var identities = Set<LedgerEvent.Identity>(minimumCapacity: sorted.count)
        var clashes: [LedgerEvent.Identity] = []
        for event in sorted {
            guard seen.insert(event).inserted else { continue }  // the same line again
            if !identities.insert(event.identity).inserted { clashes.append(event.identity) }
            unique.append(event)
        }
        (self.events, repeatedGivenIDs) = Self.droppingRepeatedGivenIDs(unique)
        self.clashingIdentities = clashes
    }

    /// `events` (in replay order) without those whose given id an earlier
    /// one carries, and how many were dropped. Events with no id are
    /// looked at once (their first field); the array is copied only when one is dropped.
    static func droppingRepeatedGivenIDs(_ events: [LedgerEvent]) -> ([LedgerEvent], Int) {
        var seen = Set<NoteKey>()
        var kept: [LedgerEvent]?
        var dropped = 0
        for (i, event) in events.enumerated() {
            if let key = GivenID.replayKey(of: event), !seen.insert(key).inserted {
                if kept == nil { kept = Array(events[..<i]) }
                dropped += 1
                continue
            }
            kept?.append(event)
        }
        return (kept ?? events, dropped)
    }

    /// Sorts by replay order through small plain keys (milliseconds, device
    /// rank, sequence) rather than moving whole events through a comparator:
    /// several times faster on a million events. Exact key ties (the same
    /// identity and time twice) fall back to ``totalOrder``.
    static func sortedByKeys(_ events: [LedgerEvent]) -> [LedgerEvent] {
        var deviceNames = Array(Set(events.map(\.device))).sorted()
        var rank: [String: Int32] = [:]
        for (i, name) in deviceNames.enumerated() { rank[name] = Int32(i) }
        deviceNames = []
        struct SortKey {
            var millis: Int64
            var device: Int32
            var index: Int32
            var sequence: Int
        }
        var keys: [SortKey] = []
        keys.reserveCapacity(events.count)
        for (i, event) in events.enumerated() {
            let millis = Int64((event.time.timeIntervalSince1970 * 1000).rounded())
            keys.append(SortKey(millis: millis, device: rank[event.device]!, index: Int32(i), sequence: event.sequence))
        }
        // Ledger times are whole milliseconds; a tie on them still compares the
        // real times, for events made in memory with finer ones.
        keys.sort { a, b in
            if a.millis != b.millis { return a.millis < b.millis }
            let ta = events[Int(a.index)].time
            let tb = events[Int(b.index)].time
            if ta != tb { return ta < tb }
            if a.device != b.device { return a.device < b.device }
            if a.sequence != b.sequence { return a.sequence < b.sequence }
            return totalOrder(events[Int(a.index)], events[Int(b.index)])
        }
        return keys.map { events[Int($0.index)] }
    }

    static func isSorted(_ events: [LedgerEvent]) -> Bool {
        var i = 1
        while i < events.count {
            let earlier = events[i - 1].time
            let later = events[i].time
            if earlier > later { return false }
            if earlier == later, totalOrder(events[i], events[i - 1]) { return false }
            i += 1
        }
        return true
    }

    /// The fast path for a sorted ledger in which each device's sequences
    /// only grow with time (as one clone writes them): a duplicate is then
    /// an identical neighbour, and anything else means the slow path (nil).
    static func uniqueIfSequencesIncrease(_ sorted: [LedgerEvent]) -> [LedgerEvent]? {
        var devices: [String] = []
        var last: [Int] = []
        var unique: [LedgerEvent] = []
        var duplicates = false
        // First pass: no copy, only look. Most ledgers have no duplicate at all.
        for i in sorted.indices {
            var d = 0
            while d < devices.count, devices[d] != sorted[i].device { d += 1 }
            if d == devices.count {
                if devices.count >= 64 { return nil }
                devices.append(sorted[i].device)
                last.append(0)
            }
            let sequence = sorted[i].sequence
            if sequence > last[d] {
                last[d] = sequence
            } else if i > 0, sorted[i - 1] == sorted[i] {
                duplicates = true
            } else {
                return nil
            }
        }
        guard duplicates else { return sorted }
        devices = []
        last = []
        unique.reserveCapacity(sorted.count)
        for event in sorted {
            var d = 0
            while d < devices.count, devices[d] != event.device { d += 1 }
            if d == devices.count {
                if devices.count >= 64 { return nil }
                devices.append(event.device)
                last.append(0)
            }
            if event.sequence > last[d] {
                last[d] = event.sequence
                unique.append(event)
            } else if let previous = unique.last, previous.sequence == event.sequence, previous.device == event.device,
                previous == event
            {
                continue  // the same line twice, side by side after sorting
            } else {
                return nil
            }
        }
        return unique
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
