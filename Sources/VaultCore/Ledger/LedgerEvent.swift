import Foundation

/// One decision in the append-only ledger: a curation decision, a card
/// rating, a study session, a goal…
///
/// Every event has a unique identity (device, sequence) and a total replay
/// order (time, device, sequence), so any two clones that hold the same set
/// of lines compute the same state, whatever order git left the lines in.
/// The payload is a small ordered map of fields, so new kinds (and fields
/// from newer versions) need no change to the line format.
public struct LedgerEvent: Hashable, Sendable {
    /// When the decision was made (as `VAULT_NOW` or the clock said).
    public var time: Date
    /// The UTC offset, in seconds, that the time was written with.
    public var utcOffset: Int
    /// The random id of the clone that wrote the event.
    public var device: String
    /// Per-device counter, starting at 1.
    public var sequence: Int
    /// What happened: `curate`, `finish`, `rate`, … Unknown kinds are kept and ignored.
    public var kind: String
    /// The event's fields in the order written, e.g. `note=…`, `period=2026-W47`.
    public var fields: [(key: String, value: String)]

    public init(
        time: Date, utcOffset: Int = 0, device: String, sequence: Int, kind: String,
        fields: [(key: String, value: String)]
    ) {
        self.time = time
        self.utcOffset = utcOffset
        self.device = device
        self.sequence = sequence
        self.kind = kind
        self.fields = fields
    }

    /// The event's identity: the same decision read twice is one event.
    public var identity: Identity { Identity(device: device, sequence: sequence) }

    public struct Identity: Hashable, Sendable, Comparable {
        public var device: String
        public var sequence: Int

        public static func < (a: Identity, b: Identity) -> Bool {
            (a.device, a.sequence) < (b.device, b.sequence)
        }
    }

    /// The value of field `key`, if present.
    public subscript(key: String) -> String? {
        fields.first { $0.key == key }?.value
    }

    /// Replay order: time, then device, then sequence.
    public static func replayOrder(_ a: LedgerEvent, _ b: LedgerEvent) -> Bool {
        if a.time != b.time { return a.time < b.time }
        if a.device != b.device { return a.device < b.device }
        return a.sequence < b.sequence
    }

    public static func == (a: LedgerEvent, b: LedgerEvent) -> Bool {
        a.time == b.time && a.utcOffset == b.utcOffset && a.device == b.device && a.sequence == b.sequence
            && a.kind == b.kind && a.fields.elementsEqual(b.fields, by: { $0.key == $1.key && $0.value == $1.value })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(sequence)
    }
}
