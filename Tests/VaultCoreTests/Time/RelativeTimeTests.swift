import Foundation
import Testing
import VaultCore

@Suite("Relative times")
struct RelativeTimeTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// 2026-11-18 09:00 UTC, 10:00 in Berlin.
    let now = Date(timeIntervalSince1970: 1_794_992_400)

    func said(_ seconds: TimeInterval) -> String {
        RelativeTime.describe(now.addingTimeInterval(seconds), from: now, in: berlin)
    }

    @Test("minutes and hours the same day, then tomorrow, days, weeks, months; the past alike")
    func describe() {
        #expect(said(0) == "now")
        #expect(said(30) == "in 1 min")
        #expect(said(600) == "in 10 min")
        #expect(said(3 * 3_600) == "in 3 h")
        #expect(said(86_400) == "tomorrow")
        #expect(said(6 * 86_400) == "in 6 days")
        #expect(said(21 * 86_400) == "in 3 weeks")
        #expect(said(90 * 86_400) == "in 3 months")
        #expect(said(-86_400) == "yesterday")
        #expect(said(-600) == "10 min ago")
        #expect(said(500 * 86_400) == "on 2028-04-01")
    }

    @Test("tomorrow is the vault's next day: 14 hours ahead from 10:00 is 00:00 the next day in Berlin")
    func dayBoundary() {
        #expect(said(14 * 3_600) == "tomorrow")
        #expect(said(13 * 3_600) == "in 13 h")
    }

    @Test("short spans for rating keys")
    func short() {
        #expect(RelativeTime.short(60) == "1m")
        #expect(RelativeTime.short(600) == "10m")
        #expect(RelativeTime.short(5 * 3_600) == "5h")
        #expect(RelativeTime.short(3 * 86_400) == "3d")
        #expect(RelativeTime.short(60 * 86_400) == "2mo")
        #expect(RelativeTime.short(548 * 86_400) == "1.5y")
    }
}
