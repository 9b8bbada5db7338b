import Foundation

/// `loci-rate`: one answer about one location of a memory palace, in review
/// or reverse mode; both modes move the location's one SM-2 state.
///
/// Like a card's `rate` event it keeps what an optimizer needs: the quality,
/// the response time and the state before and after. Replay recomputes the
/// state from the qualities in ledger order (so clones that merged agree);
/// the recorded states are for other tools.
public struct LociRating: TypedEvent, Hashable {
    public static let kind = "loci-rate"

    /// Which screen asked.
    public enum Mode: String, Sendable, CaseIterable {
        /// Number → picture → name and description, then 0-5.
        case review
        /// Name → a typed number, checked, then 0-5.
        case reverse
    }

    public var time: Date
    /// The location note's id.
    public var location: String
    /// The itinerary's name and the location's place in it, for people reading the ledger.
    public var itinerary: String
    public var sequence: Int
    public var mode: Mode
    /// SM-2 quality, 0-5.
    public var quality: Int
    public var responseMilliseconds: Int?
    /// In reverse mode: the number typed and whether it was the location's.
    public var answer: Int?
    public var right: Bool?
    public var before: SM2CardState
    public var after: SM2CardState

    public init(
        time: Date, location: String, itinerary: String, sequence: Int, mode: Mode, quality: Int,
        responseMilliseconds: Int? = nil, answer: Int? = nil, right: Bool? = nil, before: SM2CardState,
        after: SM2CardState
    ) {
        self.time = time
        self.location = location
        self.itinerary = itinerary
        self.sequence = sequence
        self.mode = mode
        self.quality = quality
        self.responseMilliseconds = responseMilliseconds
        self.answer = answer
        self.right = right
        self.before = before
        self.after = after
    }

    public var fields: [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = [
            ("location", location), ("itinerary", itinerary), ("sequence", String(sequence)), ("mode", mode.rawValue),
            ("quality", String(quality)),
        ]
        if let responseMilliseconds { fields.append(("response_ms", String(responseMilliseconds))) }
        if let answer { fields.append(("answer", String(answer))) }
        if let right { fields.append(("right", right ? "yes" : "no")) }
        fields += Self.stateFields(before, suffix: "_before") + Self.stateFields(after, suffix: "")
        return fields
    }

    static func stateFields(_ state: SM2CardState, suffix: String) -> [(key: String, value: String)] {
        [
            ("ef" + suffix, String(format: "%.2f", state.easeFactor)), ("reps" + suffix, String(state.repetitions)),
            ("interval" + suffix, String(state.interval)),
        ] + (suffix.isEmpty ? state.due.map { [("due", VaultDate.isoString($0))] } ?? [] : [])
    }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        guard let mode = Mode(rawValue: try Self.required("mode", in: event)) else {
            throw Self.unreadable(event, "has a 'mode' that is neither review nor reverse")
        }
        guard let quality = Int(try Self.required("quality", in: event)), (0...5).contains(quality) else {
            throw Self.unreadable(event, "has a 'quality' that is not 0-5")
        }
        guard let sequence = Int(try Self.required("sequence", in: event)) else {
            throw Self.unreadable(event, "has a 'sequence' that is not a number")
        }
        let right: Bool?
        switch event["right"].map(Self.trimmed) {
        case "yes": right = true
        case "no": right = false
        default: right = nil
        }
        func state(_ suffix: String) -> SM2CardState {
            SM2CardState(
                easeFactor: event["ef" + suffix].flatMap { Double(Self.trimmed($0)) } ?? 2.5,
                repetitions: event["reps" + suffix].flatMap { Int(Self.trimmed($0)) } ?? 0,
                interval: event["interval" + suffix].flatMap { Int(Self.trimmed($0)) } ?? 0)
        }
        self.init(
            time: event.time, location: try Self.required("location", in: event),
            itinerary: event["itinerary"].map(Self.trimmed) ?? "", sequence: sequence, mode: mode, quality: quality,
            responseMilliseconds: try Self.count("response_ms", in: event), answer: try Self.count("answer", in: event),
            right: right, before: state("_before"), after: state(""))
    }
}
