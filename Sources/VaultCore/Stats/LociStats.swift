import Foundation

/// Memory palaces in `vault stats`: per itinerary, its locations, those due
/// and never practised, the answers given in the period and how they went.
public struct LociStats: Sendable, Encodable {
    public struct Itinerary: Sendable, Encodable {
        public var name: String
        public var locations: Int
        public var due: Int
        public var new: Int
        /// Answers (review and reverse) in the period.
        public var answers: Int
        /// Mean SM-2 quality of those answers, nil without any.
        public var meanQuality: Double?
        /// Reverse answers whose typed number was right, of those typed.
        public var numbersRight: Int
        public var numbersTyped: Int
    }

    public var itineraries: [Itinerary]

    /// The figures of `walks` from `states`, answers counted from `since` on.
    public init(walks: [LociWalk], states: LociStates, now: Date, since: Date) {
        itineraries = walks.map { walk in
            let answers = walk.stops.flatMap { states.answers[$0.key] ?? [] }.filter { $0.time >= since && $0.time <= now }
            let typed = answers.filter { $0.right != nil }
            return Itinerary(
                name: walk.name, locations: walk.stops.count, due: walk.stops.filter { states.isDue($0, at: now) }.count,
                new: walk.stops.filter { states.states[$0.key] == nil }.count, answers: answers.count,
                meanQuality: answers.isEmpty
                    ? nil : (Double(answers.reduce(0) { $0 + $1.quality }) / Double(answers.count) * 100).rounded() / 100,
                numbersRight: typed.filter { $0.right == true }.count, numbersTyped: typed.count)
        }
    }
}
