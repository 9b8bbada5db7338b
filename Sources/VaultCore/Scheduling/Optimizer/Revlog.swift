import Foundation

/// One answer in a review log, as the FSRS optimizer reads it: Anki's revlog
/// row, the CSV of the FSRS optimizer tools, or a `rate` event of the ledger.
public struct RevlogEntry: Hashable, Sendable {
    /// What kind of answer it was (the CSV's `review_state`, Anki's review kind).
    public enum Kind: Int, Hashable, Sendable, CaseIterable {
        case learning = 0
        case review = 1
        case relearning = 2
        /// Answered in a filtered deck; counted as a review.
        case filtered = 3
        /// A manual reset (Anki's "Forget"): cuts the card's older history; never a review.
        case manual = 4
    }

    /// The card, in any spelling; entries of one card share it.
    public var card: String
    public var time: Date
    /// 1-4 (Again, Hard, Good, Easy); 0 for a manual entry.
    public var rating: Int
    public var kind: Kind

    public init(card: String, time: Date, rating: Int, kind: Kind) {
        self.card = card
        self.time = time
        self.rating = rating
        self.kind = kind
    }
}

/// Where one day ends and the next starts: whole days are counted across
/// `hour` o'clock in `timeZone` (Anki's "next day starts at", 4 by default).
public struct DayBoundary: Hashable, Sendable {
    public var timeZone: TimeZone
    public var hour: Int

    public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!, hour: Int = 4) {
        self.timeZone = timeZone
        self.hour = hour
    }

    /// The day number of `time` (days since 1970 of the local date, `hour` hours earlier).
    public func day(of time: Date) -> Int {
        let shifted = time.timeIntervalSince1970 - Double(hour * 3600)
        let offset = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: shifted)))
        return Int(((shifted + offset) / 86_400).rounded(.down))
    }

    /// Counts days for many times: the zone's offset is looked up once per
    /// stretch between its transitions, not for every time.
    struct Counter {
        let boundary: DayBoundary
        private var from = Double.infinity
        private var until = -Double.infinity
        private var offset = 0.0

        init(_ boundary: DayBoundary) { self.boundary = boundary }

        mutating func day(of time: Date) -> Int {
            let shifted = time.timeIntervalSince1970 - Double(boundary.hour * 3600)
            if !(shifted >= from && shifted < until) {
                let date = Date(timeIntervalSince1970: shifted)
                offset = Double(boundary.timeZone.secondsFromGMT(for: date))
                from = shifted
                until = boundary.timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
            }
            return Int(((shifted + offset) / 86_400).rounded(.down))
        }
    }
}
