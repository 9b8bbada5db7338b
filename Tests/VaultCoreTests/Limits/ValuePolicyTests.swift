import Foundation
import Testing

@testable import VaultCore

/// The one date and number policy (issue 48, items 5, 6 and 10): values
/// from outside are checked at the edge, the arithmetic on them cannot
/// trap, intervals stop at 36,500 days, and what passes the ledger's check
/// always reads back.
@Suite("The date and number policy")
struct ValuePolicyTests {
    /// Values at and around every boundary a hostile input may aim at.
    static let boundaries: [Int64] = [
        .min, .min + 1, -1, 0, 1, 999, 86_400_000,
        ValuePolicy.milliseconds.upperBound - 1, ValuePolicy.milliseconds.upperBound, ValuePolicy.milliseconds.upperBound + 1,
        ValuePolicy.sequences.upperBound, ValuePolicy.sequences.upperBound + 1,
        Int64(Int32.max), Int64(UInt32.max), 1 << 53, (1 << 53) + 1, .max - 1, .max,
    ]

    @Test("property: a moment from any millisecond count is in range or nil, and its ledger line reads back the same")
    func momentsReadBack() throws {
        var random = SplitMix(seed: 48)
        var values = Self.boundaries
        for _ in 0..<3_000 {
            // Uniform bits, and values near the boundaries.
            values.append(Int64(bitPattern: random.next()))
            let base = Self.boundaries[random.next(Self.boundaries.count)]
            values.append(base &+ Int64(random.next(2_000)) &- 1_000)
        }
        for value in values {
            guard let moment = ValuePolicy.moment(milliseconds: value) else {
                #expect(!ValuePolicy.milliseconds.contains(value), "\(value)")
                continue
            }
            let offset = (Int(random.next(29)) - 14) * 3600
            let sequence = Int(clamping: ValuePolicy.sequences.contains(value) ? value : 1)
            let event = LedgerEvent(
                time: moment, utcOffset: offset, device: "anki", sequence: sequence, kind: "rate",
                fields: [("card", "x"), ("rating", "3")])
            #expect(ValuePolicy.ledgerProblem(event) == nil, "\(value)")
            let line = LedgerLine.format(event)
            let read = try LedgerLine.parse(line).get()
            #expect(ValuePolicy.wholeMilliseconds(of: read.time) == value, "\(value): \(line)")
            #expect(read.sequence == sequence && read.utcOffset == offset)
        }
    }

    @Test("property: an event the policy passes always gives a line the ledger reads; one it refuses is named")
    func ledgerProblemMatchesTheReader() {
        var random = SplitMix(seed: 4_848)
        let times: [Double] = [-1e20, -86_400, -0.001, 0, 1e9, 253_402_214_400, 253_402_214_400.001, 253_402_300_800, 1e15, .nan, .infinity]
        for _ in 0..<2_000 {
            let time = times[random.next(times.count)] + Double(random.next(3)) - 1
            let offset = [0, 60, 3600, 14 * 3600, 14 * 3600 + 60, -14 * 3600, 59, 86_400][random.next(8)]
            let sequence = [1, 0, -1, 999_999_999_999_999_999, 1_000_000_000_000_000_000, Int.max][random.next(6)]
            let event = LedgerEvent(
                time: Date(timeIntervalSince1970: time), utcOffset: offset, device: ["d", "", "a b"][random.next(3)],
                sequence: sequence, kind: ["rate", "", "r\tx"][random.next(3)], fields: [("card", "c")])
            if ValuePolicy.ledgerProblem(event) == nil {
                let line = LedgerLine.format(event)
                #expect((try? LedgerLine.parse(line).get()) != nil, "\(line)")
            }
        }
    }

    @Test("an interval from any double is whole days from 1 to 36,500, never a trap")
    func intervals() {
        for days in [-Double.infinity, -1e300, -1, 0, 0.4, 1.5, 2.5, 36_499.5, 36_500, 36_501, 9.3e18, 1e300, .infinity, .nan] {
            let interval = ValuePolicy.intervalDays(days)
            #expect((1...36_500).contains(interval), "\(days)")
        }
        #expect(ValuePolicy.intervalDays(2.5) == 2)
        #expect(ValuePolicy.intervalDays(2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(ValuePolicy.intervalDays(100, maximum: 30) == 30)
        #expect(ValuePolicy.intervalDays(.infinity) == 36_500)
    }

    @Test("SM-2: a hundred answers of 5 in a row stop at 36,500 days instead of overflowing (item 6)")
    func sm2IsCapped() {
        var card = SM2CardState(easeFactor: 2.5, repetitions: 0, interval: 0)
        var time = Date(timeIntervalSince1970: 1_700_000_000)
        for _ in 0..<100 {
            card = SM2.review(card, quality: 5, at: time)
            #expect(card.interval <= 36_500)
            time = card.due ?? time
        }
        #expect(card.interval == 36_500)
    }

    @Test("integers from text: at most 18 digits, in range, never a trap")
    func integersFromText() {
        #expect(ValuePolicy.integer("42", in: 0...100) == 42)
        #expect(ValuePolicy.integer("-9223372036854775808", in: .min ... .max) == nil)
        #expect(ValuePolicy.integer("999999999999999999", in: ValuePolicy.sequences) == 999_999_999_999_999_999)
        #expect(ValuePolicy.integer("1000000000000000000", in: .min ... .max) == nil)
        for bad in ["", "-", "1e3", " 1", "0x10", "１"] { #expect(ValuePolicy.integer(bad, in: .min ... .max) == nil, "\(bad)") }
    }

    @Test("a review_time past 9999 or before 1970 in a CSV review log is refused with its line (item 10)")
    func revlogCSVRange() {
        let header = "card_id,review_time,review_rating,review_state\n"
        for bad in ["253402300800000", "9223372036854775807", "-1"] {
            #expect(throws: (any Error).self) { try RevlogCSV.parse(header + "1,\(bad),3,1\n") }
        }
        #expect((try? RevlogCSV.parse(header + "1,1700000000000,3,1\n"))?.count == 1)
    }
}
