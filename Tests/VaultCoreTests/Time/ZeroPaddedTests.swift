import Foundation
import Testing
import VaultCore

/// Dates, times and period ids are written with `Int.zeroPadded` instead of
/// `String(format:)`; C's `%0*d` is the oracle for both the helper and the
/// texts made with it.
@Suite("zero-padded numbers")
struct ZeroPaddedTests {
    @Test("zeroPadded gives what %0*d gives, signs and overflowing widths included")
    func matchesPrintf() {
        let values = [0, 1, 7, 9, 10, 42, 99, 100, 999, 1_000, 2026, 12_345, -1, -5, -42, -2026, Int.max, Int.min]
        for value in values {
            for width in 0...6 {
                #expect(value.zeroPadded(width) == String(format: "%0*ld", width, value), "\(value), width \(width)")
            }
        }
    }

    @Test("ISO dates, day strings, iCalendar times and period ids read as String(format:) wrote them")
    func datesMatchPrintf() throws {
        var random = SplitMix64(seed: 16)
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        for _ in 0..<2_000 {
            // From 1900 to 2200, to the second.
            let seconds = Double(Int(random.next() % 9_467_280_000) - 2_208_988_800)
            let date = Date(timeIntervalSince1970: seconds)
            let s = Int(seconds)
            let days = Int((Double(s) / 86_400).rounded(.down))
            let rest = s - days * 86_400
            let d = VaultDate.civil(fromDays: days)
            #expect(
                VaultDate.isoString(date)
                    == String(
                        format: "%04d-%02d-%02dT%02d:%02d:%02dZ", d.year, d.month, d.day, rest / 3600,
                        rest % 3600 / 60, rest % 60))
            #expect(
                ICalendarText.utc(date)
                    == String(
                        format: "%04d%02d%02dT%02d%02d%02dZ", d.year, d.month, d.day, rest / 3600, rest % 3600 / 60,
                        rest % 60))
            #expect(ICalendarText.date(day: days) == String(format: "%04d%02d%02d", d.year, d.month, d.day))
            #expect(
                ICalendarText.local(day: days, minutes: rest / 60)
                    == String(format: "%04d%02d%02dT%02d%02d00", d.year, d.month, d.day, rest / 3600, rest % 3600 / 60))
            for zone in [berlin, newYork] {
                let local = VaultDate.day(of: date, in: zone)
                #expect(
                    VaultDate.dayString(date, in: zone)
                        == String(format: "%04d-%02d-%02d", local.year, local.month, local.day))
                let offset = zone.secondsFromGMT(for: date)
                let wall = s + offset
                let wallDays = Int((Double(wall) / 86_400).rounded(.down))
                let wallRest = wall - wallDays * 86_400
                let w = VaultDate.civil(fromDays: wallDays)
                let sign = offset < 0 ? "-" : "+"
                let suffix =
                    offset == 0
                    ? "Z" : sign + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) % 3600 / 60)
                #expect(
                    VaultDate.isoString(date, in: zone)
                        == String(
                            format: "%04d-%02d-%02dT%02d:%02d:%02d", w.year, w.month, w.day, wallRest / 3600,
                            wallRest % 3600 / 60, wallRest % 60) + suffix)
            }
        }
        for year in [5, 999, 2026] {
            #expect(ReviewPeriod(level: .weekly, year: year, number: 7).id == String(format: "%04d-W%02d", year, 7))
            #expect(ReviewPeriod(level: .monthly, year: year, number: 11).id == String(format: "%04d-%02d", year, 11))
            #expect(ReviewPeriod(level: .yearly, year: year, number: 0).id == String(format: "%04d", year))
        }
    }
}
