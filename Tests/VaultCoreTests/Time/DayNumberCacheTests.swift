import Foundation
import Testing

@testable import VaultCore

@Suite("Day number cache")
struct DayNumberCacheTests {
    /// What the cache stands in for: the zone asked at the start of the instant's UTC hour.
    func expectedDay(_ date: Date, in zone: TimeZone) -> Int {
        let seconds = date.timeIntervalSince1970
        let hourStart = Date(timeIntervalSince1970: Double(DayNumberCache.hour(ofSeconds: seconds)) * 3600)
        return Int(((seconds + Double(zone.secondsFromGMT(for: hourStart))) / 86_400).rounded(.down))
    }

    func utcDay(_ y: Int, _ m: Int, _ d: Int) -> Int { VaultDate.daysFromCivil(y, m, d) }

    @Test(
        "every hour's offset is the zone's, across DST, raw-offset changes, half-hour shifts and a skipped day",
        arguments: [
            ("Europe/Berlin", 2019, 2022), ("Europe/Moscow", 2010, 2015), ("Australia/Lord_Howe", 2020, 2022),
            ("Asia/Kathmandu", 1985, 1987), ("Pacific/Apia", 2011, 2012), ("America/St_Johns", 2021, 2022),
            ("UTC", 2020, 2021),
        ])
    func everyHour(zone name: String, from first: Int, to last: Int) {
        let zone = TimeZone(identifier: name)!
        let days = utcDay(first, 1, 1)...utcDay(last, 12, 31)
        var cache = DayNumberCache(timeZone: zone, days: days)
        var mismatches: [Int] = []
        for hour in (days.lowerBound * 24)..<((days.upperBound + 1) * 24) {
            let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour) * 3600))
            if cache.offset(atHour: hour) != expected { mismatches.append(hour) }
        }
        #expect(mismatches.isEmpty, "\(name): hours \(mismatches.prefix(5)) differ")
    }

    @Test("day numbers near midnight and the DST changes match the zone asked per hour")
    func dayNumbers() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        var cache = DayNumberCache(timeZone: zone, days: utcDay(2026, 3, 1)...utcDay(2026, 11, 1))
        let base = VaultDate.parse("2026-03-28T20:00:00Z", in: zone)!.timeIntervalSince1970
        for step in 0..<(6 * 24 * 4) {  // every 15 minutes for six days around the spring change
            let date = Date(timeIntervalSince1970: base + Double(step) * 900)
            #expect(cache.day(of: date) == expectedDay(date, in: zone))
        }
        let autumn = VaultDate.parse("2026-10-24T21:30:00Z", in: zone)!
        #expect(cache.day(of: autumn) == utcDay(2026, 10, 24))  // 23:30 in Berlin
        #expect(cache.day(of: autumn.addingTimeInterval(3600)) == utcDay(2026, 10, 25))
    }

    @Test("instants outside the cached days, and caches too wide to keep, still ask the zone")
    func outsideAndTooWide() {
        let zone = TimeZone(identifier: "America/New_York")!
        var narrow = DayNumberCache(timeZone: zone, days: utcDay(2026, 1, 1)...utcDay(2026, 1, 31))
        var wide = DayNumberCache(timeZone: zone, days: 0...DayNumberCache.maximumSpan)
        for text in ["1970-01-01T03:00:00Z", "2026-07-04T03:30:00Z", "2026-01-15T04:59:59Z", "2243-11-03T12:00:00Z"] {
            let date = VaultDate.parse(text, in: zone)!
            #expect(narrow.day(of: date) == expectedDay(date, in: zone), "\(text)")
            #expect(wide.day(of: date) == expectedDay(date, in: zone), "\(text)")
        }
        #expect(narrow.day(of: VaultDate.parse("2026-07-04T03:30:00Z", in: zone)!) == utcDay(2026, 7, 3))
    }

    @Test("a negative hour falls in the UTC day before 1970")
    func negativeHours() {
        #expect(DayNumberCache.utcDay(ofHour: -1) == -1)
        #expect(DayNumberCache.utcDay(ofHour: -24) == -1)
        #expect(DayNumberCache.utcDay(ofHour: -25) == -2)
        #expect(DayNumberCache.utcDay(ofHour: 23) == 0)
        #expect(DayNumberCache.hour(ofSeconds: -0.5) == -1)
    }
}
