import Foundation
import Testing
import VaultCore

/// The `osr` scheduler against a table of (state, answer) → (interval, ease), each row worked
/// out by hand from the plugin's `osrSchedule` (src/scheduling/algorithms/osr/note-scheduling.ts,
/// v1.15.4): the arithmetic in the plugin's order, then its rounding.
@Suite("The osr scheduler: the plugin's SM-2-OSR")
struct OSRSchedulerTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var interval: Double
        var ease: Double
        var rating: FSRSRating
        var delay = 0
        var settings = OSRSettings()
        var expected: (interval: Double, ease: Double)
        var testDescription: String { "(\(interval), \(ease)) \(rating.name) → \(expected)" }
    }

    static let rows: [Row] = [
        // A new card starts at interval 1 and the base ease (250).
        Row(interval: 1, ease: 250, rating: .good, expected: (3, 250)),  // 2.5 → 3 (load balancing rounds half up)
        Row(interval: 1, ease: 250, rating: .easy, expected: (4, 270)),  // 1 × 2.7 × 1.3 = 3.51 → 4
        Row(interval: 1, ease: 250, rating: .hard, expected: (1, 230)),  // max(1, 0.5)
        Row(interval: 1, ease: 250, rating: .again, expected: (0, 230)),
        Row(interval: 3, ease: 250, rating: .good, expected: (8, 250)),  // 7.5 → 8
        Row(interval: 8, ease: 250, rating: .good, expected: (20, 250)),
        Row(interval: 20, ease: 250, rating: .easy, expected: (70, 270)),  // 20 × 2.7 × 1.3 = 70.2
        Row(interval: 70, ease: 270, rating: .hard, expected: (35, 250)),
        Row(interval: 51, ease: 255, rating: .good, expected: (130, 255)),  // 130.05
        Row(interval: 0, ease: 230, rating: .good, expected: (2, 230)),  // after Again: max(1, 0) × 2.3
        Row(interval: 10, ease: 130, rating: .hard, expected: (5, 130)),  // the ease never falls below 130
        Row(interval: 10, ease: 140, rating: .again, expected: (0, 130)),
        Row(interval: 30000, ease: 300, rating: .good, expected: (36525, 300)),  // the maximum interval
        // Without load balancing the interval keeps a tenth of a day.
        Row(interval: 1, ease: 250, rating: .good, settings: OSRSettings(loadBalance: false), expected: (2.5, 250)),
        Row(interval: 1, ease: 250, rating: .easy, settings: OSRSettings(loadBalance: false), expected: (3.5, 270)),
        Row(interval: 3, ease: 250, rating: .good, settings: OSRSettings(loadBalance: false), expected: (7.5, 250)),
        Row(interval: 7, ease: 263, rating: .good, settings: OSRSettings(loadBalance: false), expected: (18.4, 263)),  // 18.41
        // The plugin's other settings.
        Row(
            interval: 10, ease: 250, rating: .hard, settings: OSRSettings(lapsesIntervalChange: 0.3),
            expected: (3, 230)),
        Row(interval: 10, ease: 250, rating: .easy, settings: OSRSettings(easyBonus: 1.5), expected: (41, 270)),  // 40.5 → 41
        Row(interval: 100, ease: 250, rating: .good, settings: OSRSettings(maximumInterval: 180), expected: (180, 250)),
        // Days overdue count (a state from an FSRS group): Good adds half, Hard a quarter.
        Row(interval: 5, ease: 250, rating: .good, delay: 10, expected: (25, 250)),
        Row(interval: 5, ease: 250, rating: .easy, delay: 10, expected: (53, 270)),  // 15 × 2.7 × 1.3 = 52.65
        Row(interval: 5, ease: 250, rating: .hard, delay: 10, expected: (4, 230)),  // 7.5 × 0.5 = 3.75
    ]

    @Test("the plugin's table", arguments: rows)
    func table(row: Row) {
        let result = OSR(settings: row.settings).schedule(
            rating: row.rating, interval: row.interval, ease: row.ease, delayDays: row.delay)
        #expect(result.interval == row.expected.interval)
        #expect(result.ease == row.expected.ease)
    }

    let zone = TimeZone(identifier: "Europe/Berlin")!
    func day(_ y: Int, _ m: Int, _ d: Int) -> Int { VaultDate.daysFromCivil(y, m, d) }

    @Test("the card is due that many days after the answer's day, at the start of the day in the vault's zone")
    func dueDays() {
        let settings = OSRSettings(timeZoneIdentifier: "Europe/Berlin")
        // 2026-11-18 23:30 in Berlin is 22:30 UTC: still the 18th there.
        let answered = Date(timeIntervalSince1970: 1_795_041_000)
        #expect(VaultDate.dayString(answered, in: zone) == "2026-11-18")
        let state = OSRCardState(dueDay: day(2026, 11, 18), due: nil, interval: 3, ease: 250)
        let next = OSR(settings: settings).review(state, rating: .good, at: answered)
        #expect(next.dueDay == day(2026, 11, 26))
        #expect(next.due == VaultDate.startOfDay(day(2026, 11, 26), in: zone))
        #expect(next.interval == 8)
        let unbalanced = OSRSettings(loadBalance: false, timeZoneIdentifier: "Europe/Berlin")
        let new = OSR(settings: unbalanced).review(.new(ease: 250), rating: .good, at: answered)
        #expect(new.interval == 2.5)
        #expect(new.dueDay == day(2026, 11, 21))  // 2.5 days are added as moment.js adds them: 3
    }

    @Test("the buttons show the interval as the plugin does")
    func intervalText() {
        #expect(OSR.intervalText(0) == "1m")
        #expect(OSR.intervalText(3) == "3d")
        #expect(OSR.intervalText(2.5) == "2.5d")
        #expect(OSR.intervalText(40) == "1.3mo")
        #expect(OSR.intervalText(400) == "1.1y")
    }

    @Test("numbers are read and written as JavaScript does")
    func javaScriptNumbers() {
        #expect(OSR.jsRound(2.5) == 3)
        #expect(OSR.jsRound(-2.5) == -2)
        #expect(OSR.jsNumber(36525) == "36525")
        #expect(OSR.jsNumber(2.5) == "2.5")
        #expect(OSR.parseInt(" 12.9x") == 12)
        #expect(OSR.parseInt("x") == nil)
        #expect(OSR.ease(ofDifficulty: 5.2) == 258)  // 130 + 4.8 / 9 × 240 = 258.0
        #expect(OSR.difficulty(ofEase: 250) == 5.5)
    }
}
