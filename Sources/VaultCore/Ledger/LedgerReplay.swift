import Foundation

/// The ledger replayed into what the everyday commands need: the curation
/// state, the study days, and each device's highest sequence, with the
/// place in replay order it has reached.
///
/// A replay can be extended with later events (``follows(_:)`` says which
/// may come next), so the replay cache need not read a million lines again
/// after one more decision: extending gives the same state as replaying
/// everything. An event that does not strictly follow (an older time, a
/// repeated identity) means replaying the whole ledger again.
public struct LedgerReplay: Sendable {
    /// Where a replay has reached: the last event in replay order.
    public struct Position: Hashable, Sendable {
        public var time: Date
        public var device: String
        public var sequence: Int

        public init(time: Date, device: String, sequence: Int) {
            self.time = time
            self.device = device
            self.sequence = sequence
        }

        public init(_ event: LedgerEvent) {
            self.init(time: event.time, device: event.device, sequence: event.sequence)
        }

        /// True when `event` comes after this position in replay order (time, device, sequence).
        public func precedes(_ event: LedgerEvent) -> Bool {
            if time != event.time { return time < event.time }
            if device != event.device { return device < event.device }
            return sequence < event.sequence
        }
    }

    public private(set) var curation: CurationState
    public private(set) var activity: StudyActivity
    /// Each device's highest sequence number.
    public private(set) var sequences: [String: Int]
    /// The last event applied; nil for an empty ledger.
    public private(set) var position: Position?
    /// Events applied.
    public private(set) var eventCount: Int
    /// Every event of a kind that neither curation nor flashcards read
    /// (study sessions, goals, loci ratings, baselines, kinds from newer
    /// versions), in replay order. Features replay their own state from
    /// these with ``events(_:)``; the replay cache keeps them, so no feature
    /// needs a cache of its own. A vault holds few of them next to its
    /// curation decisions and card ratings.
    public private(set) var featureEvents: [LedgerEvent]
    /// The given ids (``GivenID``) of the events applied: a later event with
    /// one of them is the same answer sent again, and is not applied.
    public private(set) var givenIDs: Set<NoteKey>

    /// The kinds whose state the replay keeps in other forms (curation, cards).
    public static let coreKinds: Set<String> = [
        CurationEvent.kind, FinishEvent.kind, RatingEvent.kind, CardLink.kind, TierChange.kind,
    ]

    /// The replay of `history` (deduplicated, in replay order), study days counted in `timeZone`.
    public init(_ history: LedgerHistory, timeZone: TimeZone) {
        self.init(
            curation: CurationState(events: []), activity: StudyActivity(timeZone: timeZone), sequences: [:],
            position: nil, eventCount: 0, featureEvents: [])
        for event in history.events { append(event) }
    }

    /// A replay rebuilt from its parts (the replay cache stores them).
    public init(
        curation: CurationState, activity: StudyActivity, sequences: [String: Int], position: Position?,
        eventCount: Int, featureEvents: [LedgerEvent], givenIDs: Set<NoteKey> = []
    ) {
        self.featureEvents = featureEvents
        self.givenIDs = givenIDs
        self.curation = curation
        self.activity = activity
        self.sequences = sequences
        self.position = position
        self.eventCount = eventCount
    }

    /// Whether `event` may extend this replay: it comes after every event
    /// applied so far and its device has not used its sequence yet.
    public func follows(_ event: LedgerEvent) -> Bool {
        if let position, !position.precedes(event) { return false }
        return event.sequence > sequences[event.device, default: 0]
    }

    /// True when an event applied already carries `event`'s given id: `event` is that answer again.
    public func repeatsGivenID(_ event: LedgerEvent) -> Bool {
        GivenID.replayKey(of: event).map(givenIDs.contains) ?? false
    }

    /// True when an event with the given id `id` was applied.
    public func holds(givenID id: String) -> Bool { givenIDs.contains(NoteKey(id: id)) }

    /// Applies the next event (which must satisfy ``follows(_:)`` when
    /// extending), unless an event applied already carries its given id
    /// (``GivenID``): then nothing changes, as when a whole replay's
    /// history leaves it out, and it returns false.
    @discardableResult
    public mutating func append(_ event: LedgerEvent) -> Bool {
        if let key = GivenID.replayKey(of: event), !givenIDs.insert(key).inserted { return false }
        curation.apply(event)
        activity.apply(event)
        if event.sequence > sequences[event.device, default: 0] { sequences[event.device] = event.sequence }
        position = Position(event)
        eventCount += 1
        if !Self.coreKinds.contains(event.kind) { featureEvents.append(event) }
        return true
    }

    /// The feature events of type `E`'s kind, read as `E`, in replay order,
    /// with those that cannot be read (see ``VaultCoreError/badEvent(kind:device:sequence:reason:)``).
    public func events<E: TypedEvent>(_ type: E.Type) -> (events: [E], unreadable: [VaultCoreError]) {
        var events: [E] = []
        var unreadable: [VaultCoreError] = []
        for event in featureEvents where event.kind == E.kind {
            do { events.append(try E(event)) } catch let error as VaultCoreError { unreadable.append(error) } catch {}
        }
        return (events, unreadable)
    }

    /// The highest sequence number `device` has used, 0 when none.
    public func maxSequence(of device: String) -> Int { sequences[device, default: 0] }
}
