import Foundation

/// Day numbers of many instants in one zone, for boards of 100k notes.
///
/// An instant's day is read with the zone's offset at the start of its UTC
/// hour (zone offsets change on whole hours). Asking the zone once per note
/// costs, and so does a dictionary of hours; notes share a few thousand UTC
/// days, so the offset is kept per UTC day, in an array, when the zone has no
/// transition inside that day. Days with a transition, and days outside the
/// range the cache was made for, ask the zone for the hour, as before.
struct DayNumberCache {
    private let timeZone: TimeZone
    /// The UTC day of `offsets[0]`.
    private let firstDay: Int
    /// Per UTC day: the offset in seconds, or ``unknown`` or ``changing``.
    private var offsets: [Int32]

    private static let unknown = Int32.min
    private static let changing = Int32.max
    /// The widest range of UTC days cached (about 270 years); a wider one
    /// (a stray year-1 date) is not cached at all.
    static let maximumSpan = 100_000

    /// A cache for instants whose UTC days (``utcDay(ofHour:)``) lie in `days`.
    init(timeZone: TimeZone, days: ClosedRange<Int>) {
        self.timeZone = timeZone
        firstDay = days.lowerBound
        let span = days.count
        offsets = span <= Self.maximumSpan ? Array(repeating: Self.unknown, count: span) : []
    }

    /// The UTC hour (hours since 1970-01-01T00:00Z) that `seconds` since 1970 fall in.
    static func hour(ofSeconds seconds: Double) -> Int { Int((seconds / 3600).rounded(.down)) }

    /// The UTC day holding UTC hour `hour`.
    static func utcDay(ofHour hour: Int) -> Int { hour >= 0 ? hour / 24 : (hour - 23) / 24 }

    /// The day number of `date`: its seconds plus the zone's offset at the start of its UTC hour.
    mutating func day(of date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        let offset = offset(atHour: Self.hour(ofSeconds: seconds))
        return Int(((seconds + Double(offset)) / 86_400).rounded(.down))
    }

    /// The zone's offset at the start of UTC hour `hour`.
    mutating func offset(atHour hour: Int) -> Int {
        let slot = Self.utcDay(ofHour: hour) - firstDay
        if slot >= 0, slot < offsets.count {
            var offset = offsets[slot]
            if offset == Self.unknown {
                offset = dayOffset(utcDay: firstDay + slot)
                offsets[slot] = offset
            }
            if offset != Self.changing { return Int(offset) }
        }
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour) * 3600))
    }

    /// The offset in force at every hour start of UTC day `day`, or ``changing``
    /// when the zone has a transition after its first hour starts and by the last.
    private func dayOffset(utcDay day: Int) -> Int32 {
        let start = Date(timeIntervalSince1970: Double(day) * 86_400)
        if let next = timeZone.nextDaylightSavingTimeTransition(after: start),
            next.timeIntervalSince(start) <= 23 * 3600
        {
            return Self.changing
        }
        return Int32(timeZone.secondsFromGMT(for: start))
    }
}
