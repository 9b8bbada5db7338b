import Foundation

/// A curation decision (`curate` events): fields `note` (the note's id),
/// `level`, `period` and `decision` (keep, archive, undo).
public struct CurationEvent: TypedEvent, Hashable {
    public static let kind = "curate"

    public var time: Date
    /// The note's id (any case).
    public var note: String
    public var period: ReviewPeriod
    public var decision: CurationDecision

    public init(time: Date, note: String, period: ReviewPeriod, decision: CurationDecision) {
        self.time = time
        self.note = note
        self.period = period
        self.decision = decision
    }

    public var fields: [(key: String, value: String)] {
        [("note", note), ("level", period.level.rawValue), ("period", period.id), ("decision", decision.rawValue)]
    }

    /// Reads a `curate` event in one pass over its fields (replay reads
    /// millions), trimming stray spaces and tabs around values.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when a field is missing or unreadable.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        var note: Substring?
        var levelName: Substring?
        var periodID: Substring?
        var decisionName: Substring?
        for field in event.fields {
            switch field.key {
            case "note": note = Self.trimmed(field.value)
            case "level": levelName = Self.trimmed(field.value)
            case "period": periodID = Self.trimmed(field.value)
            case "decision": decisionName = Self.trimmed(field.value)
            default: break
            }
        }
        guard let note, !note.isEmpty else { throw Self.unreadable(event, "has no 'note' field") }
        guard let levelName, let level = ReviewLevel(rawValue: String(levelName)) else {
            throw Self.unreadable(event, "names no review level ('\(levelName ?? "")')")
        }
        guard let periodID, let period = ReviewPeriod(String(periodID), level: level) else {
            throw Self.unreadable(event, "names no \(level.rawValue) period ('\(periodID ?? "")')")
        }
        guard let decisionName, let decision = CurationDecision(rawValue: String(decisionName)) else {
            throw Self.unreadable(event, "has a 'decision' this build cannot read ('\(decisionName ?? "")')")
        }
        self.init(time: event.time, note: String(note), period: period, decision: decision)
    }

    /// `value` without leading or trailing spaces and tabs (no copy when there are none).
    static func trimmed(_ value: String) -> Substring {
        var slice = Substring(value)
        while let first = slice.utf8.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.utf8.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }
}

/// A period finished early (`finish` events): fields `level` and `period`.
/// The undecided notes of the period stay unpromoted.
public struct FinishEvent: TypedEvent, Hashable {
    public static let kind = "finish"

    public var time: Date
    public var period: ReviewPeriod

    public init(time: Date, period: ReviewPeriod) {
        self.time = time
        self.period = period
    }

    public var fields: [(key: String, value: String)] {
        [("level", period.level.rawValue), ("period", period.id)]
    }

    /// Reads a `finish` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when a field is missing or unreadable.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let levelName = try Self.required("level", in: event)
        guard let level = ReviewLevel(rawValue: levelName) else {
            throw Self.unreadable(event, "names no review level ('\(levelName)')")
        }
        let periodID = try Self.required("period", in: event)
        guard let period = ReviewPeriod(periodID, level: level) else {
            throw Self.unreadable(event, "names no \(level.rawValue) period ('\(periodID)')")
        }
        self.init(time: event.time, period: period)
    }
}
