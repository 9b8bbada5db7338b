import Foundation

/// The days on which something was studied or reviewed: each day (in the
/// vault's zone) with the time of its first `rate`, `curate` or `finish`
/// event. Built incrementally from events, so the replay cache can keep it.
public struct StudyActivity: Sendable {
    /// Day number (days since 1970-01-01 in ``timeZone``) → the earliest counted event that day.
    public private(set) var firstEvent: [Int: Date]
    /// Day number → the ratings and curation decisions that day (for points).
    public private(set) var counts: [Int: DayCounts]

    /// What happened on one day.
    public struct DayCounts: Hashable, Sendable {
        public var ratings = 0
        /// `curate` events that keep or archive (an undo is not a decision).
        public var decisions = 0

        public init(ratings: Int = 0, decisions: Int = 0) {
            self.ratings = ratings
            self.decisions = decisions
        }
    }
    public let timeZone: TimeZone
    /// The day last looked up and its bounds: events come mostly in time
    /// order, so most need no time-zone lookup (a million events stay fast).
    private var known = (day: 0, start: Date.distantFuture, end: Date.distantPast)

    /// The event kinds that count as studying or reviewing.
    public static let countedKinds: Set<String> = [RatingEvent.kind, "curate", "finish"]

    public init(timeZone: TimeZone, firstEvent: [Int: Date] = [:], counts: [Int: DayCounts] = [:]) {
        self.timeZone = timeZone
        self.firstEvent = firstEvent
        self.counts = counts
    }

    /// The activity of `events` (any order).
    public init(events: [LedgerEvent], timeZone: TimeZone) {
        self.init(timeZone: timeZone)
        for event in events { apply(event) }
    }

    /// Counts `event` if it is a study or review event; an undone answer
    /// (`answer-undo` of a `rate`) no longer counts on its day (the day
    /// stays one with activity: the person studied).
    public mutating func apply(_ event: LedgerEvent) {
        if event.kind == AnswerUndo.kind {
            guard let undo = try? AnswerUndo(event), !undo.cram else { return }
            let day = VaultDate.dayNumber(of: undo.answered, in: timeZone)
            if let counted = counts[day], counted.ratings > 0 { counts[day]!.ratings -= 1 }
            return
        }
        guard Self.countedKinds.contains(event.kind) else { return }
        let time = event.time
        if !(time >= known.start && time < known.end) {
            let day = VaultDate.dayNumber(of: time, in: timeZone)
            known = (day, VaultDate.startOfDay(day, in: timeZone), VaultDate.startOfDay(day + 1, in: timeZone))
        }
        if event.kind == RatingEvent.kind {
            counts[known.day, default: DayCounts()].ratings += 1
        } else if event.kind == CurationEvent.kind, event["decision"] != CurationDecision.undo.rawValue {
            counts[known.day, default: DayCounts()].decisions += 1
        }
        if let first = firstEvent[known.day], first <= time { return }
        firstEvent[known.day] = time
    }

    /// The days with an event at or before `now`.
    public func activeDays(upTo now: Date) -> Set<Int> {
        Set(firstEvent.lazy.filter { $0.value <= now }.map(\.key))
    }
}
