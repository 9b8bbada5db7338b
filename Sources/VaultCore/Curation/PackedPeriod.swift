/// A ``ReviewPeriod`` in 32 bits, as ``CurationState`` stores it: the
/// level's rank in the top 2 bits, the year offset by 2^23 in the next 24,
/// the number (week, month, 0) in the low 6.
///
/// A `ReviewPeriod` takes 17 bytes (a level and two `Int`s); the state keeps
/// one per note and period, so the board, which compares each of a note's
/// periods with its own week, month and year, reads less memory this way.
/// Codes compare in the order periods do: level, then year, then number.
package struct PackedPeriod: Hashable, Comparable, Sendable {
    /// The packed bits.
    package let code: UInt32

    /// The years a code can hold: far wider than the 4 digits a ledger writes.
    package static let years = -(1 << 23)...(1 << 23 - 1)
    /// The numbers a code can hold (weeks go up to 53).
    package static let numbers = 0...63

    /// The code of `period`; nil when its year or number is outside ``years`` or ``numbers``.
    package init?(_ period: ReviewPeriod) {
        guard Self.years.contains(period.year), Self.numbers.contains(period.number) else { return nil }
        code =
            UInt32(period.level.rank) << 30 | UInt32(period.year + (1 << 23)) << 6 | UInt32(period.number)
    }

    /// The code read back from storage; nil when its level bits name no level.
    package init?(code: UInt32) {
        guard code >> 30 < 3 else { return nil }
        self.code = code
    }

    /// The period's level.
    package var level: ReviewLevel {
        // A switch, not `allCases[…]`, which builds an array per call.
        switch code >> 30 {
        case 0: .weekly
        case 1: .monthly
        default: .yearly
        }
    }

    /// The period, unpacked.
    package var period: ReviewPeriod {
        ReviewPeriod(level: level, year: Int(code >> 6 & 0xFF_FFFF) - (1 << 23), number: Int(code & 0x3F))
    }

    package static func < (a: PackedPeriod, b: PackedPeriod) -> Bool { a.code < b.code }
}
