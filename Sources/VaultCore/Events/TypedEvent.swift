import Foundation

/// A ledger event kind as a Swift type: the one place that names its kind
/// and its fields, both to write them and to read them back.
///
/// Every kind `vault` writes conforms (`curate`, `finish`, `rate`,
/// `card-link`, `tier`, and the kinds later features add), so no command
/// spells a field name: a command builds a value and hands it to the ledger
/// port (``LedgerSink/append(_:)``), and replay reads values back with
/// ``init(_:)``. docs/FORMAT.md lists each kind and its fields.
public protocol TypedEvent: Sendable {
    /// The ledger event kind, e.g. `curate`.
    static var kind: String { get }
    /// When the event happened.
    var time: Date { get }
    /// The fields, in the order they are written.
    var fields: [(key: String, value: String)] { get }
    /// Reads an event of this kind.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when
    ///   the event is of another kind, lacks a field or holds a value this
    ///   build cannot read.
    init(_ event: LedgerEvent) throws
}

extension TypedEvent {
    /// The ledger event, for the given writer identity.
    public func ledgerEvent(device: String, sequence: Int, utcOffset: Int = 0) -> LedgerEvent {
        LedgerEvent(
            time: time, utcOffset: utcOffset, device: device, sequence: sequence, kind: Self.kind, fields: fields)
    }

    /// The error for `event` that cannot be read as this kind.
    public static func unreadable(_ event: LedgerEvent, _ reason: String) -> VaultCoreError {
        .badEvent(kind: Self.kind, device: event.device, sequence: event.sequence, reason: reason)
    }

    /// Checks that `event` is of this kind.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` otherwise.
    public static func expectKind(of event: LedgerEvent) throws {
        guard event.kind == kind else { throw unreadable(event, "is a '\(event.kind)' event, not '\(kind)'") }
    }

    /// The value of `key` in `event`, trimmed of stray spaces and tabs.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when it is missing or empty.
    public static func required(_ key: String, in event: LedgerEvent) throws -> String {
        guard let value = event[key].map(trimmed), !value.isEmpty else {
            throw unreadable(event, "has no '\(key)' field")
        }
        return value
    }

    /// `value` without leading and trailing spaces and tabs; as it is (no
    /// copy, no Foundation) in the usual case of none, which replaying
    /// hundreds of thousands of events feels.
    public static func trimmed(_ value: String) -> String { TypedEventTrim.trimmed(value) }
}

/// Where typed events are written: the ledger port's writing half.
///
/// VaultStore implements it over the ledger files (an exclusive lock, whole
/// lines, fsync); use-case tests use an in-memory sink.
public protocol LedgerSink {
    /// Appends `event` and returns the line's event as written (device and
    /// sequence filled in). With `given` (the id the answer, decision or
    /// capture was given with: ``GivenID``), the id is the line's first field,
    /// and an event whose id the ledger already holds is not written again:
    /// the event is then returned unwritten, with sequence 0.
    /// - Throws: when the ledger cannot be written; nothing is half-written.
    @discardableResult
    func append(_ event: some TypedEvent, given: String?) throws -> LedgerEvent
}

extension LedgerSink {
    /// Appends `event`, which carries no given id.
    /// - Throws: when the ledger cannot be written; nothing is half-written.
    @discardableResult
    public func append(_ event: some TypedEvent) throws -> LedgerEvent {
        try append(event, given: nil)
    }
}
