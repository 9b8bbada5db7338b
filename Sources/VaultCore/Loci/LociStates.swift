import Foundation

/// Every location's one SM-2 state, replayed from the `loci-rate` events in
/// ledger order: review and reverse answers move the same state, exactly as
/// ``SM2`` schedules a card.
public struct LociStates: Sendable {
    public private(set) var states: [String: SM2CardState] = [:]
    /// The answers about each location, oldest first.
    public private(set) var answers: [String: [LociRating]] = [:]

    /// Folds `ratings` (in replay order).
    public init(ratings: [LociRating]) {
        for rating in ratings { record(rating) }
    }

    /// Moves the state of the rating's location.
    public mutating func record(_ rating: LociRating) {
        states[rating.location] = SM2.review(state(rating.location), quality: rating.quality, at: rating.time)
        answers[rating.location, default: []].append(rating)
    }

    /// The state of the location the ledger calls `key` (a new one when never answered).
    public func state(_ key: String) -> SM2CardState { states[key] ?? .new }

    /// Whether `stop` was answered before and is due at `now`.
    public func isDue(_ stop: LociStop, at now: Date) -> Bool {
        guard let due = states[stop.key]?.due else { return false }
        return due <= now
    }

    /// The latest answer about any stop of `walk`.
    public func lastPractice(_ walk: LociWalk) -> Date? {
        walk.stops.compactMap { answers[$0.key]?.last?.time }.max()
    }

    /// The review order: the due stops first (the longest overdue first),
    /// then every other stop in walking order, as LociApp has it.
    public func reviewOrder(_ walk: LociWalk, at now: Date) -> [LociStop] {
        let due = walk.stops.filter { isDue($0, at: now) }.sorted {
            (states[$0.key]?.due ?? now, $0.sequence) < (states[$1.key]?.due ?? now, $1.sequence)
        }
        let dueKeys = Set(due.map(\.key))
        return due + walk.stops.filter { !dueKeys.contains($0.key) }
    }

    /// The order `vault loci reverse` asks in: the due locations first, then the others, each group
    /// shuffled (seeded by the itinerary and the day, so a walk is the same when resumed): asked in
    /// walking order, each number would give the next away.
    public func reverseOrder(_ walk: LociWalk, at now: Date) -> [LociStop] {
        let ordered = reviewOrder(walk, at: now)
        let due = ordered.prefix { isDue($0, at: now) }
        let day = UInt64(bitPattern: Int64((now.timeIntervalSince1970 / 86_400).rounded(.down)))
        var random = SplitMix64(seed: StableHash.fnv1a(walk.name, seed: StableHash.mix(day)))
        func shuffled(_ stops: ArraySlice<LociStop>) -> [LociStop] {
            random.permutation(stops.count).map { stops[stops.startIndex + $0] }
        }
        return shuffled(due) + shuffled(ordered[due.count...])
    }

    /// The rating event for answering `stop` with `quality` at `time`.
    public func rating(
        _ stop: LociStop, of walk: LociWalk, mode: LociRating.Mode, quality: Int, at time: Date,
        responseMilliseconds: Int? = nil, answer: Int? = nil
    ) -> LociRating {
        let before = state(stop.key)
        let q = min(max(quality, 0), 5)
        return LociRating(
            time: time, location: stop.key, itinerary: walk.name, sequence: stop.sequence, mode: mode, quality: q,
            responseMilliseconds: responseMilliseconds, answer: answer, right: answer.map { $0 == stop.sequence },
            before: before, after: SM2.review(before, quality: q, at: time))
    }
}
