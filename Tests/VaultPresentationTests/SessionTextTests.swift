import Testing

@testable import VaultPresentation

/// Hours and durations as sessions and goals print them (written by hand,
/// not with `String(format:)`).
@Suite("session text")
struct SessionTextTests {
    @Test("hours: whole numbers bare, else one decimal; durations: minutes, then hours and two-digit minutes")
    func hoursAndDurations() {
        let hours: [(Double, String)] = [
            (30, "30"), (12.46, "12.5"), (12.44, "12.4"), (0.04, "0"), (0.05, "0.1"), (7.8, "7.8"), (0.3, "0.3"),
            (-0.5, "-0.5"), (-3, "-3"), (99.96, "100"),
        ]
        for (value, text) in hours { #expect(SessionText.hours(value) == text, "\(value)") }
        #expect(SessionText.hours(.infinity) == "inf")
        #expect(SessionText.hours(.nan) == "nan")
        let durations: [(Int, String)] = [(0, "0m"), (45, "45m"), (60, "1h 00m"), (65, "1h 05m"), (754, "12h 34m")]
        for (minutes, text) in durations { #expect(SessionText.duration(minutes) == text, "\(minutes)") }
    }
}
