import Foundation
import Testing

@testable import VaultCore

@Suite("Packed periods")
struct PackedPeriodTests {
    /// Every week of a 53-week year, every month, and years, at the years a code can just hold and at ordinary ones.
    static let periods: [ReviewPeriod] = {
        var result: [ReviewPeriod] = []
        for year in [PackedPeriod.years.lowerBound, -1, 0, 2026, 9999, PackedPeriod.years.upperBound] {
            result += (1...53).map { ReviewPeriod(level: .weekly, year: year, number: $0) }
            result += (1...12).map { ReviewPeriod(level: .monthly, year: year, number: $0) }
            result.append(ReviewPeriod(level: .yearly, year: year, number: 0))
        }
        return result
    }()

    @Test("every level, week, month and edge year packs and unpacks to itself")
    func roundTrip() throws {
        for period in Self.periods {
            let packed = try #require(PackedPeriod(period), "\(period)")
            #expect(packed.period == period)
            #expect(packed.level == period.level)
            #expect(PackedPeriod(code: packed.code) == packed)
        }
        #expect(PackedPeriod(ReviewPeriod("2026-W53", level: .weekly)!)?.period.id == "2026-W53")
    }

    @Test("distinct periods get distinct codes, ordered as the periods are")
    func order() {
        let codes = Self.periods.map { PackedPeriod($0)! }
        #expect(Set(codes).count == Self.periods.count)
        let byCode = Self.periods.indices.sorted { codes[$0] < codes[$1] }
        let byPeriod = Self.periods.indices.sorted { Self.periods[$0] < Self.periods[$1] }
        #expect(byCode == byPeriod)
    }

    @Test("a year or number a code cannot hold, or level bits naming no level, give nil")
    func outOfRange() {
        #expect(PackedPeriod(ReviewPeriod(level: .yearly, year: PackedPeriod.years.upperBound + 1, number: 0)) == nil)
        #expect(PackedPeriod(ReviewPeriod(level: .weekly, year: PackedPeriod.years.lowerBound - 1, number: 1)) == nil)
        #expect(PackedPeriod(ReviewPeriod(level: .monthly, year: 2026, number: 64)) == nil)
        #expect(PackedPeriod(ReviewPeriod(level: .monthly, year: 2026, number: -1)) == nil)
        #expect(PackedPeriod(code: 3 << 30) == nil)
        #expect(PackedPeriod(code: 2 << 30)?.level == .yearly)
    }
}
